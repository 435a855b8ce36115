// Read-only DOM helpers shared by the adapters.
import type { AdapterDocument, AdapterElement, AdapterNode, PageScript, ValueEvidence } from './types.ts';

export const all = (root: AdapterDocument | AdapterElement, selector: string): AdapterElement[] =>
  Array.from(root.querySelectorAll(selector));

/** Text as a reader sees it: whitespace collapsed, zero-width and bidi marks (common around addresses) dropped. */
export function clean(s: string | null | undefined): string {
  return (s ?? '').replace(/[\u200b-\u200f\u202a-\u202e\u2060\ufeff]/g, '').replace(/\s+/g, ' ').trim();
}

export const textOf = (el: AdapterElement | null): string => clean(el?.textContent);

const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'footer', 'h1', 'h2',
  'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'tr', 'ul',
]);

const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'svg']);

/**
 * Text of a post body as a reader sees it: blocks (paragraphs, quotes, list items) on their own lines, `<br>` a line
 * break, spaces collapsed within lines. `textContent` would glue the words of adjacent blocks in minified markup.
 */
export function blockText(el: AdapterElement): string {
  const parts: string[] = [];
  const walk = (node: AdapterNode, depth: number): void => {
    if (node.nodeType === 3) {
      parts.push(node.textContent ?? '');
      return;
    }
    if (node.nodeType !== 1 || depth > 200) return;
    const e = node as AdapterElement;
    if (SKIPPED.has(e.localName)) return;
    if (e.localName === 'br') {
      parts.push('\n');
      return;
    }
    const block = BLOCK.has(e.localName);
    if (block) parts.push('\n');
    for (const child of Array.from(e.childNodes)) walk(child, depth + 1);
    if (block) parts.push('\n');
  };
  walk(el, 0);
  return parts
    .join('')
    .replace(/[\u200b-\u200f\u202a-\u202e\u2060\ufeff]/g, '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** The first element of `selectors` (in that order) with non-empty text, and the selector that found it. */
export function firstText(
  root: AdapterDocument | AdapterElement,
  selectors: readonly string[],
): { el: AdapterElement; selector: string; text: string } | null {
  for (const selector of selectors) {
    for (const el of all(root, selector)) {
      const text = textOf(el);
      if (text !== '') return { el, selector, text };
    }
  }
  return null;
}

export const domEvidence = (locator: string, quote: string): ValueEvidence => ({ source: 'dom', locator, quote: clean(quote) });

/** Resolves a page reference against the page URL; null when it is no http(s) URL. */
export function absoluteUrl(ref: string | null, base: URL): string | null {
  if (ref === null || ref.trim() === '' || ref.trim().startsWith('data:')) return null;
  try {
    const u = new URL(ref.trim(), base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

export interface JsonLdBlock {
  /** Position among the page's JSON-LD scripts: the `jsonld[<index>]` of locators. */
  index: number;
  data: unknown;
}

/**
 * JSON-LD blocks of the page, parsed. The pipeline's parse cuts scripts out of the tree and hands them over as
 * `scripts` (src/extract/page.ts); a document parsed without that still has them as elements. A block that does not
 * parse is skipped (it proves nothing).
 */
export function jsonLdBlocks(doc: AdapterDocument, scripts?: readonly PageScript[]): JsonLdBlock[] {
  const texts = scripts
    ? scripts.filter((s) => s.type.trim().toLowerCase() === 'application/ld+json').map((s) => s.text)
    : all(doc, 'script[type="application/ld+json"]').map((el) => el.textContent ?? '');
  const out: JsonLdBlock[] = [];
  texts.forEach((text, index) => {
    try {
      out.push({ index, data: JSON.parse(text) });
    } catch {
      // An unreadable block is not evidence of anything.
    }
  });
  return out;
}

/** Every object node of a JSON-LD block whose @type includes `type`, with its path (`@graph[1]`). */
export function jsonLdNodesOfType(data: unknown, type: string): Array<{ node: Record<string, unknown>; path: string }> {
  const found: Array<{ node: Record<string, unknown>; path: string }> = [];
  const walk = (v: unknown, path: string, depth: number): void => {
    if (depth > 6 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${path}[${i}]`, depth + 1));
      return;
    }
    const node = v as Record<string, unknown>;
    const t = node['@type'];
    if (t === type || (Array.isArray(t) && t.includes(type))) found.push({ node, path });
    for (const [k, child] of Object.entries(node)) if (typeof child === 'object') walk(child, path ? `${path}.${k}` : k, depth + 1);
  };
  walk(data, '', 0);
  return found;
}

/** A scalar JSON-LD member as text (`"19.99"`, `19.99`), else null. */
export function scalarText(v: unknown): string | null {
  if (typeof v === 'string') return clean(v) || null;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

const ID_ROOTED = /^([a-z][\w-]*)?#([\w-]+)(?:\s+(.+))?$/i;

/**
 * The page with an id index: a selector rooted at an id (`#buybox .a-price`, `input#ASIN`) is answered from that
 * element's subtree instead of a walk of the whole tree, which on a large page (a store page holds thousands of
 * carousel tiles) is what makes the cost. Other selectors go to the document unchanged. Built once per adapter run;
 * reads only.
 */
export function indexedDocument(doc: AdapterDocument): AdapterDocument {
  let ids: Map<string, AdapterElement[]> | null = null;
  const byId = (id: string): AdapterElement[] => {
    if (ids === null) {
      const map = new Map<string, AdapterElement[]>();
      for (const el of all(doc, '[id]')) {
        const list = map.get(el.id);
        if (list) list.push(el);
        else map.set(el.id, [el]);
      }
      ids = map;
    }
    return ids.get(id) ?? [];
  };
  const rooted = (selector: string): AdapterElement[] | null => {
    const parts = selector.split(',').map((p) => p.trim());
    const matches = parts.map((p) => ID_ROOTED.exec(p));
    if (matches.some((m) => m === null)) return null;
    const out = new Set<AdapterElement>();
    for (const m of matches as RegExpExecArray[]) {
      const roots = byId(m[2]).filter((el) => m[1] === undefined || el.localName === m[1].toLowerCase());
      for (const root of roots) for (const el of m[3] === undefined ? [root] : all(root, m[3])) out.add(el);
    }
    return [...out];
  };
  return {
    querySelectorAll: (selector) => rooted(selector) ?? doc.querySelectorAll(selector),
    querySelector: (selector) => {
      const r = rooted(selector);
      return r === null ? doc.querySelector(selector) : (r[0] ?? null);
    },
  };
}
