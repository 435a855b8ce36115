// Reading numbers written on a page (spec "JSON extraction", number reading rules 1–8). Pure; no locale, currency or
// domain guessing (rule 7): a single `.` or `,` before exactly three digits stays unread unless the value settles it.

export interface NumberContext {
  /** The value is a JSON-LD or `product:price:amount` price, whose format writes `.` as the decimal point (rule 6). */
  dotDecimal: boolean;
  /** The field is a review count, which has no fraction (rule 6). */
  count: boolean;
}

export type NumberReading =
  | { kind: 'number'; value: number; text: string; currency: string | null }
  /** A single separator before three digits that nothing settles (rule 8): `text` is quoted in the issue. */
  | { kind: 'ambiguous'; text: string }
  | { kind: 'none' };

// ISO 4217 codes accepted beside a number (rule 3). A closed list so that `SKU 123` is not read as a currency.
const CODES =
  'USD EUR GBP JPY KRW CNY RMB CHF CAD AUD NZD HKD SGD INR IDR MYR PHP THB VND TWD SEK NOK DKK ISK PLN CZK HUF RON BGN ' +
  'HRK RSD UAH RUB TRY ILS AED SAR QAR KWD BHD OMR EGP ZAR NGN KES BRL MXN ARS CLP COP PEN UYU PYG BIF DJF GNF KMF RWF ' +
  'UGX VUV XAF XOF XPF';
const SYMBOLS = [
  'US$', 'C$', 'A$', 'NZ$', 'HK$', 'S$', 'R$', 'Rs.', 'Rs', 'Fr.', 'zł', 'Kč', 'kr.', 'kr', 'Ft', 'lei',
  '$', '€', '£', '¥', '￥', '₩', '₹', '₽', '₺', '₪', '₫', '฿', '₴', '₦', '₱', '₲', '₡', '₭', '₮', '₸', '円', '원',
];
/** Currencies without minor units (ISO 4217 exponent 0). `¥` is shared by JPY and CNY, so it settles nothing. */
const ZERO_DECIMAL = new Set([
  'JPY', 'KRW', 'ISK', 'CLP', 'VND', 'PYG', 'UGX', 'RWF', 'KMF', 'GNF', 'DJF', 'BIF', 'XAF', 'XOF', 'XPF', 'VUV',
  '₩', '円', '원',
]);

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CURRENCY_ALT = [...CODES.split(' '), ...SYMBOLS].sort((a, b) => b.length - a.length).map(escapeRe).join('|');
const CURRENCY_BEFORE = new RegExp(`(?:^|[^\\p{L}])(${CURRENCY_ALT})\\s*$`, 'u');
const CURRENCY_AFTER = new RegExp(`^\\s*(${CURRENCY_ALT})(?![\\p{L}])`, 'u');

