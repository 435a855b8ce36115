import { describe, expect, it } from 'vitest';
import { OfferedLinks, OfferedLinksByCrawl } from './offered-links.ts';

describe('OfferedLinks', () => {
  it('passes on links not offered before, in page order and once, and skips remembered ones', () => {
    const offered = new OfferedLinks();
    const first = offered.fresh(['http://a.test/1', 'http://a.test/2', 'http://a.test/1']);
    expect(first).toEqual(['http://a.test/1', 'http://a.test/2']);
    // Nothing is remembered until the caller says admission committed.
    expect(offered.fresh(['http://a.test/2'])).toEqual(['http://a.test/2']);
    offered.remember(first);
    expect(offered.fresh(['http://a.test/3', 'http://a.test/2', 'http://a.test/1'])).toEqual(['http://a.test/3']);
  });

  it('stops remembering at its bound and keeps answering', () => {
    const offered = new OfferedLinks(2);
    offered.remember(['a', 'b', 'c']);
    expect(offered.fresh(['a', 'b', 'c', 'd'])).toEqual(['c', 'd']);
  });
});

describe('OfferedLinksByCrawl', () => {
  it('keeps one set per crawl and forgets the least recently used crawl past its bound', () => {
    const byCrawl = new OfferedLinksByCrawl(2);
    byCrawl.of('a').remember(['x']);
    byCrawl.of('b').remember(['x']);
    expect(byCrawl.of('a').fresh(['x', 'y'])).toEqual(['y']);
    // 'a' was used last, so a third crawl pushes out 'b'.
    byCrawl.of('c');
    expect(byCrawl.of('a').fresh(['x'])).toEqual([]);
    expect(byCrawl.of('b').fresh(['x'])).toEqual(['x']);
  });
});

describe('OfferedLinks without fragments', () => {
  it.each([
    [['http://a.test/1#top', 'http://a.test/1#comments', 'http://a.test/1'], ['http://a.test/1']],
    [['http://a.test/p?q=1#x', 'http://a.test/p?q=1'], ['http://a.test/p?q=1']],
    [['http://a.test/#', 'http://a.test/'], ['http://a.test/']],
  ])('offers %j as %j', (links, fresh) => {
    expect(new OfferedLinks().fresh(links)).toEqual(fresh);
  });

  it('knows a link offered with one fragment when it comes with another', () => {
    const offered = new OfferedLinks();
    offered.remember(offered.fresh(['http://a.test/1#a']));
    expect(offered.fresh(['http://a.test/1#b', 'http://a.test/2#b'])).toEqual(['http://a.test/2']);
  });
});
