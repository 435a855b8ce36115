import { describe, expect, it } from 'vitest';
import { admissibleLinks, inScope, normaliseUrl, parseIncludePaths, scopeFor } from './frontier.ts';

describe('normaliseUrl', () => {
  it.each([
    ['HTTP://Example.COM', 'http://example.com/'],
    ['http://example.com:80/a', 'http://example.com/a'],
    ['https://example.com:443/a?b=1#frag', 'https://example.com/a?b=1'],
    ['http://example.com/a/./b/../c', 'http://example.com/a/c'],
    ['http://example.com/a?z=1&a=2', 'http://example.com/a?z=1&a=2'],
    ['http://example.com/%7Euser', 'http://example.com/%7Euser'],
    ['mailto:a@example.com', null],
    ['ftp://example.com/', null],
    ['http://user:pw@example.com/', null],
    ['not a url', null],
  ])('%s → %s', (raw, want) => expect(normaliseUrl(raw)).toBe(want));

  it('resolves against a base', () => {
    expect(normaliseUrl('../x#y', 'http://h.test/a/b/c')).toBe('http://h.test/a/x');
  });
});

describe('parseIncludePaths', () => {
  it('accepts a missing list and valid patterns', () => {
    expect(parseIncludePaths(undefined)).toEqual([]);
    expect(parseIncludePaths(['^/docs/', 'blog/.*'])).toEqual(['^/docs/', 'blog/.*']);
  });

  it.each([
    ['not a list', '/docs'],
    ['a non-string', [1]],
    ['an empty pattern', ['']],
    ['an invalid regular expression', ['(unclosed']],
    ['a catastrophic pattern', ['^(a+)+$']],
    ['too many patterns', Array.from({ length: 51 }, (_, i) => `p${i}`)],
  ])('refuses %s with invalid_request', (_name, raw) => {
    expect(() => parseIncludePaths(raw)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });
});

describe('scope', () => {
  const open = scopeFor('http://site.test:8080/start', []);
  const docs = scopeFor('http://site.test:8080/start', ['^/docs/', 'changelog$']);

  it.each([
    [open, 'http://site.test:8080/anything', true],
    [open, 'https://site.test:8080/anything', false],
    [open, 'http://site.test:8081/anything', false],
    [open, 'http://other.test:8080/anything', false],
    [docs, 'http://site.test:8080/docs/a', true],
    [docs, 'http://site.test:8080/x/docs/a', false],
    [docs, 'http://site.test:8080/x/changelog', true],
    [docs, 'http://site.test:8080/blog/1', false],
    [docs, 'http://site.test:8080/blog/1?path=/docs/', false],
  ])('%#: %s → %s', (scope, url, want) => expect(inScope(url, scope)).toBe(want));

  it('admits links normalised, de-duplicated and in page order', () => {
    const links = [
      'http://site.test:8080/docs/b#top',
      'http://site.test:8080/docs/a',
      'http://SITE.test:8080/docs/b',
      'http://site.test:8080/blog/1',
      'mailto:x@site.test',
      'http://elsewhere.test/docs/c',
      'http://site.test:8080/blog/../docs/./a?',
      'http://user@site.test:8080/docs/d',
      'http://site.test/docs/e',
      'http://site.test:8080/docs/a#x',
    ];
    expect(admissibleLinks(links, docs)).toEqual(['http://site.test:8080/docs/b', 'http://site.test:8080/docs/a', 'http://site.test:8080/docs/a?']);
  });
});
