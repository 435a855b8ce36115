import { describe, expect, it } from 'vitest';
import { canonicalizeForMatch, matchTarget } from './encode.ts';

describe('canonicalizeForMatch', () => {
  it.each([
    // unreserved escapes are decoded, whatever the hex case (RFC 9309 §2.2.2)
    ['/%7Ejoe/', '/~joe/'],
    ['/%7ejoe/', '/~joe/'],
    ['/foo/bar/%62%61%7A', '/foo/bar/baz'],
    // reserved escapes stay escaped, hex upper-cased; raw reserved stays raw
    ['/a%2fb', '/a%2Fb'],
    ['/a/b?x=1&y=2', '/a/b?x=1&y=2'],
    ['/a%3Db', '/a%3Db'],
    // non-ASCII is UTF-8 percent-encoded
    ['/foo/bar/ツ', '/foo/bar/%E3%83%84'],
    ['/foo/bar/%e3%83%84', '/foo/bar/%E3%83%84'],
    ['/😀', '/%F0%9F%98%80'],
    // characters not allowed raw in a URI: raw and escaped spellings are one octet
    ['/a|b', '/a%7Cb'],
    ['/a%7cb', '/a%7Cb'],
    ['/a b', '/a%20b'],
    ['/"q"<>^`{}\\', '/%22q%22%3C%3E%5E%60%7B%7D%5C'],
    ['/100%', '/100%25'],
    ['/100%zz', '/100%25zz'],
    // `*`, `$` and `'` are always escaped (RFC 9309 §2.2.3; WHATWG escapes ' in http(s) queries)
    ['/file-with-a-*.html', '/file-with-a-%2A.html'],
    ['/file-with-a-%2a.html', '/file-with-a-%2A.html'],
    ['/foo-$', '/foo-%24'],
    ["/q?x='1'", '/q?x=%271%27'],
    ['/q?x=%271%27', '/q?x=%271%27'],
  ])('%s -> %s', (input, expected) => {
    expect(canonicalizeForMatch(input)).toBe(expected);
  });

  it('encodes a lone surrogate as U+FFFD, like the URL parser', () => {
    expect(canonicalizeForMatch('/\ud800x')).toBe('/%EF%BF%BDx');
  });
});

describe('matchTarget', () => {
  it.each([
    ['http://h/', '/'],
    ['http://h', '/'],
    ['http://h/a/b?c=d#frag', '/a/b?c=d'],
    ['http://h/a?', '/a?'],
    ['http://h/a#x?y', '/a'],
    ['http://h/%7Ejoe/index.html', '/~joe/index.html'],
    ["http://h/q?x='1'", '/q?x=%271%27'],
    ['http://h/a|b', '/a%7Cb'],
    ['http://h/path/file-with-a-*.html', '/path/file-with-a-%2A.html'],
    ['http://user:p%3Fss@h/a?b', '/a?b'],
    ['http://h/foo/bar/ツ', '/foo/bar/%E3%83%84'],
  ])('%s -> %s', (url, expected) => {
    expect(matchTarget(new URL(url))).toBe(expected);
  });
});
