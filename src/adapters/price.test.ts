import { describe, expect, it } from 'vitest';
import { currencyCode, readCount, readPriceText, readRating } from './price.ts';

describe('retail prices (spec number rules through src/json/numbers.ts)', () => {
  const ROWS: Array<[string, string | null, ReturnType<typeof readPriceText>['kind'], number | null, string | null]> = [
    // text, settled currency, kind, value, ISO code named by the text
    ['1.234,56 €', null, 'price', 1234.56, 'EUR'],
    ['₹1,23,456', null, 'price', 123456, 'INR'],
    ['₹1,23,456.00', null, 'price', 123456, 'INR'],
    ['1,980円', null, 'price', 1980, 'JPY'],
    ['JPY 1,980', null, 'price', 1980, 'JPY'],
    ['￥1,980', null, 'ambiguous', null, null], // ￥ is shared by JPY and CNY: nothing settles the comma
    ['￥1,980', 'JPY', 'price', 1980, null], // structured data names a currency without minor units
    ['￥1,980', 'CNY', 'ambiguous', null, null], // CNY has minor units: still unsettled
    ['$24.99', null, 'price', 24.99, null], // `$` is shared: read, but names no currency
    ['US$24.99', null, 'price', 24.99, 'USD'],
    ['£1,299.00', null, 'price', 1299, 'GBP'],
    ['1.234 €', null, 'ambiguous', null, null],
    ['Currently unavailable', null, 'none', null, null],
  ];
  it.each(ROWS)('%s (settled %s) → %s %s %s', (text, settled, kind, value, code) => {
    const r = readPriceText(text, settled);
    expect(r.kind).toBe(kind);
    if (r.kind === 'price') {
      expect(r.value).toBe(value);
      expect(r.code).toBe(code);
    }
  });

  it('names a currency only for spellings that belong to one', () => {
    expect(['€', '£', '₹', '円', 'US$', 'EUR', 'RMB'].map(currencyCode)).toEqual(['EUR', 'GBP', 'INR', 'JPY', 'USD', 'EUR', 'CNY']);
    expect(['$', '¥', '￥', 'kr', 'Rs.', 'Fr.', null].map(currencyCode)).toEqual([null, null, null, null, null, null, null]);
  });

  it('reads ratings whatever side the scale is written on, and counts with grouping', () => {
    expect(['4.6 out of 5 stars', '5つ星のうち4.3', '4,5 von 5 Sternen', '5.0 out of 5 stars', '5 out of 5', '4 sur 5'].map(readRating)).toEqual([4.6, 4.3, 4.5, 5, 5, 4]);
    expect(['12,345 ratings', '2.310 Sternebewertungen', '1,024個の評価', '12.3K', '932 voti'].map(readCount)).toEqual([12345, 2310, 1024, null, 932]);
  });
});
