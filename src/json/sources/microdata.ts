// Microdata (HTML Living Standard §5.2): each top-level item, read as a JSON-like object by the page's one
// structured-data read (src/extract/structured.ts, shared with `document.product`), becomes candidates like
// JSON-LD's. Locator null (spec evidence record).
import type { JsonObject } from '../../extract/structured.ts';
import { flattenTree, listProvider, type Candidate, type Provider } from './candidate.ts';

type Item = JsonObject;

/** Top-level items (an itemscope that is not itemprop of another item), subject types first. */
export function microdataItems(items: readonly Item[]): Item[] {
  const rank = (it: Item): number =>
    /Product|Offer/.test(String(it['@type'] ?? '')) ? 0 : /WebSite|Organization|BreadcrumbList|WebPage/.test(String(it['@type'] ?? '')) ? 2 : 1;
  return items.map((it, order) => ({ it, order })).sort((a, b) => rank(a.it) - rank(b.it) || a.order - b.order).map((x) => x.it);
}

export function microdataCandidates(items: readonly Item[]): Candidate[] {
  return microdataItems(items).flatMap((item, i) =>
    flattenTree(item, { source: 'microdata', dotDecimal: false, locator: () => null, preferProductish: false, maxNodes: 5000, tier: i }),
  );
}

export function microdataProvider(items: readonly Item[]): Provider {
  return listProvider('microdata', microdataCandidates(items));
}
