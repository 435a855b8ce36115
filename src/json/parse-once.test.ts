// One parse per capture (issue 10 point 6): the extractor and the JSON filler share one ParsedPage, and the one
// structured-data reader gives document.product and json the same values.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPage, htmlParseCount, parsePage } from '../extract/index.ts';
import { fillJson } from './index.ts';
import { input } from '../../test/fixtures/json/helpers.ts';

const HTML = readFileSync(join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'extract-parse-once', 'product-mixed.html'), 'utf8');
const URL = 'https://quay.example/lamps/hl-2';

const schema = {
  type: 'object',
  required: ['name', 'price'],
  properties: {
    name: { type: 'string' },
    sku: { type: 'string' },
    brand: { type: 'string' },
    price: { type: 'number' },
    currency: { type: 'string' },
    availability: { type: 'string' },
    ratingValue: { type: 'number' },
    reviewCount: { type: 'integer' },
    stock: { type: 'integer' },
    height: { type: 'string' },
  },
};

async function capture(html: string, onlyMainContent = true) {
  const before = htmlParseCount();
  const page = parsePage(html, { url: URL, contentLanguage: null, labelRows: true });
  const extracted = extractPage(page, { url: URL, onlyMainContent });
  const json = await fillJson(input({ page, textMarkdown: extracted.markdown, document: extracted.document, schema }));
  return { extracted, json: json.json, parses: htmlParseCount() - before };
}

describe('parse once', () => {
  it('extraction and JSON filling of one page parse its HTML exactly once', async () => {
    expect((await capture(HTML)).parses).toBe(1);
    expect((await capture(HTML, false)).parses).toBe(1);
  });

  it('stays at one parse when the extractor has to choose a second time (short content)', async () => {
    const html = `<html><body><div class="sidebar"><div class="widget">${'<p>Words of the only text, long enough to be read as prose by anyone.</p>'.repeat(5)}</div></div></body></html>`;
    const r = await capture(html);
    expect(r.parses).toBe(1);
    expect(r.extracted.markdown).toContain('Words of the only text');
  });

  it('document.product and json read the same declared values', async () => {
    const { extracted, json } = await capture(HTML);
    const product = extracted.document.product ?? {};
    expect(extracted.document.pageType).toBe('product');
    // The JSON-LD block needs the lenient reader (comment wrapper, raw line break): both sides see it.
    expect(product).toMatchObject({ name: 'Harbour Lamp HL-2', sku: 'HL-2', brand: 'Quayside', price: '89.50', currency: 'EUR', availability: 'InStock' });
    // Microdata fills what JSON-LD left open, in both.
    expect(product).toMatchObject({ ratingValue: '4.6', reviewCount: '128' });
    const data = json.data as Record<string, unknown>;
    for (const k of ['name', 'sku', 'brand', 'currency'] as const) expect(data[k]).toBe(product[k]);
    expect(data.price).toBe(Number(product.price));
    expect(data.availability).toContain(String(product.availability));
    expect(data.ratingValue).toBe(Number(product.ratingValue));
    expect(data.reviewCount).toBe(Number(product.reviewCount));
    // Hydration scripts and label rows come from the same parse.
    expect(data.stock).toBe(12);
    expect(json.evidence['/height']).toEqual({ source: 'dom', locator: 'table[0] tr[0] Height' });
    expect(json.status).toBe('complete');
  });
});

describe('ParsedPage', () => {
  it('exposes the whole parsed document until extraction changes it', () => {
    const page = parsePage(HTML, { url: URL });
    expect(page.extracted).toBe(false);
    expect(page.document.querySelector('nav')?.textContent).toContain('Lamps');
    expect(page.scripts.map((s) => s.type)).toEqual(['application/ld+json', '']);
    expect(page.document.querySelectorAll('script').length).toBe(0);
    extractPage(page, { url: URL });
    expect(page.extracted).toBe(true);
    expect(page.document.querySelector('nav')).toBeNull();
  });

  it('reads label rows lazily while the tree is whole, and refuses after extraction', () => {
    const early = parsePage(HTML, { url: URL });
    expect(early.labelRows().map((r) => r.locator)).toContain('table[0] tr[1] Weight');
    extractPage(early, { url: URL });
    expect(early.labelRows().length).toBeGreaterThan(0); // read before: kept
    const late = parsePage(HTML, { url: URL });
    extractPage(late, { url: URL });
    expect(() => late.labelRows()).toThrow(/before extraction/);
  });
});
