// Structured-data readers: schema.org JSON-LD (https://json-ld.org/spec/latest/json-ld/) and microdata
// (WHATWG HTML §5) types and product values, plus Open Graph `og:type`. They only report what the page declares.
import { type DomElement } from './dom.ts';

export type JsonObject = { [k: string]: unknown };

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every JSON-LD node of the page: top-level objects, array entries and `@graph` members (one level deep). */
export function jsonLdNodes(blocks: readonly string[]): JsonObject[] {
  const out: JsonObject[] = [];
  const add = (v: unknown, depth: number): void => {
    if (Array.isArray(v)) {
      for (const x of v) add(x, depth);
    } else if (isObject(v)) {
      out.push(v);
      if (depth < 2 && v['@graph'] !== undefined) add(v['@graph'], depth + 1);
      if (depth < 2 && isObject(v['mainEntity'])) add(v['mainEntity'], depth + 1);
    }
  };
  for (const block of blocks) {
    const raw = block.trim();
    if (raw === '') continue;
    try {
      add(JSON.parse(raw), 0);
    } catch {
      // A malformed block declares nothing we can read.
    }
  }
  return out;
}

/** The schema.org type names of a JSON-LD node (`@type` may be a string or an array, possibly as full IRIs). */
export function typesOf(node: JsonObject): string[] {
  const t = node['@type'];
  const list = Array.isArray(t) ? t : [t];
  return list.filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^.*[/#]/, ''));
}

/** Type names declared by microdata `itemtype` attributes, in page order. */
export function microdataTypes(items: readonly DomElement[]): string[] {
  const out: string[] = [];
  for (const el of items) {
    for (const t of (el.getAttribute('itemtype') ?? '').split(/\s+/)) {
      if (t !== '') out.push(t.replace(/^.*[/#]/, ''));
    }
  }
  return out;
}

function scalar(v: unknown): string | number | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (Array.isArray(v) && v.length > 0) return scalar(v[0]);
  if (isObject(v)) return scalar(v['name'] ?? v['@value'] ?? v['url'] ?? null);
  return null;
}

function put(out: JsonObject, key: string, v: unknown): void {
  const s = scalar(v);
  if (s !== null && out[key] === undefined) out[key] = s;
}

/** Product values of a JSON-LD Product node, keys named after the spec's `document.product.<name>`. */
export function productFromJsonLd(node: JsonObject): JsonObject {
  const out: JsonObject = {};
  put(out, 'name', node['name']);
  put(out, 'brand', node['brand']);
  put(out, 'sku', node['sku']);
  put(out, 'mpn', node['mpn']);
  put(out, 'gtin', node['gtin13'] ?? node['gtin12'] ?? node['gtin14'] ?? node['gtin8'] ?? node['gtin']);
  put(out, 'image', node['image']);
  put(out, 'description', node['description']);
  const offers = Array.isArray(node['offers']) ? node['offers'][0] : node['offers'];
  if (isObject(offers)) {
    put(out, 'price', offers['price'] ?? offers['lowPrice']);
    put(out, 'currency', offers['priceCurrency']);
    const avail = scalar(offers['availability']);
    if (typeof avail === 'string') out['availability'] = avail.replace(/^.*[/#]/, '');
  }
  const rating = node['aggregateRating'];
  if (isObject(rating)) {
    put(out, 'ratingValue', rating['ratingValue']);
    put(out, 'reviewCount', rating['reviewCount'] ?? rating['ratingCount']);
  }
  return out;
}

function itempropValue(el: DomElement): string | null {
  const content = el.getAttribute('content');
  if (content !== null) return content.trim() || null;
  const tag = el.localName;
  if (tag === 'meta') return null;
  if (tag === 'link' || tag === 'a') return el.getAttribute('href');
  if (tag === 'img') return el.getAttribute('src');
  const t = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
}

/** Product values from a microdata Product item (its own itemprops, plus those of a nested Offer/Brand). */
export function productFromMicrodata(items: readonly DomElement[]): JsonObject | null {
  const item = items.find((el) =>
    /schema\.org\/Product$/i.test((el.getAttribute('itemtype') ?? '').trim()));
  if (item === undefined) return null;
  const out: JsonObject = {};
  const map: Record<string, string> = {
    name: 'name', brand: 'brand', sku: 'sku', mpn: 'mpn', gtin13: 'gtin', price: 'price', lowPrice: 'price',
    priceCurrency: 'currency', availability: 'availability', ratingValue: 'ratingValue', reviewCount: 'reviewCount',
  };
  for (const el of Array.from(item.querySelectorAll('[itemprop]'))) {
    for (const prop of (el.getAttribute('itemprop') ?? '').split(/\s+/)) {
      const key = map[prop];
      if (key === undefined || out[key] !== undefined) continue;
      if (prop === 'brand' && el.hasAttribute('itemscope')) {
        const n = el.querySelector('[itemprop~="name"]');
        const v = n === null ? null : itempropValue(n);
        if (v !== null) out[key] = v;
        continue;
      }
      const v = itempropValue(el);
      if (v !== null) out[key] = key === 'availability' ? v.replace(/^.*[/#]/, '') : v;
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}
