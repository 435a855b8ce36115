// `<meta>` values: Open Graph (`og:*`, `product:*`, `article:*`), Twitter cards and named metas. Locator null
// (spec evidence record).
import { normKey } from '../match-names.ts';
import type { MetaEntry } from '../../extract/scan.ts';
import { listProvider, type Candidate, type Provider } from './candidate.ts';

// Namespaces in the order their values are preferred.
const NAMESPACES = ['product', 'og', 'article', 'book', 'profile', 'twitter'];
/** Prices in the Open Graph product format write `.` as the decimal point (number rule 6). */
const DOT_DECIMAL = new Set(['product:price:amount', 'og:price:amount', 'product:sale_price:amount']);

/** Candidates of the page's `<meta>` elements as scanned at parse time (src/extract/scan.ts). */
export function metaCandidates(metas: readonly MetaEntry[]): Candidate[] {
  const ranked: Array<{ c: Candidate; rank: number; order: number }> = [];
  for (const m of metas) {
    const prop = m.property ?? m.key;
    const content = (m.content ?? '').trim();
    if (prop === '' || content === '') continue;
    const parts = prop.split(':');
    const ns = parts.length > 1 ? parts[0] : '';
    const rest = parts.length > 1 ? parts.slice(1) : parts;
    const keys = [normKey(rest.join(' '))];
    // `price:amount` is the price itself; `price:currency` its currency.
    if (rest.length > 1 && (rest[rest.length - 1] === 'amount' || rest[rest.length - 1] === 'currency')) {
      keys.unshift(normKey(rest[rest.length - 1] === 'amount' ? rest.slice(0, -1).join(' ') : rest[rest.length - 1]));
    }
    const rank = ns === '' ? NAMESPACES.length : NAMESPACES.indexOf(ns) >= 0 ? NAMESPACES.indexOf(ns) : NAMESPACES.length + 1;
    ranked.push({
      c: { keys: [...new Set(keys)], value: content, source: 'meta', locator: null, dotDecimal: DOT_DECIMAL.has(prop) },
      rank,
      order: ranked.length,
    });
  }
  return ranked.sort((a, b) => a.rank - b.rank || a.order - b.order).map((r) => r.c);
}

export function metaProvider(metas: readonly MetaEntry[]): Provider {
  return listProvider('meta', metaCandidates(metas));
}
