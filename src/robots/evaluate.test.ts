import { describe, expect, it } from 'vitest';
import { evaluateRobots } from './evaluate.ts';
import { PREVIEW_TOKENS, SVC_CAPTURE_TOKENS } from './index.ts';
import { parseRobots } from './parse.ts';

function check(body: string, tokens: readonly string[], url: string): { allowed: boolean; crawlDelayMs: number | null } {
  return evaluateRobots(parseRobots(body), tokens, new URL(url));
}

describe('evaluateRobots: group selection by product tokens', () => {
  const body = [
    'User-agent: *',
    'Disallow: /star/',
    'Crawl-delay: 1',
    '',
    'User-agent: svc-capture',
    'Disallow: /ours/',
    'Crawl-delay: 4',
    '',
    'User-agent: service',
    'Disallow: /service/',
    '',
    'User-agent: other-bot',
    'Disallow: /',
  ].join('\n');

  it.each<[string, readonly string[], string, boolean, number | null]>([
    ['our group replaces * (rules not repeated there do not apply)', SVC_CAPTURE_TOKENS, 'http://h/star/x', true, 4000],
    ['our group rule', SVC_CAPTURE_TOKENS, 'http://h/ours/x', false, 4000],
    ['tokens compare case-insensitively', ['SVC-Capture'], 'http://h/ours/x', false, 4000],
    ['preview falls to its second token `service`', PREVIEW_TOKENS, 'http://h/service/x', false, null],
    ['preview does not use *', PREVIEW_TOKENS, 'http://h/star/x', true, null],
    ['preview does not use the svc-capture group', PREVIEW_TOKENS, 'http://h/ours/x', true, null],
    ['an unnamed crawler follows *', ['unknown-bot'], 'http://h/star/x', false, 1000],
    ['empty tokens are skipped', ['', '  '], 'http://h/star/x', false, 1000],
    ['a caller token is not shortened: `other-bot/2` names no group', ['other-bot/2'], 'http://h/x', true, 1000],
  ])('%s', (_name, tokens, url, allowed, crawlDelayMs) => {
    expect(check(body, tokens, url)).toEqual({ allowed, crawlDelayMs });
  });

  it('the first token that is named wins; groups of later tokens are not merged in', () => {
    const b = 'User-agent: service-preview\nDisallow: /a\n\nUser-agent: service\nDisallow: /b\n';
    expect(check(b, PREVIEW_TOKENS, 'http://h/a').allowed).toBe(false);
    expect(check(b, PREVIEW_TOKENS, 'http://h/b').allowed).toBe(true);
  });

  it('all groups naming the token are merged, crawl-delay is the largest of them', () => {
    const b = 'User-agent: svc-capture\nDisallow: /a\nCrawl-delay: 2\n\nUser-agent: x\nDisallow: /\n\nUser-agent: svc-capture\nDisallow: /b\nCrawl-delay: 0.25\n';
    expect(check(b, SVC_CAPTURE_TOKENS, 'http://h/a')).toEqual({ allowed: false, crawlDelayMs: 2000 });
    expect(check(b, SVC_CAPTURE_TOKENS, 'http://h/b')).toEqual({ allowed: false, crawlDelayMs: 2000 });
    expect(check(b, SVC_CAPTURE_TOKENS, 'http://h/c')).toEqual({ allowed: true, crawlDelayMs: 2000 });
  });

  it('a group written with a version (`svc-capture/1.0`) applies to us', () => {
    expect(check('User-agent: svc-capture/1.0\nDisallow: /\n', SVC_CAPTURE_TOKENS, 'http://h/x').allowed).toBe(false);
  });
});

describe('evaluateRobots: matching', () => {
  it.each<[string, string, string, boolean]>([
    // the robots-parser 3.0.1 fail-open cases
    ['%7E in the URL vs ~ in the rule', 'Disallow: /~joe/', 'http://h/%7Ejoe/index.html', false],
    ['~ in the URL vs %7E in the rule', 'Disallow: /%7Ejoe/', 'http://h/~joe/index.html', false],
    ['| raw in both', 'Disallow: /a|b', 'http://h/a|b', false],
    ['| escaped in the rule only', 'Disallow: /a%7Cb', 'http://h/a|b', false],
    ["' in a query (WHATWG escapes it)", "Disallow: /q?x='1'", "http://h/q?x='1'", false],
    ['%2A in the rule is a literal *', 'Disallow: /a-%2A.html', 'http://h/a-*.html', false],
    ['%2A in the rule is not a wildcard', 'Disallow: /a-%2A.html', 'http://h/a-b.html', true],
    ['%24 in the rule is a literal $, not an anchor', 'Disallow: /foo-%24', 'http://h/foo-$/more', false],
    ['a Sitemap line does not end the user-agent run', 'Sitemap: http://h/s\nUser-agent: x\nDisallow: /', 'http://h/p', false],
    // longest match, ties, wildcards, anchors, query
    ['longest match wins (allow longer)', 'Disallow: /a\nAllow: /a/b', 'http://h/a/b/c', true],
    ['longest match wins (disallow longer)', 'Allow: /a\nDisallow: /a/b', 'http://h/a/b/c', false],
    ['allow wins a tie, whatever the order', 'Allow: /a\nDisallow: /a', 'http://h/a', true],
    ['allow wins a tie between different patterns', 'Allow: /a*\nDisallow: /ab', 'http://h/abc', true],
    ['no matching rule allows', 'Disallow: /x', 'http://h/y', true],
    ['the query is part of the match', 'Disallow: /*?session=', 'http://h/p?session=1', false],
    ['the fragment is not', 'Disallow: /p$', 'http://h/p#top', false],
    ['an empty query keeps its ?', 'Disallow: /p?', 'http://h/p?', false],
    ['$ anchors at the end of path+query', 'Disallow: /p$', 'http://h/p?x', true],
    ['non-ASCII rule vs WHATWG-encoded URL', 'Disallow: /ツ', 'http://h/ツ', false],
    ['/robots.txt is implicitly allowed', 'Disallow: /', 'http://h/robots.txt', true],
  ])('%s', (_name, rules, url, allowed) => {
    expect(check(`User-agent: *\n${rules}\n`, SVC_CAPTURE_TOKENS, url).allowed).toBe(allowed);
  });

  it('without groups for us or * everything is allowed and there is no crawl-delay', () => {
    expect(check('User-agent: other\nDisallow: /\nCrawl-delay: 9\n', SVC_CAPTURE_TOKENS, 'http://h/')).toEqual({
      allowed: true,
      crawlDelayMs: null,
    });
  });
});
