import { describe, expect, it } from 'vitest';
import { nameSet } from '../match-names.ts';
import { listProvider } from './candidate.ts';
import { parsePage } from '../../extract/page.ts';
import { parseJsonLdBlock } from '../../extract/structured.ts';
import { labelRowCandidates, titleCandidates } from './dom.ts';
import { hydrationBlocks, hydrationCandidates, renderPath } from './hydration.ts';
import { jsonLdNodes } from './jsonld.ts';
import { metaCandidates } from './meta.ts';
import { microdataItems } from './microdata.ts';
import { pdfCandidates } from './pdf.ts';
import { textProvider } from './text.ts';

const parsed = (html: string) => parsePage(html, { url: 'https://x.example/', labelRows: true });

const first = (cands: ReturnType<typeof metaCandidates>, name: string): unknown => listProvider('meta', cands).find(nameSet([name]), false)[0]?.value;

describe('jsonld', () => {
  it('parses lenient blocks', () => {
    expect(parseJsonLdBlock('<!--{"@type":"Thing"}-->')).toEqual({ '@type': 'Thing' });
    expect(parseJsonLdBlock('{"@type":"Thing","description":"a\nb"}')).toEqual({ '@type': 'Thing', description: 'a b' });
    expect(parseJsonLdBlock('{broken')).toBeUndefined();
  });
  it('orders the subject first and drops site furniture beside it', () => {
    const doc = parsed(`
      <script type="application/ld+json">[{"@type":"BreadcrumbList","name":"b"},{"@type":"WebPage","name":"w",
        "mainEntity":{"@type":"Article","headline":"h"}}]</script>
      <script type="application/ld+json">{"@type":"Organization","name":"o"}</script>`);
    expect(jsonLdNodes(doc.structured.jsonLd).map((n) => n.node['@type'])).toEqual(['Article', 'WebPage']);
    const homepage = parsed('<script type="application/ld+json">{"@type":"WebSite","name":"s"}</script>');
    expect(jsonLdNodes(homepage.structured.jsonLd).map((n) => n.node.name)).toEqual(['s']);
  });
});

describe('microdata', () => {
  it('reads nested items and property values by element', () => {
    const doc = parsed(`<div itemscope itemtype="https://schema.org/Product">
      <a itemprop="url" href="https://x.example/p">x</a><time itemprop="releaseDate" datetime="2024-05-01">May</time>
      <span itemprop="color">red</span><span itemprop="color">blue</span>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><data itemprop="price" value="9.5">€9,50</data></div>
    </div><div itemscope itemtype="https://schema.org/WebSite"><span itemprop="name">Site</span></div>`);
    expect(microdataItems(doc.structured.microdata)).toEqual([
      { '@type': 'Product', url: 'https://x.example/p', releaseDate: '2024-05-01', color: ['red', 'blue'], offers: { '@type': 'Offer', price: '9.5' } },
      { '@type': 'WebSite', name: 'Site' },
    ]);
  });
});

describe('meta', () => {
  it('maps Open Graph product prices and names', () => {
    const doc = parsed(`<meta name="twitter:title" content="T1"><meta property="og:title" content="T2">
      <meta property="product:price:amount" content="1,299"><meta property="product:price:currency" content="EUR">
      <meta name="description" content="D"><meta property="article:published_time" content="2024-01-02">`);
    const c = metaCandidates(doc.scan.metas);
    expect(first(c, 'title')).toBe('T2');
    expect(first(c, 'price')).toBe('1,299');
    expect(c.find((x) => x.value === '1,299')?.dotDecimal).toBe(true);
    expect(first(c, 'currency')).toBe('EUR');
    expect(first(c, 'description')).toBe('D');
    expect(first(c, 'datePublished')).toBe('2024-01-02');
  });
});

