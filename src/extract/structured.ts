// The one reader of the structured data a page declares: schema.org JSON-LD (https://json-ld.org/spec/latest/json-ld/)
// and microdata items (WHATWG HTML §5.2). It runs once per page, at parse time, before the extractor removes
// anything (page.ts). `document.pageType` / `document.product` (document-info.ts) and the JSON filler
// (src/json/sources/jsonld.ts, microdata.ts) read the same lists, so they cannot disagree about what a page declares.
import { type DomElement, type RawScript, normalizeSpace } from './dom.ts';

export type JsonObject = { [k: string]: unknown };

export interface StructuredData {
  /** JSON-LD entities (objects with `@type`) in page order: arrays, `@graph` members and `mainEntity` flattened. */
  jsonLd: JsonObject[];
  /** Top-level microdata items as JSON-like objects (`@type` = first itemtype, schema.org prefix cut). */
  microdata: JsonObject[];
}

/** Nesting followed into `@graph` / `mainEntity` / arrays (a hostile block cannot recurse the stack away). */
const MAX_LD_DEPTH = 8;
/** Nested microdata items followed. */
const MAX_ITEM_DEPTH = 8;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parses one JSON-LD block leniently: HTML comment and CDATA wrappers, raw control characters inside strings. */
export function parseJsonLdBlock(text: string): unknown {
  const body = text.trim().replace(/^<!--|-->$/g, '').replace(/^\s*\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>\s*$/g, '').trim();
  if (body === '') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    try {
      return JSON.parse(body.replace(/[\u0000-\u001f]+/g, ' '));
    } catch {
      return undefined; // a malformed block declares nothing we can read
    }
  }
}

/** The entities of the page's JSON-LD blocks (scripts of type application/ld+json), in page order. */
export function jsonLdEntities(scripts: readonly RawScript[]): JsonObject[] {
  const nodes: JsonObject[] = [];
  const push = (v: unknown, depth: number): void => {
    if (depth > MAX_LD_DEPTH) return;
    if (Array.isArray(v)) {
      for (const x of v) push(x, depth + 1);
    } else if (isObject(v)) {
      if (Array.isArray(v['@graph'])) push(v['@graph'], depth + 1);
      if ('@type' in v) nodes.push(v);
      if (isObject(v['mainEntity'])) push(v['mainEntity'], depth + 1);
    }
  };
  for (const s of scripts) {
    if (/^application\/ld\+json\b/.test(s.type)) push(parseJsonLdBlock(s.text), 0);
  }
  return nodes;
}

/** The property value of an element (HTML §5.2.4 "Values"). */
function propertyValue(el: DomElement): string {
  const tag = el.localName;
  if (tag === 'meta') return el.getAttribute('content') ?? '';
  if (['audio', 'embed', 'iframe', 'img', 'source', 'track', 'video'].includes(tag)) return el.getAttribute('src') ?? '';
  if (tag === 'a' || tag === 'area' || tag === 'link') return el.getAttribute('href') ?? '';
  if (tag === 'object') return el.getAttribute('data') ?? '';
  if (tag === 'data' || tag === 'meter') return el.getAttribute('value') ?? '';
  if (tag === 'time' && el.hasAttribute('datetime')) return el.getAttribute('datetime') ?? '';
  // `content` on any element is a common (non-standard) carrier of the machine value, e.g. `<span itemprop=price content=…>`.
  if (el.hasAttribute('content')) return el.getAttribute('content') ?? '';
  return normalizeSpace(el.textContent ?? '');
}

function addValue(item: JsonObject, name: string, value: unknown): void {
  const prev = item[name];
  if (prev === undefined) item[name] = value;
  else if (Array.isArray(prev)) prev.push(value);
  else item[name] = [prev, value];
}

function readItem(scope: DomElement, depth: number): JsonObject {
  const item: JsonObject = {};
  const type = scope.getAttribute('itemtype');
  if (type !== null && type.trim() !== '') item['@type'] = type.trim().split(/\s+/)[0].replace(/^https?:\/\/schema\.org\//, '');
  const collect = (el: DomElement): void => {
    for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling) {
      const prop = child.getAttribute('itemprop');
      const isScope = child.hasAttribute('itemscope');
      if (prop !== null && prop.trim() !== '') {
        const value = isScope ? (depth < MAX_ITEM_DEPTH ? readItem(child, depth + 1) : {}) : propertyValue(child);
        for (const name of prop.trim().split(/\s+/)) addValue(item, name, value);
      }
      // A nested scope owns its descendants' properties.
      if (!isScope) collect(child);
    }
  };
  collect(scope);
  return item;
}

/** Items of the top-level item elements (an itemscope that is not the itemprop of another item), page order. */
export function readMicrodata(tops: readonly DomElement[]): JsonObject[] {
  return tops.map((el) => readItem(el, 0));
}

export function readStructured(scripts: readonly RawScript[], microdataTops: readonly DomElement[]): StructuredData {
  return { jsonLd: jsonLdEntities(scripts), microdata: readMicrodata(microdataTops) };
}

/** The schema.org type names of a node (`@type` may be a string or an array, possibly as full IRIs). */
export function typesOf(node: JsonObject): string[] {
  const t = node['@type'];
  const list = Array.isArray(t) ? t : [t];
  return list.filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^.*[/#]/, ''));
}

/** Every item of a microdata tree, nested ones included, in page order. */
export function microdataTree(items: readonly JsonObject[]): JsonObject[] {
  const out: JsonObject[] = [];
  const walk = (v: unknown, depth: number): void => {
    if (depth > MAX_ITEM_DEPTH + 1) return;
    if (Array.isArray(v)) for (const x of v) walk(x, depth);
    else if (isObject(v)) {
      out.push(v);
      for (const [k, x] of Object.entries(v)) if (k !== '@type') walk(x, depth + 1);
    }
  };
  walk(items, 0);
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

const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

/**
 * Product values of a Product entity (JSON-LD node or microdata item: the same shape), keys named after the spec's
 * `document.product.<name>`.
 */
export function productValues(node: JsonObject): JsonObject {
  const out: JsonObject = {};
  put(out, 'name', node['name']);
  put(out, 'brand', node['brand']);
  put(out, 'sku', node['sku']);
  put(out, 'mpn', node['mpn']);
  put(out, 'gtin', node['gtin13'] ?? node['gtin12'] ?? node['gtin14'] ?? node['gtin8'] ?? node['gtin']);
  put(out, 'image', node['image']);
  put(out, 'description', node['description']);
  const offers = first(node['offers']);
  const offer = isObject(offers) ? offers : node;
  put(out, 'price', offer['price'] ?? offer['lowPrice']);
  put(out, 'currency', offer['priceCurrency']);
  const avail = scalar(offer['availability']);
  if (typeof avail === 'string') out['availability'] = avail.replace(/^.*[/#]/, '');
  const rating = first(node['aggregateRating']);
  const r = isObject(rating) ? rating : node;
  put(out, 'ratingValue', r['ratingValue']);
  put(out, 'reviewCount', r['reviewCount'] ?? r['ratingCount']);
  return out;
}

const PRODUCT = /^(?:Product|ProductGroup|IndividualProduct)$/;

/** The page's first Product entity: JSON-LD first, then microdata (nested items included). */
export function productEntities(data: StructuredData): { jsonLd: JsonObject | undefined; microdata: JsonObject | undefined } {
  const isProduct = (n: JsonObject): boolean => typesOf(n).some((t) => PRODUCT.test(t));
  return { jsonLd: data.jsonLd.find(isProduct), microdata: microdataTree(data.microdata).find(isProduct) };
}
