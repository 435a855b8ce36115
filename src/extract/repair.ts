// Tree repair after parsing. The tree builder (htmlparser2's events, as linkedom built it before) places elements as
// the tags say, not as the HTML parsing algorithm (WHATWG HTML §13.2.6) would; browsers, whose view of a page users
// judge us by, put the same markup elsewhere:
//  - anything before <html> (a PHP warning, a <br>, a <meta>, a <base>) becomes the document element, and the
//    real <html> its sibling; a browser puts metadata into <head> and everything else at the start of <body>;
//  - a page without <body> (or whose <head> is never closed) keeps the whole article inside <head>; a browser ends
//    <head> at the first element that does not belong there and puts it and what follows into <body>;
//  - content between </head> and <body>, or after </body>, stays a child of <html>; a browser puts it into <body>;
//  - a second <head>, <body> or <html> tag becomes an element of its own; a browser ignores the tag and keeps its
//    children where they stand;
//  - a legacy void element the tokenizer does not know as void (<bgsound>) holds everything after it; a browser
//    gives it no children.
// The repair moves nodes only (never copies text), so the extractor sees what a browser would.
import type { DomDocument, DomElement, DomNode } from './dom.ts';

// Node types (DOM §4.4), spelled here so that dom.ts, which calls this module, is imported for types only.
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const DOCUMENT_TYPE_NODE = 10;

/** Elements a browser keeps in <head> ("in head" insertion mode). */
const HEAD_TAGS = new Set(['title', 'meta', 'link', 'base', 'style', 'script', 'noscript', 'template', 'basefont', 'bgsound']);

function isBlankText(n: DomNode): boolean {
  return n.nodeType === TEXT_NODE && (n.textContent ?? '').trim() === '';
}

/** `first` and the siblings after it, as an array (callers move or remove them). */
export function nodesFrom(first: DomNode | null): DomNode[] {
  const out: DomNode[] = [];
  for (let n = first; n !== null; n = n.nextSibling) out.push(n);
  return out;
}

function tagOf(n: DomNode): string | null {
  return n.nodeType === ELEMENT_NODE ? (n as DomElement).localName : null;
}

/** Replaces an element by its children (a tag the parser should have ignored). */
export function unwrap(el: DomElement): void {
  el.replaceWith(...nodesFrom(el.firstChild));
}

/**
 * A void element of HTML (§13.1.2) that htmlparser2 treats as a container: <bgsound>. Among the children of `parent`
 * (the root or <head>, where it swallows the page and keeps it out of <body>), what one holds is moved out to follow
 * it, in order. Elsewhere its content stays in the body's text, so nothing is looked for there.
 */
function emptyVoids(parent: DomElement): void {
  for (let n = parent.firstChild; n !== null; n = n.nextSibling) {
    if (tagOf(n) !== 'bgsound') continue;
    const next = n.nextSibling;
    for (const k of nodesFrom(n.firstChild)) parent.insertBefore(k, next);
  }
}

/** Repairs the top of the tree: one <html> root holding <head> and <body>, everything in its place (see above). */
export function repairTree(doc: DomDocument): void {
  const html = rootHtml(doc);
  emptyVoids(html);
  const toHead: DomNode[] = [];
  const preHead: DomNode[] = [];
  const before: DomNode[] = [];
  const after: DomNode[] = [];
  let head: DomElement | null = null;
  let body: DomElement | null = null;
  // Where a content node goes: before <head> (stray output: first in <body>), before <body>, or after it.
  const place = (): DomNode[] => (body !== null ? after : head === null ? preHead : before);
  for (const n of nodesFrom(html.firstChild)) {
    const tag = tagOf(n);
    if (tag === 'head' && head === null) head = n as DomElement;
    else if (tag === 'body' && body === null) body = n as DomElement;
    else if (tag === 'head' || tag === 'body' || tag === 'html') {
      for (const c of nodesFrom(n.firstChild)) {
        const ct = tagOf(c);
        (tag === 'head' && ct !== null && HEAD_TAGS.has(ct) ? toHead : place()).push(c);
      }
      n.remove();
    } else if (tag !== null && HEAD_TAGS.has(tag) && body === null) toHead.push(n);
    else if (!isBlankText(n)) place().push(n);
  }
  if (head !== null) before.unshift(...headOverflow(head));
  before.unshift(...preHead);
  if (toHead.length > 0) {
    head ??= html.insertBefore(doc.createElement('head'), html.firstChild) as DomElement;
    for (const n of toHead) head.appendChild(n);
  }
  if (before.length === 0 && after.length === 0) return;
  body ??= html.appendChild(doc.createElement('body')) as DomElement;
  const first = body.firstChild;
  for (const n of before) body.insertBefore(n, first);
  for (const n of after) body.appendChild(n);
}

/**
 * The one <html> root. Nodes before or beside it at the top (stray output before `<html>`) move into it: metadata
 * to the front (repairTree sends it to <head>), the rest likewise to the front (it goes to the start of <body>).
 */
function rootHtml(doc: DomDocument): DomElement {
  // childNodes, not firstChild/nextSibling: a doctype node may have no next sibling (linkedom's had none).
  const top = Array.from(doc.childNodes).filter((n) => n.nodeType !== DOCUMENT_TYPE_NODE);
  let html = top.find((n) => tagOf(n) === 'html') as DomElement | undefined;
  if (html === undefined) {
    html = doc.createElement('html');
    doc.appendChild(html);
  }
  const stray = top.filter((n) => n !== html && !isBlankText(n));
  const ref = html.firstChild;
  for (const n of stray) html.insertBefore(n, ref);
  return html;
}

/**
 * Nodes that a browser would not have kept in <head>: from the first element that does not belong there (or the
 * first text that is not white space) to the end. A nested <head> tag is ignored (unwrapped) on the way.
 */
function headOverflow(head: DomElement): DomNode[] {
  emptyVoids(head);
  let n = head.firstChild;
  while (n !== null) {
    const tag = tagOf(n);
    if (tag === 'head') {
      const next = n.firstChild ?? n.nextSibling;
      unwrap(n as DomElement);
      n = next;
      continue;
    }
    if ((tag === null && !isBlankText(n) && n.nodeType === TEXT_NODE) || (tag !== null && !HEAD_TAGS.has(tag))) break;
    n = n.nextSibling;
  }
  const out = nodesFrom(n);
  for (const x of out) x.remove();
  return out;
}
