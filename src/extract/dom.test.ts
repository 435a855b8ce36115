import { describe, expect, it } from 'vitest';
import { type RawScript, absoluteUrl, bodyOf, documentBase, parseDocument, stripRawBlocks } from './dom.ts';

describe('stripRawBlocks', () => {
  it.each([
    ['script', '<p>a</p><script>var x = "<p>b</p>";</script><p>c</p>', '<p>a</p><p>c</p>'],
    ['style', '<style>p{color:red}</style><p>a</p>', '<p>a</p>'],
    ['comment', '<p>a</p><!-- <p>b</p> --><p>c</p>', '<p>a</p><p>c</p>'],
    ['script inside a comment', '<!-- <script> --><p>a</p>', '<p>a</p>'],
    ['comment marker inside a script', '<script>s="<!--"</script><p>a</p>', '<p>a</p>'],
    ['unclosed script runs to the end', '<p>a</p><script>var x', '<p>a</p>'],
    ['svg and noscript', '<svg><title>t</title></svg><noscript><p>n</p></noscript><p>a</p>', '<p>a</p>'],
    ['custom element with a similar name', '<style-guide>x</style-guide>', '<style-guide>x</style-guide>'],
    ['JSON-LD is cut too (read from the handed-over scripts)', '<script type="application/ld+json">{"@type":"Article"}</script>', ''],
  ])('%s', (_name, input, want) => {
    expect(stripRawBlocks(input)).toBe(want);
  });

  it('hands every script over in page order, with type and id, not those inside comments', () => {
    const scripts: RawScript[] = [];
    stripRawBlocks(`<script type='Application/LD+JSON'>{"a":1}</script><!-- <script>no</script> -->
      <script id=cfg type="application/json">{"b":2}</script><script>window.__X__={}</script>`, scripts);
    expect(scripts).toEqual([
      { type: 'application/ld+json', id: null, text: '{"a":1}' },
      { type: 'application/json', id: 'cfg', text: '{"b":2}' },
      { type: '', id: null, text: 'window.__X__={}' },
    ]);
  });
});

describe('absoluteUrl / documentBase', () => {
  it.each([
    ['/a/b?c#d', 'https://x.example/p/q', 'https://x.example/a/b?c#d'],
    ['../img.png', 'https://x.example/p/q/', 'https://x.example/p/img.png'],
    ['  https://y.example  ', 'https://x.example/', 'https://y.example/'],
    ['', 'https://x.example/', null],
    ['http://[bad', 'https://x.example/', null],
    ['http:rel', 'http://x.example/p/q', 'http://x.example/p/rel'],
    ['//y.example/a', 'http://x.example/p', 'http://y.example/a'],
    ['/\\y.example/a', 'https://x.example/p', 'https://y.example/a'],
    ['?q=1', 'https://x.example/p/q', 'https://x.example/p/q?q=1'],
    ['/a/./b/../c d', 'https://u:p@x.example:8443/p', 'https://u:p@x.example:8443/a/c%20d'],
  ])('%s against %s', (href, base, want) => {
    // Twice: the second answer may come from the remembered resolutions and must be the same.
    expect(absoluteUrl(href, base)).toBe(want);
    expect(absoluteUrl(href, base)).toBe(want);
  });

  it('remembers a root-relative resolution per origin, never across origins or for path-relative hrefs', () => {
    const cases: Array<[string, string]> = [
      ['/menu/a', 'https://one.example/x/y'],
      ['/menu/a', 'https://two.example/x/y'],
      ['/menu/a', 'http://one.example/x/y'],
      ['/menu/a', 'https://one.example:8443/'],
      ['menu/a', 'https://one.example/x/y'],
      ['menu/a', 'https://one.example/z/'],
      ['HTTPS://One.Example/A', 'https://two.example/'],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [href, base] of cases) expect(absoluteUrl(href, base), `${href} against ${base}`).toBe(new URL(href, base).href);
    }
  });

  it('resolves <base href> against the page URL and falls back to the page URL', () => {
    expect(documentBase('/v2/', 'https://d.example/a/b')).toBe('https://d.example/v2/');
    expect(documentBase(null, 'https://d.example/a/b')).toBe('https://d.example/a/b');
    expect(documentBase('   ', 'https://d.example/a')).toBe('https://d.example/a');
  });
});

describe('parseDocument', () => {
  it('gives a document with head and body, scripts already cut', () => {
    const doc = parseDocument('<html><head><title>T</title><script>x()</script></head><body><p>Hi</p></body></html>');
    expect(doc.querySelector('title')?.textContent).toBe('T');
    expect(doc.querySelectorAll('script').length).toBe(0);
    expect(bodyOf(doc)?.textContent).toBe('Hi');
  });
});

describe('bodyOf', () => {
  it.each([
    ['full document', '<html><head><title>t</title></head><body><p>x</p></body></html>', 'body', 'x'],
    ['no <html> tag', '<!DOCTYPE html><head><title>t</title></head><body><p>x</p></body>', 'body', 'x'],
    ['bare fragment', '<p>x</p><p>y</p>', 'body', 'xy'],
    ['<html> without <body>', '<html><p>x</p></html>', 'body', 'x'],
  ])('%s', (_n, html, tag, text) => {
    const b = bodyOf(parseDocument(html));
    expect(b?.localName).toBe(tag);
    expect(b?.textContent).toContain(text);
  });

  it('survives an empty document', () => {
    expect(() => bodyOf(parseDocument(''))).not.toThrow();
  });
});
