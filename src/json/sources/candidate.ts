// A value a page source offers for a field, with the names it answers to and its evidence.
import type { EvidenceSource } from '../../capture/types.ts';
import { normKey, type NameSet } from '../match-names.ts';

export interface Candidate {
  /** Normalised names (match-names.ts) this value answers to. */
  keys: string[];
  value: unknown;
  source: EvidenceSource;
  locator: string | null;
  /** The value's format writes `.` as the decimal point: JSON-LD, `product:price:amount` (number rule 6). */
  dotDecimal: boolean;
  /** Page text quoted in the evidence (source `text`). */
  quote?: string;
  /**
   * Position class inside a structured source (entity rank, then depth): a value nearer the subject wins over a
   * better name match deeper down (`product.title` before `product.variants[0].name`). 0 for flat sources.
   */
  tier?: number;
}

/** A source in the trust order; `find` lists its candidates for one field, best first. */
export interface Provider {
  source: EvidenceSource;
  find(names: NameSet, wantsNumber: boolean): Candidate[];
}

/**
 * A provider over a fixed list. Within one tier the field's own name is tried across the list before its title and
 * synonyms, so a synonym never beats the exact name at the same position.
 */
export function listProvider(source: EvidenceSource, candidates: Candidate[]): Provider {
  const byKey = new Map<string, number[]>();
  candidates.forEach((c, index) => {
    for (const k of new Set(c.keys)) {
      const list = byKey.get(k);
      if (list) list.push(index);
      else byKey.set(k, [index]);
    }
  });
  return {
    source,
    find(names) {
      const matches: Array<{ c: Candidate; quality: number; index: number }> = [];
      const taken = new Set<number>();
      names.keys.forEach((key, quality) => {
        for (const index of byKey.get(key) ?? []) {
          if (taken.has(index)) continue;
          taken.add(index);
          matches.push({ c: candidates[index], quality, index });
        }
      });
      matches.sort((a, b) => (a.c.tier ?? 0) - (b.c.tier ?? 0) || a.quality - b.quality || a.index - b.index);
      return matches.map((m) => m.c);
    },
  };
}

/** Keys of a label (`Price (EUR)` → `priceeur`, `price`). */
export function labelKeys(label: string): string[] {
  const keys = [normKey(label)];
  const bare = normKey(label.replace(/\([^)]*\)|\[[^\]]*\]/g, ''));
  if (bare !== '' && !keys.includes(bare)) keys.push(bare);
  return keys.filter((k) => k !== '');
}

/** Collapses whitespace as a reader sees it. */
export function cleanText(s: string | null | undefined): string {
  return (s ?? '').replace(/\s+/g, ' ').trim();
}

// Members that carry the value of their parent (`brand.name`, `price.amount`, `image.url`): they also answer to it.
const CARRIER_KEYS = new Set(['name', 'value', '@value', 'amount', 'text', 'content', 'url', 'label']);
const PRODUCTISH = /product|item|offer|detail|listing|article|post/i;

export interface TreeOptions {
  source: EvidenceSource;
  dotDecimal: boolean;
  /** Locator for a path (segments with array indices as numbers); null for JSON-LD and microdata. */
  locator: (path: Array<string | number>) => string | null;
  /** Rank product-like branches first (hydration data, where a page holds many unrelated objects). */
  preferProductish: boolean;
  maxNodes: number;
  /** Rank of the whole tree inside its source (JSON-LD entity rank, microdata item rank, hydration block order). */
  tier?: number;
}

/** Every node of a JSON tree as a candidate, ordered by branch preference, then depth, then document order. */
export function flattenTree(root: unknown, opts: TreeOptions): Candidate[] {
  const found: Array<{ c: Candidate; depth: number; rank: number; order: number }> = [];
  let budget = opts.maxNodes;
  const walk = (value: unknown, path: Array<string | number>, productish: boolean): void => {
    if (budget-- <= 0) return;
    const names = path.filter((p): p is string => typeof p === 'string');
    const last = names[names.length - 1];
    if (last !== undefined && path[path.length - 1] === last && !(last.startsWith('@') && last !== '@value')) {
      const keys = [normKey(last)];
      const parent = names[names.length - 2];
      if (parent !== undefined) {
        if (CARRIER_KEYS.has(last)) keys.push(normKey(parent));
        keys.push(normKey(parent + last));
      }
      const c: Candidate = { keys: keys.filter((k) => k !== ''), value, source: opts.source, locator: opts.locator(path), dotDecimal: opts.dotDecimal };
      // Depth counts list positions too: `items[0].name` lies deeper than `product.title`.
      found.push({ c, depth: path.length, rank: opts.preferProductish && !productish ? 1 : 0, order: found.length });
    }
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i], productish));
    else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k], productish || PRODUCTISH.test(k));
    }
  };
  walk(root, [], false);
  found.sort((a, b) => a.rank - b.rank || a.depth - b.depth || a.order - b.order);
  return found.map((f) => ({ ...f.c, tier: (opts.tier ?? 0) * 1e6 + f.rank * 1e3 + Math.min(f.depth, 999) }));
}
