// One walk over the parsed document that collects everything the page declares: <title>, <meta>, <link rel>,
// <base>, every <a href>, the first <h1> and the top-level microdata items (JSON-LD is read from the scripts cut
// before parsing: dom.ts). Each querySelectorAll is a full tree walk, so gathering
// these in a single pass keeps the per-page cost down.
import { type DomDocument, type DomElement, type DomNode, ELEMENT_NODE } from './dom.ts';

export interface MetaEntry {
  /** Lower-cased `name`, or `property` when there is no name. */
  key: string;
  /** Lower-cased `property` (Open Graph), or null. */
  property: string | null;
  content: string | null;
}

export interface LinkEntry {
  rel: string[];
  href: string;
}

export interface PageScan {
  title: string | null;
  baseHref: string | null;
  metas: MetaEntry[];
  linkRels: LinkEntry[];
  anchors: string[];
  /** Text of the document's first <h1>, as written (before anything is removed). */
  firstH1: string | null;
  /** Elements with `itemscope` and no `itemprop`: the page's top-level microdata items. */
  microdataTops: DomElement[];
  /** <html>, <head> or <body> elements below their place (tags a browser ignores; repair.ts unwraps them). */
  strays: DomElement[];
}

export function scanDocument(doc: DomDocument): PageScan {
  const scan: PageScan = { title: null, baseHref: null, metas: [], linkRels: [], anchors: [], firstH1: null, microdataTops: [], strays: [] };
  const root = doc.documentElement;
  if (root !== null) visit(root, scan, false);
  return scan;
}

function visit(el: DomElement, scan: PageScan, inSvg: boolean): void {
  switch (el.localName) {
    case 'title':
      if (scan.title === null && !inSvg) scan.title = el.textContent ?? '';
      return;
    case 'meta': {
      const name = el.getAttribute('name');
      const property = el.getAttribute('property');
      const key = (name ?? property ?? '').trim().toLowerCase();
      if (key !== '') {
        scan.metas.push({ key, property: property?.trim().toLowerCase() ?? null, content: el.getAttribute('content') });
      }
      break;
    }
    case 'link': {
      const rel = el.getAttribute('rel');
      const href = el.getAttribute('href');
      if (rel !== null && href !== null) scan.linkRels.push({ rel: rel.toLowerCase().split(/\s+/), href });
      break;
    }
    case 'base': {
      const href = el.getAttribute('href');
      if (scan.baseHref === null && href !== null) scan.baseHref = href;
      break;
    }
    case 'a': {
      const href = el.getAttribute('href');
      if (href !== null) scan.anchors.push(href);
      break;
    }
    case 'html':
    case 'head':
    case 'body': {
      const parent = el.parentElement;
      const placed = el.localName === 'html' ? parent === null : parent !== null && parent.localName === 'html' && parent.parentElement === null;
      if (!placed) scan.strays.push(el);
      break;
    }
    case 'h1':
      if (scan.firstH1 === null) scan.firstH1 = el.textContent ?? '';
      break;
    case 'svg':
      inSvg = true;
      break;
    default:
      break;
  }
  if (el.hasAttribute('itemscope') && !el.hasAttribute('itemprop')) scan.microdataTops.push(el);
  for (let c: DomNode | null = el.firstChild; c !== null; c = c.nextSibling) {
    if (c.nodeType === ELEMENT_NODE) visit(c as DomElement, scan, inSvg);
  }
}
