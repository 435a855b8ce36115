// Elements of the light DOM. Attributes sit in one flat array, [name, value, name, value...], in the order the page
// wrote them; elements have few, so a scan beats a map, and arrays are replaced, never changed in place, so clones
// share them. Two of linkedom's quirks are kept so that every answer matches the old backend's: the `class`
// value is normalised as a DOMTokenList would (split on white space, empty and repeated tokens dropped, joined by one
// space), and `getAttribute('class')` answers '' rather than null on an element without one.
import type { LightDocument } from './document.ts';
import { ELEMENT_NODE, LightNode, LightText, TEXT_NODE, appendNew, nextInTree, nextSkippingChildren } from './nodes.ts';
import { matcher } from './select.ts';

const NO_ATTRS: readonly string[] = Object.freeze([]);

const upperNames = new Map<string, string>();

/** `DIV` for `div` (linkedom and browsers upper-case HTML element names), memoised: tag names repeat. */
function upperName(localName: string): string {
  let u = upperNames.get(localName);
  if (u === undefined) {
    u = localName.toUpperCase();
    if (upperNames.size < 4096) upperNames.set(localName, u);
  }
  return u;
}

/** A class attribute as linkedom stores it (DOMTokenList semantics, see the file header). */
export function normalizeClass(value: string): string {
  const tokens = value.split(/\s+/);
  if (tokens.length === 1) return value;
  const seen: string[] = [];
  for (const t of tokens) if (t !== '' && !seen.includes(t)) seen.push(t);
  return seen.join(' ');
}

/** Flat attribute array from htmlparser2's attribute object (its key order: the order linkedom kept). */
export function attributesFrom(attribs: Record<string, string>): readonly string[] {
  let out: string[] | null = null;
  for (const name in attribs) {
    out ??= [];
    const value = attribs[name];
    out.push(name, name === 'class' ? normalizeClass(value) : value);
  }
  return out ?? NO_ATTRS;
}

/** What elements and documents share (the DOM's ParentNode queries). */
export abstract class LightParentNode extends LightNode {
  querySelector(selector: string): LightElement | null {
    return firstMatch(this, selector);
  }

  querySelectorAll(selector: string): LightElement[] {
    return allMatches(this, selector);
  }

  getElementsByTagName(name: string): LightElement[] {
    return elementsByTagName(this, name);
  }
}

export class LightElement extends LightParentNode {
  readonly localName: string;
  attrs: readonly string[];

  constructor(doc: LightDocument, localName: string, attrs: readonly string[] = NO_ATTRS) {
    super(ELEMENT_NODE, upperName(localName), doc);
    this.localName = localName;
    this.attrs = attrs;
  }

  get tagName(): string {
    return this.nodeName;
  }

  get id(): string {
    return this.getAttribute('id') || '';
  }

  /** Index of the attribute's name in `attrs`, or -1. Names compare exactly: the parser lower-cases them (D309). */
  private attrIndex(name: string): number {
    const a = this.attrs;
    for (let i = 0; i < a.length; i += 2) if (a[i] === name) return i;
    return -1;
  }

  /** The stored value, null when absent (what selectors compare). */
  attributeValue(name: string): string | null {
    const i = this.attrIndex(name);
    return i < 0 ? null : this.attrs[i + 1];
  }

  getAttribute(name: string): string | null {
    const i = this.attrIndex(name);
    if (i >= 0) return this.attrs[i + 1];
    return name === 'class' ? '' : null;
  }

  hasAttribute(name: string): boolean {
    return this.attrIndex(name) >= 0;
  }

  getAttributeNames(): string[] {
    return this.attrs.filter((_v, i) => i % 2 === 0);
  }

  /** A new attribute goes first, as in linkedom. */
  setAttribute(name: string, value: string): void {
    const v = name === 'class' ? normalizeClass(String(value)) : String(value);
    const i = this.attrIndex(name);
    if (i < 0) {
      this.attrs = [name, v, ...this.attrs];
      return;
    }
    const next = this.attrs.slice();
    next[i + 1] = v;
    this.attrs = next;
  }

  removeAttribute(name: string): void {
    const i = this.attrIndex(name);
    if (i < 0) return;
    const next = this.attrs.slice();
    next.splice(i, 2);
    this.attrs = next;
  }

  get textContent(): string {
    const only = this.firstChild;
    if (only !== null && only.nextSibling === null && only.nodeType === TEXT_NODE) return (only as LightText).data;
    let out = '';
    for (let n = only; n !== null; n = nextInTree(n, this)) if (n.nodeType === TEXT_NODE) out += (n as LightText).data;
    return out;
  }

  set textContent(value: string | null) {
    while (this.firstChild !== null) this.firstChild.remove();
    if (value !== null && value !== '') this.appendChild(new LightText(this.ownerDocument, String(value)));
  }

  cloneNode(deep = false): LightElement {
    const copy = new LightElement(this.ownerDocument as LightDocument, this.localName, this.attrs);
    if (deep) for (let c = this.firstChild; c !== null; c = c.nextSibling) appendNew(copy, c.cloneNode(true));
    return copy;
  }

  matches(selector: string): boolean {
    return matcher(selector, this)(this);
  }

  closest(selector: string): LightElement | null {
    const test = matcher(selector, this);
    for (let e: LightElement | null = this; e !== null; e = e.parentElement) if (test(e)) return e;
    return null;
  }

}


/**
 * The element after `n` below `root`, in document order. Like linkedom's queries, the walk does not enter a
 * <template> (its content is not part of the document).
 */
function nextElement(n: LightNode, root: LightNode): LightElement | null {
  let c = n !== root && n.nodeType === ELEMENT_NODE && (n as LightElement).localName === 'template'
    ? nextSkippingChildren(n, root)
    : nextInTree(n, root);
  while (c !== null && c.nodeType !== ELEMENT_NODE) c = nextInTree(c, root);
  return c as LightElement | null;
}

export function firstMatch(root: LightNode, selector: string): LightElement | null {
  const test = matcher(selector, root);
  for (let e = nextElement(root, root); e !== null; e = nextElement(e, root)) if (test(e)) return e;
  return null;
}

export function allMatches(root: LightNode, selector: string): LightElement[] {
  const test = matcher(selector, root);
  const out: LightElement[] = [];
  for (let e = nextElement(root, root); e !== null; e = nextElement(e, root)) if (test(e)) out.push(e);
  return out;
}

/** linkedom's getElementsByTagName: `localName` or the upper-case `nodeName` equal to `name` (turndown asks `BR`). */
export function elementsByTagName(root: LightNode, name: string): LightElement[] {
  const out: LightElement[] = [];
  for (let n = nextInTree(root, root); n !== null; n = nextInTree(n, root)) {
    if (n.nodeType === ELEMENT_NODE && ((n as LightElement).localName === name || n.nodeName === name)) out.push(n as LightElement);
  }
  return out;
}
