import { parseLight } from '../extract/light/build.ts';
import { describe, expect, it } from 'vitest';
import { fillFromPage } from '../json/fill.ts';
import { listProvider } from '../json/sources/candidate.ts';
import { adapterJsonCandidates } from './json.ts';
import { runAdapters } from './registry.ts';
import { fixtureHtml, parseFixture } from './test-helpers.ts';
import type { AdapterDocument, AdapterResult } from './types.ts';

const HOST = 'http://127.0.0.1:8000';

function run(file: string, path: string): AdapterResult {
  const url = new URL(HOST + path);
  return runAdapters({ url, finalUrl: url, document: parseFixture(file), httpStatus: 200 })!;
}

const PRODUCT_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' }, asin: { type: 'string' }, price: { type: 'number' }, currency: { type: 'string' },
    region: { type: ['string', 'null'] }, seller: { type: 'string' }, rating: { type: 'number' }, reviewCount: { type: 'integer' },
  },
  required: ['name', 'price', 'currency'],
};

describe('adapter values for the JSON filler', () => {
  it('offers verified values with their evidence; the filler maps them by field name and synonym', () => {
    const { candidates, withheld } = adapterJsonCandidates(run('retail/us-desktop-carousels.html', '/dp/B0C1X2Y3Z4'));
    expect(withheld).toEqual([]);
    const fill = fillFromPage(PRODUCT_SCHEMA, [listProvider('dom', candidates)]);
    expect(fill.data).toEqual({
      name: "Trail Runner 2 Hiking Boot, Men's, Waterproof", asin: 'B0C1X2Y3Z4', price: 24.99, currency: 'USD',
      region: 'New York 10001', seller: 'Example Outfitters', rating: 4.6, reviewCount: 12345,
    });
    expect(fill.evidence['/price']).toEqual({ source: 'text', locator: '#corePriceDisplay_desktop_feature_div .priceToPay .a-offscreen', quote: '$24.99' });
    expect(fill.evidence['/name']).toEqual({ source: 'dom', locator: '#productTitle' });
    expect(fill.evidence['/currency']).toMatchObject({ source: 'jsonld', locator: 'jsonld[0] offers.priceCurrency' });
  });

  const WITHHELD: Array<{ file: string; path: string; fields: string[]; code: string }> = [
    { file: 'retail/ca-domain-only-currency.html', path: '/dp/B0CA003499', fields: ['currency'], code: 'currency_unverified' },
    { file: 'retail/uk-see-all-buying-options.html', path: '/dp/B0UK000001', fields: ['price', 'currency', 'seller'], code: 'quote_unverified' },
    { file: 'retail/fr-unavailable.html', path: '/dp/B0FR000777', fields: ['price', 'currency', 'seller'], code: 'quote_absent_observed' },
    { file: 'retail/quote-conflicting.html', path: '/dp/B0QC000001', fields: ['price', 'currency', 'seller'], code: 'quote_conflicting' },
    { file: 'retail/subject-mismatch.html', path: '/dp/B0AAAA1111', fields: ['title', 'asin', 'price', 'currency', 'availability', 'seller', 'rating', 'reviewCount'], code: 'subject_mismatch' },
    { file: 'retail/it-mobile-no-region.html', path: '/dp/B0IT002999', fields: ['region'], code: 'region_unverified' },
  ];
  it.each(WITHHELD)('$code: $fields withheld and not offered ($file)', (c) => {
    const { candidates, withheld } = adapterJsonCandidates(run(c.file, c.path));
    expect(withheld.filter((w) => w.issue.code === c.code).map((w) => w.field)).toEqual(c.fields);
    const offered = new Set(candidates.flatMap((x) => x.keys));
    for (const w of withheld) for (const k of w.keys) expect(offered.has(k), k).toBe(false);
    // What the filler sees: a required field without a value is missing (the lead reports the withheld code).
    const fill = fillFromPage(PRODUCT_SCHEMA, [listProvider('dom', candidates)]);
    for (const f of c.fields.filter((f) => f in PRODUCT_SCHEMA.properties)) expect((fill.data as Record<string, unknown>)[f] ?? null).toBeNull();
  });

  it('offers post values under their names and common synonyms', () => {
    const { candidates } = adapterJsonCandidates(run('microblog/timeline-thread-en.html', '/ada_example/status/1859000000000000042'));
    const schema = {
      type: 'object',
      properties: { author: { type: 'string' }, handle: { type: 'string' }, publishedAt: { type: 'string' }, text: { type: 'string' }, likes: { type: 'integer' }, views: { type: 'integer' }, media: { type: 'array', items: { type: 'string' } } },
    };
    const fill = fillFromPage(schema, [listProvider('dom', candidates)]);
    expect(fill.data).toMatchObject({ author: 'Ada Example', handle: '@ada_example', publishedAt: '2026-11-20T09:15:00.000Z', likes: 567, views: 12345 });
    expect((fill.data as { media: string[] }).media).toHaveLength(2);
  });
});

describe('issue order (the first issue is the preview diagnostic, D168)', () => {
  it('lists subject before quote, currency and region', () => {
    const first = (file: string, path: string) => run(file, path).issues.map((i) => [i.code, i.evidence]);
    expect(first('retail/subject-unverified.html', '/dp/B0GB001849')).toEqual([['subject_unverified', 'unobserved']]);
    expect(first('retail/es-region-prompt.html', '/dp/B0ES129900')).toEqual([['region_unverified', 'observed']]);
    // A page with both a currency and a region issue: the currency (part of the quote check) comes first.
    const both = runAdapters({
      url: new URL(`${HOST}/dp/B0CA003499`), finalUrl: null, httpStatus: 200,
      document: parseLight(fixtureHtml('retail/ca-domain-only-currency.html').replace(/<header[\s\S]*?<\/header>/, '')) as unknown as AdapterDocument,
    })!;
    expect(both.issues.map((i) => i.code)).toEqual(['currency_unverified', 'region_unverified']);
    expect(run('retail/us-desktop-carousels.html', '/dp/B0C1X2Y3Z4').issues).toEqual([]);
  });
});
