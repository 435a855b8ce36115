import { describe, expect, it } from 'vitest';
import { absoluteUrl, plainResolution } from './resolve.ts';

const BASE = 'https://u:p@site.example:8443/dir/page.html?q=1#f';

describe('plainResolution: the shortcut answers only what the parser would keep as written', () => {
  it.each([
    ['https://www.example.org/reports/a-b_c~d?x=1&y=2#top', BASE],
    ['http://127.0.0.1:39111/tech/first-393', BASE],
    ['http://10.0.0.255/a', BASE],
    ['https://a-b.example/x/:@!$&()*+,;=%41', BASE],
    ['https://twitter.com/intent/tweet?url=http%3A%2F%2F127.0.0.1%2F&text=T', BASE],
    ['/tech/farmers-512', BASE],
    ['/a//b/?c=/d?e#g?h', 'http://x.example/p'],
  ])('%s', (href, base) => {
    const want = new URL(href, base).href;
    expect(plainResolution(href, base)).toBe(want);
    expect(absoluteUrl(href, base)).toBe(want);
  });

  it.each([
    ['HTTPS://www.example.org/a'], // scheme case
    ['https://WWW.example.org/a'], // host case
    ['https://www.example.org'], // no path: the parser adds `/`
    ['https://www.example.org:443/a'], // default port
    ['http://www.example.org:80/a'],
    ['http://www.example.org:080/a'], // leading zero
    ['http://www.example.org:70000/a'], // out of range
    ['http://1.2.3/a'], // IPv4 shorthand
    ['http://0x7f.0.0.1/a'], // hex IPv4
    ['http://01.2.3.4/a'], // octal IPv4
    ['http://example.1a/a'], // last label not a name
    ['http://xn--nxasmq6b.example/a'], // punycode goes through IDNA
    ['https://x.example/a/./b'], // dot segments
    ['https://x.example/a/../b'],
    ['https://x.example/a/%2e%2E/b'],
    ['https://x.example/a/.'],
    ['https://x.example/a b'], // encoded by the parser
    ["https://x.example/a?b='c'"], // `'` in a query
    ['https://x.example/a|b'],
    ['https://x.example/a\\b'],
    ['https://x.example/ä'],
    ['//x.example/a'], // scheme-relative
    ['/\\x.example/a'],
    ['a/b'], // path-relative
    ['?q'],
    ['#f'],
  ])('%s goes to the parser', (href) => {
    expect(plainResolution(href, BASE)).toBeNull();
    let want: string | null;
    try {
      want = new URL(href, BASE).href;
    } catch {
      want = null;
    }
    expect(absoluteUrl(href, BASE)).toBe(want);
  });

  it('leaves root-relative hrefs to the parser when the base is not http(s)', () => {
    expect(plainResolution('/a', 'ftp://x.example/p')).toBeNull();
  });

  // Differential: hrefs built from fragments that matter to the parser; whenever the shortcut answers, the parser
  // must give the same string.
  it('agrees with the URL parser on generated hrefs', () => {
    const starts = ['http://', 'https://', 'HTTP://', '/', '//', ''];
    const hosts = ['a.example', 'a', 'A.example', '1.2.3.4', '1.2.3', '256.1.1.1', 'a-.example', 'a..b', 'xn--a.b', 'a.b.', 'a_b.c'];
    const ports = ['', ':8080', ':80', ':443', ':0', ':65536', ':', ':00'];
    // Mostly characters the shortcut accepts, so that it answers often; the rest are the ones it must refuse.
    const safe = ['/', '/', 'a', 'b-c', '.', '..', '%2e', '%zz', '?', '#', '&', ':', '@', '~', '=', '+', '(', ')', '*'];
    const tricky = ["'", '|', '^', '[', ']', '\\', ' ', 'é', '`', '{', '\t', '%2E'];
    const part = (): string => (rand(6) === 0 ? tricky[rand(tricky.length)] : safe[rand(safe.length)]);
    // mulberry32: a small seeded generator, so a failure reproduces.
    let seed = 17;
    const rand = (n: number): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    let answered = 0;
    for (let i = 0; i < 20_000; i++) {
      const start = starts[rand(starts.length)];
      let href = start;
      if (start.endsWith('//')) href += hosts[rand(hosts.length)] + ports[rand(ports.length)] + (rand(8) === 0 ? '' : '/');
      const n = rand(8);
      for (let k = 0; k < n; k++) href += part();
      for (const base of ['https://s.example:8443/d/p?x', 'http://127.0.0.1:4000/']) {
        const plain = plainResolution(href, base);
        if (plain === null) continue;
        answered++;
        expect(plain, `${href} against ${base}`).toBe(new URL(href, base).href);
      }
    }
    expect(answered).toBeGreaterThan(2_000);
  });
});
