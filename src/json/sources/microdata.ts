// Microdata (HTML Living Standard §5.2): each top-level item becomes a JSON-like object, then candidates like
// JSON-LD's. Locator null (spec evidence record).
import { cleanText, flattenTree, listProvider, type Candidate, type Provider } from './candidate.ts';
import { all, type DomDocument, type DomElement } from './dom-types.ts';

type Item = Record<string, unknown>;

/** The property value of an element (HTML §5.2.4 "Values"). */
function propertyValue(el: DomElement): string {
  const tag = el.tagName.toLowerCase();
  if (tag === 'meta') return el.getAttribute('content') ?? '';
  if (['audio', 'embed', 'iframe', 'img', 'source', 'track', 'video'].includes(tag)) return el.getAttribute('src') ?? '';
  if (['a', 'area', 'link'].includes(tag)) return el.getAttribute('href') ?? '';
  if (tag === 'object') return el.getAttribute('data') ?? '';
  if (tag === 'data' || tag === 'meter') return el.getAttribute('value') ?? '';
  if (tag === 'time' && el.hasAttribute('datetime')) return el.getAttribute('datetime') ?? '';
  // `content` on any element is a common (non-standard) carrier of the machine value, e.g. `<span itemprop=price content=…>`.
  if (el.hasAttribute('content')) return el.getAttribute('content') ?? '';
  return cleanText(el.textContent);
}

function addValue(item: Item, name: string, value: unknown): void {
  const prev = item[name];
  if (prev === undefined) item[name] = value;
  else if (Array.isArray(prev)) prev.push(value);
  else item[name] = [prev, value];
}

function readItem(scope: DomElement, depth: number): Item {
  const item: Item = {};
  const type = scope.getAttribute('itemtype');
  if (type) item['@type'] = type.trim().split(/\s+/)[0].replace(/^https?:\/\/schema\.org\//, '');
  const collect = (el: DomElement): void => {
    for (const child of Array.from(el.children)) {
      const prop = child.getAttribute('itemprop');
      const isScope = child.hasAttribute('itemscope');
      if (prop) {
        const value = isScope ? (depth < 8 ? readItem(child, depth + 1) : {}) : propertyValue(child);
        for (const name of prop.trim().split(/\s+/)) addValue(item, name, value);
      }
      // A nested scope owns its descendants' properties.
      if (!isScope) collect(child);
    }
  };
  collect(scope);
  return item;
}

/** Top-level items (an itemscope that is not itemprop of another item), subject types first. */
export function microdataItems(doc: DomDocument): Item[] {
  const items = all(doc, '[itemscope]:not([itemprop])').map((el) => readItem(el, 0));
  const rank = (it: Item): number =>
    /Product|Offer/.test(String(it['@type'] ?? '')) ? 0 : /WebSite|Organization|BreadcrumbList|WebPage/.test(String(it['@type'] ?? '')) ? 2 : 1;
  return items.map((it, order) => ({ it, order })).sort((a, b) => rank(a.it) - rank(b.it) || a.order - b.order).map((x) => x.it);
}

export function microdataCandidates(doc: DomDocument): Candidate[] {
  return microdataItems(doc).flatMap((item, i) =>
    flattenTree(item, { source: 'microdata', dotDecimal: false, locator: () => null, preferProductish: false, maxNodes: 5000, tier: i }),
  );
}

export function microdataProvider(doc: DomDocument): Provider {
  return listProvider('microdata', microdataCandidates(doc));
}
