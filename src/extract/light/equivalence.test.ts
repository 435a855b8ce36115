// The light DOM against linkedom, the backend it replaced: for every HTML page of the repository and a set of
// hand-made edge cases, both must build the same tree (after repair) and give the same extraction, label rows,
// structured data and adapter results. A difference is fixed in the light DOM, never here.
import { describe, expect, it } from 'vitest';
import { runAdapters } from '../../adapters/registry.ts';
import type { AdapterResult } from '../../adapters/types.ts';
import { type HtmlTreeBuilder, parseDocument, withTreeBuilderForTest } from '../dom.ts';
import { type ExtractedPage, extractPage, parsePage } from '../index.ts';
import { parseLight } from './build.ts';
import { LightDocument } from './document.ts';
import {
  type FixturePage, adapterFixtures, adapterTestPaths, firstDifference, fixturePages, serializeDocument,
} from './equivalence-helpers.ts';
import { linkedomTree } from './linkedom-reference.ts';

interface PageRecord {
  parsed: string[];
  /** The parsed document as HTML text (linkedom's toString; a leading doctype left out). */
  html: string;
  page: string[];
  reads: unknown;
  main: ExtractedPage;
  afterMain: string[];
  whole: ExtractedPage;
}

/** Everything the pipeline takes from one page, with `builder` building the trees. */
function record(p: FixturePage, builder: HtmlTreeBuilder): PageRecord {
  return withTreeBuilderForTest(builder, () => {
    const doc = parseDocument(p.html);
    const parsed = serializeDocument(doc);
    const html = String(doc).replace(/^(?:<!DOCTYPE[^>]*>)+/i, '');
    const page = parsePage(p.html, { url: p.url, contentLanguage: p.contentLanguage, labelRows: true });
    const { microdataTops, strays, ...scan } = page.scan;
    const reads = {
      scan,
      microdataTops: microdataTops.map((e) => [e.localName, e.getAttribute('itemtype')]),
      strays: strays.map((e) => e.localName),
      structured: page.structured,
      labelRows: page.labelRows(),
      base: page.base,
    };
    const tree = serializeDocument(page.document);
    const main = extractPage(page, { url: p.url, onlyMainContent: true });
    const afterMain = serializeDocument(page.document);
    const whole = extractPage(parsePage(p.html, { url: p.url, contentLanguage: p.contentLanguage }), { url: p.url, onlyMainContent: false });
    return { parsed, html, page: tree, reads, main, afterMain, whole };
  });
}

function expectSame(p: FixturePage): void {
  const light = record(p, parseLight);
  const reference = record(p, linkedomTree);
  expect(firstDifference(light.parsed, reference.parsed), 'tree after parseDocument').toBeNull();
  expect(light.html === reference.html, 'document as HTML text').toBe(true);
  expect(firstDifference(light.page, reference.page), 'tree after parsePage').toBeNull();
  expect(light.reads).toEqual(reference.reads);
  expect(light.main).toEqual(reference.main);
  expect(firstDifference(light.afterMain, reference.afterMain), 'tree after extraction').toBeNull();
  expect(light.whole).toEqual(reference.whole);
}

