import { describe, expect, it } from 'vitest';
import { runAdapters } from '../registry.ts';
import { PARSE_MODES, evidenceGaps, fixtureHtml, fixturePage, parseFixture } from '../test-helpers.ts';
import type { IssueCode, ProductValues } from '../types.ts';

const HOST = 'http://127.0.0.1:8000';

interface Case {
  name: string;
  file: string;
  path: string;
  finalPath?: string;
  product: Partial<ProductValues>;
  codes: IssueCode[];
}

// One row per rule of issue 18 part 1, over fixtures of several layouts, languages and currencies.
const CASES: Case[] = [
  {
    name: 'desktop layout: buy-box price, not the carousels or sponsored carousel',
    file: 'us-desktop-carousels.html', path: '/Trail-Runner-Hiking-Boot-Waterproof/dp/B0C1X2Y3Z4/ref=sr_1_1?th=1',
    product: {
      title: "Trail Runner 2 Hiking Boot, Men's, Waterproof", asin: 'B0C1X2Y3Z4', price: 24.99, currency: 'USD',
      availability: 'In Stock', region: 'New York 10001', seller: 'Example Outfitters', rating: 4.6, reviewCount: 12345,
    },
    codes: [],
  },
  {
    name: 'sponsored tile before the buy box; decimal-comma euro price with grouping',
    file: 'de-desktop-sponsored-first.html', path: '/Kaffeevollautomat-Aroma-3000/dp/B0DE300000',
    product: {
      asin: 'B0DE300000', price: 1234.56, currency: 'EUR', availability: 'Auf Lager', region: 'Berlin 10115',
      seller: 'Beispiel Haushaltswaren GmbH', rating: 4.5, reviewCount: 2310,
    },
    codes: [],
  },
  {
    name: 'mobile layout, yen settled by structured data, delivery short line',
    file: 'jp-mobile.html', path: '/dp/B0JP198000',
    product: {
      title: 'ステンレス 電気ケトル 1.0L 温度調節付き 保温機能', asin: 'B0JP198000', price: 1980, currency: 'JPY',
      availability: '在庫あり。', region: '東京都渋谷区 150-0001', seller: 'サンプル家電ストア', rating: 4.3, reviewCount: 1024,
    },
    codes: [],
  },
  {
    name: 'older desktop layout, lakh-grouped rupees, ASIN only in the detail bullets',
    file: 'in-older-desktop.html', path: '/Example-Ultra-Smart-LED-TV/dp/B0IN123456',
    product: { asin: 'B0IN123456', price: 123456, currency: 'INR', region: 'Mumbai 400001', seller: 'Example Retail India', rating: 4.2, reviewCount: 8761 },
    codes: [],
  },
  {
    name: 'only "see all buying options": no price from the offer list or carousel',
    file: 'uk-see-all-buying-options.html', path: '/dp/B0UK000001',
    product: { asin: 'B0UK000001', price: null, currency: null, seller: null, region: 'London W1D 3QF', availability: 'Available from these sellers.' },
    codes: ['quote_unverified'],
  },
  {
    name: 'mobile layout showing only "すべての出品を見る" (a link without the usual id)',
    file: 'jp-mobile-see-all.html', path: '/dp/B0JP500500',
    product: { asin: 'B0JP500500', price: null, currency: null, seller: null, region: '大阪府大阪市 530-0001' },
    codes: ['quote_unverified'],
  },
  {
    name: 'unavailable item: no price although carousels show prices',
    file: 'fr-unavailable.html', path: '/dp/B0FR000777',
    product: { asin: 'B0FR000777', price: null, currency: null, availability: 'Actuellement indisponible.', region: 'Lyon 69001', rating: 4.4, reviewCount: 587 },
    codes: ['quote_absent_observed'],
  },
  {
    name: 'delivery context in another country: the item cannot be shipped there',
    file: 'us-undeliverable-region.html', path: '/dp/B0US040040',
    product: { asin: 'B0US040040', price: null, region: 'Germany' },
    codes: ['quote_absent_observed'],
  },
  {
    name: 'delivery to another country than the store\'s, with an offer there: its region is reported, not the store\'s',
    file: 'us-other-region-priced.html', path: '/dp/B0US555555',
    product: { asin: 'B0US555555', price: 54, currency: 'USD', region: 'Canada' },
    codes: [],
  },
  {
    name: 'zloty price text and a structured currency that disagrees',
    file: 'pl-currency-conflict.html', path: '/dp/B0PL012999',
    product: { asin: 'B0PL012999', price: 129.99, currency: null, region: 'Warszawa 00-001', availability: 'Na stanie' },
    codes: ['currency_unverified'],
  },
  {
    name: 'two different main product titles',
    file: 'subject-two-titles.html', path: '/dp/B0GB003299',
    product: { asin: null, title: null, price: null, region: 'Bristol BS1 4DJ' },
    codes: ['subject_conflicting'],
  },
  {
    name: 'newer header: the place in the first line, a prompt in the second; price from the apex block',
    file: 'us-new-header.html', path: '/dp/B0US343434',
    product: { asin: 'B0US343434', price: 27.95, currency: 'USD', region: 'Seattle 98101', seller: 'Brew Example Co.' },
    codes: [],
  },
  {
    name: 'a shared dollar sign and no structured currency: the domain is not evidence',
    file: 'ca-domain-only-currency.html', path: '/dp/B0CA003499',
    product: { asin: 'B0CA003499', price: 34.99, currency: null, region: 'Toronto M5V 2T6' },
    codes: ['currency_unverified'],
  },
  {
    name: 'no delivery context at all',
    file: 'it-mobile-no-region.html', path: '/dp/B0IT002999',
    product: { asin: 'B0IT002999', price: 29.99, currency: 'EUR', region: null, rating: 4.6, reviewCount: 932 },
    codes: ['region_unverified'],
  },
  {
    name: 'a location prompt instead of a delivery location; JSON-LD and text prices agree',
    file: 'es-region-prompt.html', path: '/dp/B0ES129900',
    product: { asin: 'B0ES129900', price: 1299, currency: 'EUR', region: null },
    codes: ['region_unverified'],
  },
  {
    name: 'the page is of another ASIN (a variant)',
    file: 'subject-mismatch.html', path: '/dp/B0AAAA1111',
    product: { asin: null, title: null, price: null, currency: null, region: 'Denver 80202' },
    codes: ['subject_mismatch'],
  },
  {
    name: 'the request redirected to another ASIN',
    file: 'us-desktop-carousels.html', path: '/dp/B0AAAA1111', finalPath: '/dp/B0C1X2Y3Z4',
    product: { asin: null, price: null },
    codes: ['subject_mismatch'],
  },
  {
    name: 'two ASINs stated for the main product',
    file: 'subject-conflicting.html', path: '/dp/B0CCCC3333',
    product: { asin: null, title: null, price: null },
    codes: ['subject_conflicting'],
  },
  {
    name: 'no ASIN on the page',
    file: 'subject-unverified.html', path: '/dp/B0GB001849',
    product: { asin: null, title: null, price: null, region: 'Leeds LS1 4AP' },
    codes: ['subject_unverified'],
  },
  {
    name: 'centre-column and buy-box prices disagree',
    file: 'quote-conflicting.html', path: '/dp/B0QC000001',
    product: { asin: 'B0QC000001', price: null, currency: null, availability: 'In Stock' },
    codes: ['quote_conflicting'],
  },
];

