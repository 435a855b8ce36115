// One walk over the parsed document that collects everything the page declares: <title>, <meta>, <link rel>,
// <base>, every <a href>, JSON-LD blocks and microdata items. linkedom answers each querySelectorAll with a full
// tree walk, so gathering these in a single pass keeps the per-page cost down.
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
  jsonLd: string[];
  items: DomElement[];
}

export function scanDocument(doc: DomDocument): PageScan {
  const scan: PageScan = { title: null, baseHref: null, metas: [], linkRels: [], anchors: [], jsonLd: [], items: [] };
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
    case 'script':
      if (/application\/ld\+json/i.test(el.getAttribute('type') ?? '')) scan.jsonLd.push(el.textContent ?? '');
      return;
    case 'svg':
      inSvg = true;
      break;
    default:
      break;
  }
  if (el.hasAttribute('itemtype')) scan.items.push(el);
  for (let c: DomNode | null = el.firstChild; c !== null; c = c.nextSibling) {
    if (c.nodeType === ELEMENT_NODE) visit(c as DomElement, scan, inSvg);
  }
}