// A number body: digits with `.` `,` space-like or apostrophe separators (rule 2), optionally ending in `,-` (rule 4).
const NUMBER_TOKEN = /[-+−]?(?:\d[\d.,'’ \u00a0\u2009\u202f]*\d|\d)(?:[.,][-–]{1,2})?/u;
const SPACE_LIKE = /[ \u00a0\u2009\u202f]/g;
/** Longest currency spelling plus spacing: how far from the number a currency is looked for. */
const CURRENCY_REACH = 8;

/** Reads the first number in `raw` by rules 1–8. */
export function readNumber(raw: string, ctx: NumberContext): NumberReading {
  const m = NUMBER_TOKEN.exec(raw);
  if (!m) return { kind: 'none' };
  // A currency sits right beside the number; only the nearest characters are searched (long text stays cheap).
  const before = raw.slice(Math.max(0, m.index - CURRENCY_REACH), m.index);
  let token = m[0];
  const afterOf = (t: string): string => raw.slice(m.index + t.length, m.index + t.length + CURRENCY_REACH);
  // Abbreviated amounts (`1.2K`) are not numbers written out; reading them would invent digits.
  if (/^[kKmMbB](?![\p{L}])/u.test(afterOf(token))) return { kind: 'none' };
  const currencyOf = (t: string): string | null => CURRENCY_BEFORE.exec(before)?.[1] ?? CURRENCY_AFTER.exec(afterOf(t))?.[1] ?? null;

  let result = interpret(token, ctx, currencyOf(token));
  if (result === null && /[ \u00a0\u2009\u202f]/.test(token)) {
    // A space that does not group thousands separates two values (`10 20`): read the part before it.
    token = token.split(SPACE_LIKE)[0];
    result = interpret(token, ctx, currencyOf(token));
  }
  if (result === null) return { kind: 'none' };
  const text = quoteOf(raw, m.index, token.length);
  if (result === 'ambiguous') return { kind: 'ambiguous', text };
  return { kind: 'number', value: result, text, currency: currencyOf(token) };
}

/** The quoted text: the number with its currency, trimmed; long values are cut around the number. */
function quoteOf(raw: string, index: number, length: number): string {
  const trimmed = raw.trim();
  if (trimmed.length <= 120) return trimmed;
  return raw.slice(Math.max(0, index - 40), Math.min(raw.length, index + length + 40)).trim();
}

function interpret(token: string, ctx: NumberContext, currency: string | null): number | 'ambiguous' | null {
  let body = token;
  let sign = 1;
  if (/^[-−]/.test(body)) sign = -1;
  body = body.replace(/^[-+−]/, '');
  let wholeMarker: string | null = null;
  const whole = /([.,])[-–]{1,2}$/.exec(body);
  if (whole) {
    wholeMarker = whole[1];
    body = body.slice(0, whole.index);
  }
  body = body.replace(SPACE_LIKE, ' ').replace(/’/g, "'");
  const groups = body.split(/[.,' ]/);
  const seps = body.replace(/\d/g, '');
  if (groups.some((g) => g === '')) return null;
  const n = seps.length;
  const make = (intGroups: string[], frac: string): number => sign * Number(`${intGroups.join('')}.${frac || '0'}`);

  if (n === 0) return make(groups, '');
  const last = seps[n - 1];
  const earlier = seps.slice(0, -1);

  if (wholeMarker !== null) {
    // `,-` marks the decimal place as empty (rule 4): every separator before it groups thousands.
    if (seps.includes(wholeMarker) || !validGrouping(groups, seps)) return null;
    return make(groups, '');
  }
  if (n >= 2 && (last === '.' || last === ',') && !earlier.includes(last)) {
    const intGroups = groups.slice(0, -1);
    if (new Set(earlier).size !== 1 || !validGrouping(intGroups, earlier)) return null;
    return make(intGroups, groups[n]);
  }
  if (n >= 2) {
    if (new Set(seps).size !== 1 || !validGrouping(groups, seps)) return null;
    return make(groups, '');
  }
  // Exactly one separator.
  const [head, tail] = groups;
  if (last === ' ' || last === "'") return tail.length === 3 && validGrouping(groups, seps) ? make(groups, '') : null;
  if (tail.length !== 3) return make([head], tail); // rule 1: a decimal mark
  // A leading `0` cannot open a thousands group (rule 2), so `0,125` has a decimal mark.
  if (head === '0') return make([head], tail);
  // Rule 6: only the value may settle a single separator before exactly three digits.
  if (ctx.count) return make(groups, '');
  if (currency !== null && ZERO_DECIMAL.has(currency)) return make(groups, '');
  if (ctx.dotDecimal) return last === '.' ? make([head], tail) : make(groups, '');
  return 'ambiguous';
}

/** Thousands groups of three, or Indian lakh groups (`12,34,567`), with one separator character (rule 2). */
function validGrouping(groups: string[], seps: string): boolean {
  if (new Set(seps).size > 1) return false;
  const [first, ...rest] = groups;
  if (first.length > 1 && first.startsWith('0')) return false;
  if (first.length >= 1 && first.length <= 3 && rest.every((g) => g.length === 3)) return true;
  // Lakh groups are written with commas only.
  if (seps[0] !== ',' || rest.length < 2 || first.length > 2) return false;
  return rest.slice(0, -1).every((g) => g.length === 2) && rest[rest.length - 1].length === 3;
}
