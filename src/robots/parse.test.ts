import { describe, expect, it } from 'vitest';
import { parseRobots, type RobotsRules } from './parse.ts';

/** Groups reduced to agents, rule sources and crawl delay, for readable expectations. */
function shape(r: RobotsRules): Array<{ agents: string[]; rules: string[]; crawlDelayMs: number | null }> {
  return r.groups.map((g) => ({
    agents: g.agents,
    rules: g.rules.map((x) => `${x.allow ? 'allow' : 'disallow'} ${x.source}`),
    crawlDelayMs: g.crawlDelayMs,
  }));
}

describe('parseRobots', () => {
  it.each<[string, string, ReturnType<typeof shape>]>([
    ['empty file', '', []],
    ['rules before any user-agent are ignored', 'Disallow: /\nAllow: /x\n', []],
    [
      'consecutive user-agent lines form one group',
      'User-agent: a\nUser-agent: B\nDisallow: /x\n',
      [{ agents: ['a', 'b'], rules: ['disallow /x'], crawlDelayMs: null }],
    ],
    [
      'a rule ends the run; the next user-agent opens a new group',
      'User-agent: a\nDisallow: /x\nUser-agent: b\nAllow: /y\n',
      [
        { agents: ['a'], rules: ['disallow /x'], crawlDelayMs: null },
        { agents: ['b'], rules: ['allow /y'], crawlDelayMs: null },
      ],
    ],
    [
      'an empty disallow adds no rule but still ends the run',
      'User-agent: a\nDisallow:\nUser-agent: b\nDisallow: /\n',
      [
        { agents: ['a'], rules: [], crawlDelayMs: null },
        { agents: ['b'], rules: ['disallow /'], crawlDelayMs: null },
      ],
    ],
    [
      'sitemap, crawl-delay and unknown lines do not end the run (RFC 9309 §2.2.4)',
      'User-agent: a\nSitemap: http://h/s.xml\nCrawl-delay: 3\nX-Unknown: 1\nUser-agent: b\nDisallow: /\n',
      [{ agents: ['a', 'b'], rules: ['disallow /'], crawlDelayMs: 3000 }],
    ],
    [
      'blank lines do not end a group',
      'User-agent: a\n\n\nDisallow: /x\n\nAllow: /x/y\n',
      [{ agents: ['a'], rules: ['disallow /x', 'allow /x/y'], crawlDelayMs: null }],
    ],
    [
      'comments are stripped, also inside a value',
      '# hello\nUser-agent: a # me\nDisallow: /foo#bar\n',
      [{ agents: ['a'], rules: ['disallow /foo'], crawlDelayMs: null }],
    ],
    [
      'directive names are case-insensitive; values keep their case',
      'USER-AGENT: A\nDISALLOW: /X\nallow: /X/y\n',
      [{ agents: ['a'], rules: ['disallow /X', 'allow /X/y'], crawlDelayMs: null }],
    ],
    [
      'product token is read up to the first character outside [A-Za-z_-]',
      'User-agent: svc-capture/1.0\nUser-agent: Foo Bar\nUser-agent: under_score\nDisallow: /\n',
      [{ agents: ['svc-capture', 'foo', 'under_score'], rules: ['disallow /'], crawlDelayMs: null }],
    ],
    [
      'catch-all spellings; a value naming no token adds no agent',
      'User-agent: *\nUser-agent: * # all\nUser-agent: *bot\nUser-agent: /x\nDisallow: /\n',
      [{ agents: ['*'], rules: ['disallow /'], crawlDelayMs: null }],
    ],
    [
      'a missing colon is accepted for two-word lines only',
      'user-agent FooBot\ndisallow /\ndisallow /a /b\n',
      [{ agents: ['foobot'], rules: ['disallow /'], crawlDelayMs: null }],
    ],
    [
      'common misspellings of the directive names',
      'useragent: a\nuser agent: b\ndissallow: /1\ndisalow: /2\ndissalow: /3\ndiasllow: /4\ndisallaw: /5\n',
      [{ agents: ['a', 'b'], rules: ['disallow /1', 'disallow /2', 'disallow /3', 'disallow /4', 'disallow /5'], crawlDelayMs: null }],
    ],
    [
      'crawl-delay: decimals allowed, invalid values ignored, largest kept',
      'User-agent: a\nCrawl-delay: 0.5\nCrawl-delay: abc\nCrawl-delay: -4\nCrawl-delay: 2\nCrawl-delay: 1\n',
      [{ agents: ['a'], rules: [], crawlDelayMs: 2000 }],
    ],
    [
      'a leading BOM is skipped',
      '\ufeffUser-agent: a\nDisallow: /x\n',
      [{ agents: ['a'], rules: ['disallow /x'], crawlDelayMs: null }],
    ],
    [
      'CR, LF and CRLF line ends, no final newline',
      'User-agent: a\rDisallow: /1\r\nUser-agent: b\nDisallow: /2',
      [
        { agents: ['a'], rules: ['disallow /1'], crawlDelayMs: null },
        { agents: ['b'], rules: ['disallow /2'], crawlDelayMs: null },
      ],
    ],
  ])('%s', (_name, body, expected) => {
    expect(shape(parseRobots(body))).toEqual(expected);
  });

  it('collects sitemaps wherever they appear, keeping the URL after the first colon', () => {
    const r = parseRobots('Sitemap: https://h/a.xml\nUser-agent: *\nSite-map: https://h/b.xml\nSitemap:\n');
    expect(r.sitemaps).toEqual(['https://h/a.xml', 'https://h/b.xml']);
  });

  it('parses a 500 KiB file with 20,000 rules quickly', () => {
    const lines = ['User-agent: *'];
    for (let i = 0; i < 20_000; i++) lines.push(`Disallow: /section-${i}/*.html$`);
    const started = performance.now();
    const r = parseRobots(lines.join('\n'));
    expect(r.groups[0].rules).toHaveLength(20_000);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
