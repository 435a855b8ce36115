import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicAddressPolicy } from '../net/policy.ts';
import { capabilityFor } from './capability.ts';

const never = async (): Promise<string[]> => {
  throw new Error('the capability hint must not resolve names');
};
const policy = publicAddressPolicy({ resolve: never });
const hint = (raw: string) => capabilityFor(new URL(raw), policy);

describe('capability routes (static rules)', () => {
  it.each([
    ['https://www.amazon.de/dp/B08N5WRWNW', 'retail_product'],
    ['https://www.amazon.co.jp/Some-Title/dp/B0ABCDEF12/ref=sr_1_1?keywords=x', 'retail_product'],
    ['https://amazon.com/gp/product/B000000001', 'retail_product'],
    ['https://www.amazon.de/dp/b08n5wrwnw', 'generic'],
    ['https://www.amazon.de/s?k=kettle', 'generic'],
    ['https://shop.example/dp/B08N5WRWNW', 'generic'],
    ['https://x.com/someone/status/1234567890', 'microblog_post'],
    ['https://twitter.com/someone/status/1234567890', 'microblog_post'],
    ['https://bsky.app/profile/a.bsky.social/post/3kxyz', 'microblog_post'],
    ['https://mastodon.social/@alice/112233445566778899', 'microblog_post'],
    ['https://x.com/someone', 'generic'],
    ['https://www.reddit.com/r/typescript/comments/abc123/some_title/', 'forum_post'],
    ['https://news.ycombinator.com/item?id=1', 'forum_post'],
    ['https://news.ycombinator.com/item', 'generic'],
    ['https://discuss.example.org/t/how-to/4242', 'forum_post'],
    ['https://forum.example.net/viewtopic.php?t=12', 'forum_post'],
    ['https://stackoverflow.com/questions/123/title', 'forum_post'],
    ['https://developer.mozilla.org/en-US/docs/Web/HTTP', 'generic'],
  ])('%s → %s', (url, route) => {
    const h = hint(url);
    expect(h.route).toBe(route);
    expect(h.supported).toBe(true);
    expect(h.limitation.length).toBeGreaterThan(20);
  });

  it('marks every statically refused case of ssrf-cases.json unsupported, and allows the controls', () => {
    const cases = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../test/fixtures/conformance/ssrf-cases.json'), 'utf8'),
    ) as Array<{ url: string; mustRefuse: boolean; why: string }>;
    let checked = 0;
    for (const c of cases) {
      if (c.why.startsWith('[dns:') || c.why.startsWith('[invalid]')) continue; // needs DNS / refused as invalid input
      let url: URL;
      try {
        url = new URL(c.url);
      } catch {
        continue;
      }
      const h = capabilityFor(url, policy);
      expect(h.route === 'unsupported', c.url).toBe(c.mustRefuse);
      expect(h.supported).toBe(!c.mustRefuse);
      checked++;
    }
    expect(checked).toBeGreaterThan(90);
  });

  it('says why an address cannot be previewed', () => {
    expect(hint('http://0x7f000001/').limitation).toMatch(/loopback/);
    expect(hint('http://user:pw@example.com/').limitation).toMatch(/credentials/);
    expect(hint('ftp://example.com/').limitation).toMatch(/scheme/);
  });

  it('follows the exempt origins of the preview policy', () => {
    const local = publicAddressPolicy({ resolve: never, allowOrigins: ['http://127.0.0.1:8000'] });
    expect(capabilityFor(new URL('http://127.0.0.1:8000/page'), local).route).toBe('generic');
    expect(capabilityFor(new URL('http://127.0.0.1:8001/page'), local).route).toBe('unsupported');
  });
});