describe.each(PARSE_MODES)('retail product adapter (%s parse)', (mode) => {
  it.each(CASES)('$name ($file)', (c) => {
    const url = new URL(HOST + c.path);
    const finalUrl = new URL(HOST + (c.finalPath ?? c.path));
    const result = runAdapters({ url, finalUrl, ...fixturePage(`retail/${c.file}`, mode), httpStatus: 200 });
    expect(result?.adapter).toBe('retail_product');
    expect(result?.product).toMatchObject(c.product);
    expect(result?.issues.map((i) => i.code).sort()).toEqual([...c.codes].sort());
    expect(evidenceGaps(result!)).toEqual([]);
    for (const issue of result!.issues) expect(issue.message.length).toBeGreaterThan(10);
  });
});

describe('retail product adapter', () => {
  it('quotes the selected-price text and its locator as evidence', () => {
    const url = new URL(`${HOST}/dp/B0DE300000`);
    const result = runAdapters({ url, finalUrl: url, document: parseFixture('retail/de-desktop-sponsored-first.html'), httpStatus: 200 })!;
    expect(result.evidence.price).toEqual({ source: 'text', locator: '#buybox .a-price:not(.a-text-price) .a-offscreen', quote: '1.234,56 €' });
    expect(result.evidence.asin?.locator).toBe('input#ASIN[value]');
    expect(result.evidence.region).toMatchObject({ source: 'dom', locator: '#glow-ingress-line2' });
  });

  it('never offers a price that appears only outside the selection', () => {
    for (const file of ['uk-see-all-buying-options.html', 'fr-unavailable.html', 'us-undeliverable-region.html']) {
      const asin = /value="(B0[A-Z0-9]{8})"/.exec(fixtureHtml(`retail/${file}`))![1];
      const url = new URL(`${HOST}/dp/${asin}`);
      const result = runAdapters({ url, finalUrl: url, document: parseFixture(`retail/${file}`), httpStatus: 200 })!;
      expect(result.product?.price, file).toBeNull();
      expect(Object.keys(result.evidence), file).not.toContain('price');
    }
  });

  it('quotes the "see all buying options" text it found', () => {
    const url = new URL(`${HOST}/dp/B0JP500500`);
    const result = runAdapters({ url, finalUrl: url, document: parseFixture('retail/jp-mobile-see-all.html'), httpStatus: 200 })!;
    expect(result.issues[0]).toMatchObject({ code: 'quote_unverified', evidence: 'observed', quotes: [{ source: 'dom', locator: '#mobile_buybox a', quote: 'すべての出品を見る' }] });
  });

  it('issues carry observed/unobserved evidence with quotes of what was seen', () => {
    const url = new URL(`${HOST}/dp/B0CCCC3333`);
    const result = runAdapters({ url, finalUrl: url, document: parseFixture('retail/subject-conflicting.html'), httpStatus: 200 })!;
    const issue = result.issues[0];
    expect(issue).toMatchObject({ code: 'subject_conflicting', field: 'asin', evidence: 'observed' });
    expect(issue.quotes.map((q) => q.quote)).toEqual(['B0CCCC3333', 'ASIN : B0DDDD4444']);
    const none = runAdapters({ url: new URL(`${HOST}/dp/B0IT002999`), finalUrl: null, document: parseFixture('retail/it-mobile-no-region.html'), httpStatus: 200 })!;
    expect(none.issues[0]).toMatchObject({ code: 'region_unverified', evidence: 'unobserved', quotes: [] });
  });

  it('does not touch the document it reads', () => {
    const html = fixtureHtml('retail/us-desktop-carousels.html');
    const document = parseFixture('retail/us-desktop-carousels.html');
    const before = (document as unknown as { toString(): string }).toString();
    runAdapters({ url: new URL(`${HOST}/dp/B0C1X2Y3Z4`), finalUrl: null, document, httpStatus: 200 });
    expect((document as unknown as { toString(): string }).toString()).toBe(before);
    expect(before.length).toBeGreaterThan(html.length / 2);
  });
});
