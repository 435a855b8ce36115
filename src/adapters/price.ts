// Prices and currencies for the retail adapter. Numbers are read by the JSON extractor's reader (spec number rules,
// src/json/numbers.ts); this module only decides which currency a price names. A currency is taken from the price
// text or the page's structured data, never from the site's domain or language (spec "Preview response").
import { readNumber } from '../json/numbers.ts';

/**
 * Spellings that name exactly one currency. `$`, `¥`/`￥`, `kr`, `Rs`, `Fr.` are shared by several currencies and
 * therefore settle nothing on their own (decision D163).
 */
const SYMBOL_CODES: Record<string, string> = {
  '€': 'EUR', '£': 'GBP', '₹': 'INR', '₩': 'KRW', '원': 'KRW', '円': 'JPY', '₽': 'RUB', '₺': 'TRY', '₪': 'ILS',
  '₫': 'VND', '฿': 'THB', '₴': 'UAH', '₦': 'NGN', '₱': 'PHP', 'zł': 'PLN', 'Kč': 'CZK', 'Ft': 'HUF', 'lei': 'RON',
  'US$': 'USD', 'C$': 'CAD', 'A$': 'AUD', 'NZ$': 'NZD', 'HK$': 'HKD', 'S$': 'SGD', 'R$': 'BRL', RMB: 'CNY',
};

/** ISO code named by a currency spelling, or null when the spelling is shared (`$`) or unknown. */
export function currencyCode(spelling: string | null): string | null {
  if (spelling === null) return null;
  const s = spelling.trim();
  if (/^[A-Z]{3}$/.test(s)) return s === 'RMB' ? 'CNY' : s;
  return SYMBOL_CODES[s] ?? null;
}

export type PriceReading =
  | { kind: 'price'; value: number; code: string | null; spelling: string | null; text: string }
  /** The text holds a price the number rules cannot settle (`1.234 €`, `￥1,980` without a known currency). */
  | { kind: 'ambiguous'; text: string }
  | { kind: 'none' };

/**
 * Reads a displayed price. `settledCode` is a currency the page's structured data already names: it may settle a
 * single separator before three digits for a currency without minor units (number rule 6), by handing the reader
 * the code beside the digits instead of the shared symbol.
 */
export function readPriceText(raw: string, settledCode: string | null): PriceReading {
  const first = readNumber(raw, { dotDecimal: false, count: false });
  if (first.kind === 'number') return { kind: 'price', value: first.value, code: currencyCode(first.currency), spelling: first.currency, text: first.text };
  if (first.kind === 'none') return first;
  if (settledCode !== null) {
    const digits = /\d[\d.,'’ \u00a0\u2009\u202f]*\d|\d/u.exec(raw)?.[0];
    if (digits !== undefined) {
      const again = readNumber(`${digits} ${settledCode}`, { dotDecimal: false, count: false });
      if (again.kind === 'number') return { kind: 'price', value: again.value, code: null, spelling: null, text: first.text };
    }
  }
  return { kind: 'ambiguous', text: first.text };
}

/** Reads a structured-data price (JSON-LD, `product:price:amount`), whose format writes `.` as the decimal point. */
export function readStructuredPrice(raw: string): number | null {
  const r = readNumber(raw, { dotDecimal: true, count: false });
  return r.kind === 'number' ? r.value : null;
}

/** Reads a count (`1,234 ratings`, `12 Replies`); abbreviated counts (`1.2K`) stay unread. */
export function readCount(raw: string): number | null {
  const r = readNumber(raw, { dotDecimal: false, count: true });
  return r.kind === 'number' && Number.isInteger(r.value) && r.value >= 0 ? r.value : null;
}

/**
 * Reads a rating (`4.5 out of 5 stars`, `5つ星のうち4.3`, `4,6 von 5 Sternen`). The scale (a bare `5`) may come first
 * or last depending on the language, so one bare `5` is set aside when the text holds two numbers.
 */
export function readRating(raw: string): number | null {
  const numbers = [...raw.matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => m[0]);
  const scale = numbers.length >= 2 ? numbers.indexOf('5') : -1;
  if (scale >= 0) numbers.splice(scale, 1);
  for (const n of numbers) {
    const r = readNumber(n, { dotDecimal: false, count: false });
    if (r.kind === 'number' && r.value >= 0 && r.value <= 5) return r.value;
  }
  return null;
}