const EDGE_CASES: Record<string, string> = {
  entities: '<p>a &amp; b &lt;c&gt; &nbsp;&copy; &#x41;&#66; &unknown; &amp</p><p title="x &amp; y &quot;z&quot;">t</p>',
  attributes: '<div ID="up" class=" b  a b\u00a0c " data-x data-y="" 2="two" 1="one" constructor="k" __proto__="p" id="dup" id="dup2">x</div>',
  classless: '<p>no class</p><p class="">empty class</p><span class="  ">blank</span>',
  'self-closing': '<div><p/>after<br/>x</br><img src=a.png /><span/>tail</div><p>one<p>two<li>three</li>',
  'implied ends': '<ul><li>a<li>b<ul><li>c</ul><li>d</ul><table><tr><td>1<td>2<tr><td>3</table><dl><dt>k<dd>v</dl>',
  'stray structure': 'warning text<br><meta name="a" content="b"><html lang="en"><head><title>T</title></head>between<body><p>body</p></body>after<body><p>second body</p></body><html><p>x</p></html></html>',
  'no html tag': '<title>x</title><p>just a paragraph with enough words to be content, maybe.</p>',
  'head overflow': '<html><head><title>t</title><div>early content</div><p>more</p></head><body><p>b</p></body></html>',
  'cdata and pis': '<html><body><p>a<![CDATA[ raw <b> ]]>b</p><?php echo 1 ?><!doctype html><p>c<!x>d</p></body></html>',
  'raw text': '<html><head><title>A <b>bold</b> title &amp; more</title></head><body><textarea>a <b>x</b></textarea><pre>\n\n  code\n</pre><xmp><i>x</i></xmp></body></html>',
  'svg and template': '<html><body><p>a</p><SVG><path/></SVG><template><p>t</p></template><math><mi>x</mi></math><p>b</p></body></html>',
  'deep nesting': `<html><body>${'<div><span>'.repeat(300)}deep text${'</span></div>'.repeat(300)}</body></html>`,
  'unclosed at end': '<html><body><div><p>unclosed <b>bold <i>italic',
  tables: '<html><body><table><caption>Cap</caption><thead><tr><th>h1<th colspan=2>h2</thead><tbody><tr><td>1<td>2<td>3</tbody></table><table><tr><td><p>long prose paragraph inside a layout table cell, long enough to count as prose for the layout check which wants more than one hundred and fifty characters of text here.</p></td></tr></table></body></html>',
  'lists and code': '<html><body><article><h1>T</h1><ol start="3"><li>a</li><li><p>b</p><p>c</p></li></ol><pre><code class="language-js">let x = 1;\n</code></pre><p>Inline <code>x</code> and <a href="/rel">link</a> and <a href="javascript:x">bad</a>.</p><blockquote><p>q</p></blockquote></article></body></html>',
  whitespace: '<html><body><p>  a \n\t b  </p><p><b> x </b> <i>y</i>\n<span> </span>z</p><div>\u00a0</div></body></html>',
  empty: '',
  'text only': 'just text, no tags',
};

describe('light DOM equivalence with linkedom', () => {
  const pages = fixturePages();

  it('finds the repository pages, and compares two different trees', () => {
    expect(pages.length).toBeGreaterThan(100);
    const light = withTreeBuilderForTest(parseLight, () => parseDocument('<p>x</p>'));
    const reference = withTreeBuilderForTest(linkedomTree, () => parseDocument('<p>x</p>'));
    expect(light).toBeInstanceOf(LightDocument);
    expect(reference).not.toBeInstanceOf(LightDocument);
  });

  it.each(pages.map((p) => [p.name, p] as const))('%s', (_name, p) => expectSame(p));

  it.each(Object.entries(EDGE_CASES))('edge case: %s', (name, html) => {
    expectSame({ name, html, url: 'https://edge.example/a/b?c=d', contentLanguage: null });
  });
});

describe('adapters on both trees', () => {
  const HOST = 'http://127.0.0.1:8000';
  const paths = adapterTestPaths();

  it('reads the adapter tests\' request paths', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  /** runAdapters at every path, on one parse of the page (adapters only read the tree). */
  const resultsWith = (html: string, builder: HtmlTreeBuilder): Array<AdapterResult | null> =>
    withTreeBuilderForTest(builder, () => {
      const page = parsePage(html, { url: `${HOST}/` });
      return paths.map((p) => {
        const url = new URL(HOST + p);
        return runAdapters({ url, finalUrl: url, document: page.document, scripts: page.scripts, httpStatus: 200 });
      });
    });

  it.each(adapterFixtures().map((f) => [f.file, f.html] as const))('%s', (_file, html) => {
    const light = resultsWith(html, parseLight);
    expect(light.some((r) => r !== null)).toBe(true);
    expect(light).toEqual(resultsWith(html, linkedomTree));
  });
});
