// Tree repair (issue 17 point 3): pages whose markup linkedom places differently from a browser must extract as
// their well-formed twin does (golden pages in test/fixtures/extract-repair, see its README).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from './dom.ts';
import { extractPage } from './index.ts';
import { parsePage } from './page.ts';

const DIR = path.resolve(import.meta.dirname, '..', '..', 'test', 'fixtures', 'extract-repair');
const URL = 'https://island.example/ferry/spring';
const read = (name: string): string => fs.readFileSync(path.join(DIR, name), 'utf8');

describe('broken pages extract like their well-formed twin', () => {
  const twin = extractPage(read('well-formed.html'), { url: URL });

  it('the twin matches its golden Markdown', () => {
    expect(`${twin.markdown}\n`).toBe(read('well-formed.md'));
  });

  it.each(['no-body', 'second-head', 'php-warning', 'meta-before-html', 'head-in-body', 'bgsound', 'upper-case', 'vue-slot-template', 'shadow-root-template'])('%s', (name) => {
    const got = extractPage(read(`${name}.html`), { url: URL });
    expect(got.markdown).toBe(twin.markdown);
    expect(got.metadata.title).toBe(twin.metadata.title);
    expect(got.links).toEqual(twin.links);
    expect(got.document).toEqual(twin.document);
  });

  it('base-before-html: the article, and links resolved against the stray <base>', () => {
    const got = extractPage(read('base-before-html.html'), { url: URL });
    expect(got.markdown.startsWith(twin.markdown)).toBe(true);
    expect(got.markdown).toContain('[timetable history page](https://archive.island.example/2024/ferry-history.html)');
    expect(got.metadata.title).toBe(twin.metadata.title);
  });
});

describe('repairTree', () => {
  const shape = (html: string): string => {
    const page = parsePage(html, { url: URL });
    return (page.document as unknown as { toString(): string }).toString().replace(/<!DOCTYPE html>/i, '');
  };

  it.each([
    ['article left in an unclosed head', '<html><head><title>T</title><meta name="a" content="b"><p>x</p><p>y</p></html>',
      '<html><head><title>T</title><meta name="a" content="b"></head><body><p>x</p><p>y</p></body></html>'],
    ['text in head ends it', '<html><head><title>T</title>Loose words<p>x</p></html>',
      '<html><head><title>T</title></head><body>Loose words<p>x</p></body></html>'],
    ['no head, no body', '<html><title>T</title><p>x</p></html>', '<html><head><title>T</title></head><body><p>x</p></body></html>'],
    ['stray element and text before <html>', '<b>Warning</b>: oops<br><html><head><title>T</title></head><body><p>x</p></body></html>',
      '<html><head><title>T</title></head><body><b>Warning</b>: oops<br><p>x</p></body></html>'],
    ['metadata before <html> goes to head', '<meta charset="utf-8"><html><head><title>T</title></head><body><p>x</p></body></html>',
      '<html><head><title>T</title><meta charset="utf-8"></head><body><p>x</p></body></html>'],
    ['content between head and body, and after body', '<html><head><title>T</title></head><p>a</p><body><p>b</p></body><p>c</p></html>',
      '<html><head><title>T</title></head><body><p>a</p><p>b</p><p>c</p></body></html>'],
    ['a second head', '<html><head><title>T</title></head><head><meta name="d" content="e"><p>x</p></head><body><p>y</p></body></html>',
      '<html><head><title>T</title><meta name="d" content="e"></head><body><p>x</p><p>y</p></body></html>'],
    ['nested html/head/body tags are ignored', '<html><head><title>T</title></head><body><div><html><head><title>I</title></head><body><p>x</p></body></html></div></body></html>',
      '<html><head><title>T</title></head><body><div><title>I</title><p>x</p></div></body></html>'],
    ['a <bgsound> holds nothing (void in HTML, not to the tokenizer)', '<html><head><title>T</title><bgsound src="a.mid"><p>x</p></html>',
      '<html><head><title>T</title><bgsound src="a.mid"></bgsound></head><body><p>x</p></body></html>'],
    ['a <bgsound> before <head>', '<html><bgsound src="a.mid"><title>T</title><p>x</p></html>',
      '<html><head><bgsound src="a.mid"></bgsound><title>T</title></head><body><p>x</p></body></html>'],
    ['a well-formed page is left alone', '<html lang="en"><head><title>T</title></head><body><p>x</p></body></html>',
      '<html lang="en"><head><title>T</title></head><body><p>x</p></body></html>'],
  ])('%s', (_n, html, want) => {
    expect(shape(html)).toBe(want);
  });

  it('never leaves visible text out of <body>', () => {
    const prose = '<p>Visible words of a page that a browser would show to every reader, long enough to count as prose.</p>'.repeat(3);
    for (const html of [`<html><head><title>T</title>${prose}`, `x<html>${prose}</html>`, `<head><title>T</title><div>${prose}</div>`, `<link rel="icon" href="/i.png"><html><head></head><head>${prose}</head></html>`]) {
      expect(extractPage(html, { url: URL }).markdown, html).toContain('Visible words of a page');
    }
    expect(parseDocument('').documentElement?.localName).toBe('html');
  });
});
