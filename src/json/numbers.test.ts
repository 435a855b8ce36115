import { describe, expect, it } from 'vitest';
import { readNumber, type NumberContext } from './numbers.ts';

const plain: NumberContext = { dotDecimal: false, count: false };
const count: NumberContext = { dotDecimal: false, count: true };
const ld: NumberContext = { dotDecimal: true, count: false };

// [input, context, expected]: a number, 'ambiguous' (rule 8) or 'none' (no number written out).
const cases: Array<[string, NumberContext, number | 'ambiguous' | 'none']> = [
  // Rule 1: decimal mark `.` or `,`.
  ['12.5', plain, 12.5],
  ['12,5', plain, 12.5],
  ['12.50', plain, 12.5],
  ['12,50', plain, 12.5],
  ['0.99', plain, 0.99],
  ['1.2345', plain, 1.2345],
  ['1,2345', plain, 1.2345],
  ['42', plain, 42],
  ['-3.5', plain, -3.5],
  ['−7,25', plain, -7.25],
  ['4.5 out of 5', plain, 4.5],
  ['Rated 4,7/5', plain, 4.7],
  // Rule 2: groups of three by `.` `,` space apostrophe; Indian lakh groups.
  ['1,234,567', plain, 1234567],
  ['1.234.567', plain, 1234567],
  ['1 234 567', plain, 1234567],
  ["1'234'567", plain, 1234567],
  ['1\u00a0234\u00a0567', plain, 1234567],
  ['1\u202f234', plain, 1234],
  ['1 234', plain, 1234],
  ["1'234", plain, 1234],
  ['1,234.56', plain, 1234.56],
  ['1.234,56', plain, 1234.56],
  ['1 234,56', plain, 1234.56],
  ["1'234.56", plain, 1234.56],
  ['1,234,567.89', plain, 1234567.89],
  ['1.234.567,89', plain, 1234567.89],
  ['12,34,567', plain, 1234567],
  ['1,23,45,678.50', plain, 12345678.5],
  ['1,23,456', plain, 123456],
  ['1,2,3', plain, 'none'],
  ['1.23.456', plain, 'none'],
  ['1,234.567,8', plain, 'none'],
  ['10 20', plain, 10],
  // Rule 3: currency symbol or code before or after.
  ['€12,99', plain, 12.99],
  ['12,99 €', plain, 12.99],
  ['$19.99', plain, 19.99],
  ['USD 1,299.00', plain, 1299],
  ['1.299,00 EUR', plain, 1299],
  ['CHF 1\'234.50', plain, 1234.5],
  ['R$ 1.234,56', plain, 1234.56],
  ['Rs. 1,23,456', plain, 123456],
  ['₹1,23,456.75', plain, 123456.75],
  ['£ 0,50', plain, 0.5],
  // Rule 4: `,-` denotes a whole amount.
  ['25,-', plain, 25],
  ['1.234,-', plain, 1234],
  ['1.234,- €', plain, 1234],
  ['€ 99,–', plain, 99],
  ['1,234,-', plain, 'none'],
  // Rule 5: decimal-comma price with trailing symbol; grouped number with currency reads whole.
  ['1.234,50 €', plain, 1234.5],
  ['1 234,50 kr', plain, 1234.5],
  ["1'234.50 CHF", plain, 1234.5],
  ['9,95 zł', plain, 9.95],
  // Rule 6: a single separator before exactly three digits only when the value settles it.
  ['1,234 reviews', count, 1234],
  ['1.234', count, 1234],
  ['¥1,234', plain, 'ambiguous'],
  ['JPY 1,234', plain, 1234],
  ['1.234 KRW', plain, 1234],
  ['₩12,500', plain, 12500],
  ['1,980円', plain, 1980],
  ['1.234', ld, 1.234],
  ['1,234', ld, 1234],
  ['1234.56', ld, 1234.56],
  ['0,125', plain, 0.125],
  // Rules 7 and 8: nothing else settles it; the text is quoted.
  ['1.234', plain, 'ambiguous'],
  ['1,234', plain, 'ambiguous'],
  ['1.234 €', plain, 'ambiguous'],
  ['$1,234', plain, 'ambiguous'],
  ['EUR 2.500', plain, 'ambiguous'],
  ['1,500 USD', plain, 'ambiguous'],
  // Not numbers written out.
  ['', plain, 'none'],
  ['free', plain, 'none'],
  ['1.2K reviews', count, 'none'],
  ['price on request', plain, 'none'],
];

describe('readNumber', () => {
  it('covers at least 60 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });
  it.each(cases)('%j', (input, ctx, expected) => {
    const r = readNumber(input, ctx);
    if (expected === 'none') expect(r.kind).toBe('none');
    else if (expected === 'ambiguous') expect(r).toEqual({ kind: 'ambiguous', text: input.trim() });
    else {
      expect(r.kind).toBe('number');
      if (r.kind === 'number') expect(r.value).toBeCloseTo(expected, 10);
    }
  });
  it('reports the currency it saw', () => {
    expect(readNumber('1.299,00 EUR', plain)).toMatchObject({ currency: 'EUR' });
    expect(readNumber('$5', plain)).toMatchObject({ currency: '$' });
    expect(readNumber('5', plain)).toMatchObject({ currency: null });
  });
  it('quotes long text around the number only', () => {
    const long = `${'x'.repeat(200)} price 1.234 € ${'y'.repeat(200)}`;
    const r = readNumber(long, plain);
    expect(r.kind).toBe('ambiguous');
    if (r.kind === 'ambiguous') expect(r.text).toBe(`${'x'.repeat(33)} price 1.234 € ${'y'.repeat(37)}`);
  });
});