describe('hydration', () => {
  it('reads JSON scripts and window assignments, never evaluating code', () => {
    const doc = parsed(`<script>window.__INITIAL_STATE__ = {"item":{"name":"A","tags":["x"]}};</script>
      <script>window.__NUXT__=(function(a){return {name:a}}("B"))</script>
      <script type="application/json" id="cfg">{"name":"C"}</script>`);
    expect(hydrationBlocks(doc.scripts).map((b) => b.name)).toEqual(['window.__INITIAL_STATE__', 'script#cfg']);
    const c = hydrationCandidates(doc.scripts);
    expect(listProvider('hydration', c).find(nameSet(['name']), false).map((x) => x.locator)).toEqual([
      'window.__INITIAL_STATE__ item.name',
      'script#cfg name',
    ]);
  });
  it('renders paths', () => {
    expect(renderPath(['props', 'pageProps', 'list', 0, 'a-b'])).toBe('props.pageProps.list[0]["a-b"]');
  });
});

describe('dom', () => {
  const doc = parsed(`<h1>Head <small>one</small></h1><h1>Second</h1>
    <table><tr><th>Outer</th><td><table><tr><td>Inner:</td><td>v</td></tr></table></td></tr><tr><td>Size</td><td>XL</td></tr></table>
    <dl><div><dt>Material</dt><dd>Oak</dd></div><dt>Finish</dt><dd>Oiled</dd></dl>
    <ul><li>Ignored</li><li><strong>Width:</strong> 80 cm</li></ul><p>Visit https://x.example now</p><p>At 10:30 sharp</p>`);
  it('locates table rows per table, nested tables apart', () => {
    expect(labelRowCandidates(doc.labelRows()).filter((c) => c.locator?.startsWith('table')).map((c) => [c.locator, c.value])).toEqual([
      // A cell's text is its textContent: nested cells run together.
      ['table[0] tr[0] Outer', 'Inner:v'],
      ['table[0] tr[1] Size', 'XL'],
      ['table[1] tr[0] Inner', 'v'],
    ]);
  });
  it('locates definition terms and label lines', () => {
    expect(labelRowCandidates(doc.labelRows()).filter((c) => c.locator?.startsWith('dl')).map((c) => [c.locator, c.value])).toEqual([
      ['dl[0] dt[0] Material', 'Oak'],
      ['dl[0] dt[1] Finish', 'Oiled'],
    ]);
    expect(labelRowCandidates(doc.labelRows()).filter((c) => !/^(?:table|dl)\[/.test(c.locator ?? '')).map((c) => [c.locator, c.value])).toEqual([['li[1] Width', '80 cm']]);
  });
  it('takes the first h1, then the title', () => {
    expect(titleCandidates(doc.scan.firstH1, doc.scan.title).map((c) => [c.locator, c.value])).toEqual([['h1[0]', 'Head one']]);
  });
});

describe('pdf', () => {
  it('tracks page markers and reads tables and label lines', () => {
    const md = '<!-- page 1 -->\n# Title\n* **Input:** 5 V\n<!-- page 7 -->\n| Key | Val |\n| --- | --- |\n| Mass | 3 g |\nNote: fine';
    expect(pdfCandidates(md).map((c) => [c.locator, c.value])).toEqual([
      ['page 1 Input', '5 V'],
      ['page 7 Key', 'Val'],
      ['page 7 Mass', '3 g'],
      ['page 7 Note', 'fine'],
      ['page 1 title', 'Title'],
    ]);
  });
});

describe('text', () => {
  it('finds numbers next to the name only for number fields', () => {
    const p = textProvider('Ratings\n\n| Average rating | 4,5 |\n3 of 5 stars\nWeight without box 2 kg');
    expect(p.find(nameSet(['rating']), true).map((c) => [c.locator, c.value])).toEqual([
      ['line 3', '4,5'],
      ['line 4', '3'],
    ]);
    expect(p.find(nameSet(['rating']), false)).toEqual([]);
    expect(p.find(nameSet(['weight']), true)).toEqual([]);
  });
});
