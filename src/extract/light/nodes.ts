// The light DOM's node base, text and comment nodes. Every link is a plain field (parent, first/last child,
// previous/next sibling), so the extractor's walks are field reads; `childNodes` and `children` are arrays built on
// first use and dropped when the node's children change. Behaviour follows linkedom's (the previous backend) where
// the extractor or turndown can see it, so that the switch changes no output (equivalence.test.ts).
import type { LightDocument } from './document.ts';
import type { LightElement } from './element.ts';
import { innerHtml, outerHtml } from './serialize.ts';

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const COMMENT_NODE = 8;
export const DOCUMENT_NODE = 9;

/** What `contains` needs of its argument (so that the DOM interfaces' nodes can be passed too). */
interface Linked {
  readonly parentNode: Linked | null;
}

export abstract class LightNode {
  readonly nodeType: number;
  readonly nodeName: string;
  /** null for the document itself. */
  readonly ownerDocument: LightDocument | null;
  parentNode: LightNode | null = null;
  previousSibling: LightNode | null = null;
  nextSibling: LightNode | null = null;
  firstChild: LightNode | null = null;
  lastChild: LightNode | null = null;
  /** childNodes / children as last built; null once the children change. */
  childCache: LightNode[] | null = null;
  elementCache: LightElement[] | null = null;

  constructor(nodeType: number, nodeName: string, ownerDocument: LightDocument | null) {
    this.nodeType = nodeType;
    this.nodeName = nodeName;
    this.ownerDocument = ownerDocument;
  }

  abstract get textContent(): string | null;
  abstract set textContent(value: string | null);
  abstract cloneNode(deep?: boolean): LightNode;

  get parentElement(): LightElement | null {
    const p = this.parentNode;
    return p !== null && p.nodeType === ELEMENT_NODE ? (p as LightElement) : null;
  }

  get nextElementSibling(): LightElement | null {
    let n = this.nextSibling;
    while (n !== null && n.nodeType !== ELEMENT_NODE) n = n.nextSibling;
    return n as LightElement | null;
  }

  get previousElementSibling(): LightElement | null {
    let n = this.previousSibling;
    while (n !== null && n.nodeType !== ELEMENT_NODE) n = n.previousSibling;
    return n as LightElement | null;
  }

  get firstElementChild(): LightElement | null {
    let n = this.firstChild;
    while (n !== null && n.nodeType !== ELEMENT_NODE) n = n.nextSibling;
    return n as LightElement | null;
  }

  get lastElementChild(): LightElement | null {
    let n = this.lastChild;
    while (n !== null && n.nodeType !== ELEMENT_NODE) n = n.previousSibling;
    return n as LightElement | null;
  }

  /** The children, as an array that is shared until they change (callers must not modify it). */
  get childNodes(): readonly LightNode[] {
    if (this.childCache === null) {
      const out: LightNode[] = [];
      for (let n = this.firstChild; n !== null; n = n.nextSibling) out.push(n);
      this.childCache = out;
    }
    return this.childCache;
  }

  get children(): readonly LightElement[] {
    if (this.elementCache === null) {
      const out: LightElement[] = [];
      for (let n = this.firstChild; n !== null; n = n.nextSibling) if (n.nodeType === ELEMENT_NODE) out.push(n as LightElement);
      this.elementCache = out;
    }
    return this.elementCache;
  }

  /** HTML text, as linkedom writes it (serialize.ts). */
  toString(): string {
    return outerHtml(this);
  }

  get outerHTML(): string {
    return outerHtml(this);
  }

  get innerHTML(): string {
    return innerHtml(this);
  }

  hasChildNodes(): boolean {
    return this.firstChild !== null;
  }

  /** True for this node and every node below it. */
  contains(other: Linked | null): boolean {
    for (let n = other; n !== null; n = n.parentNode) if (n === this) return true;
    return false;
  }

  remove(): void {
    const p = this.parentNode;
    if (p === null) return;
    const prev = this.previousSibling;
    const next = this.nextSibling;
    if (prev === null) p.firstChild = next;
    else prev.nextSibling = next;
    if (next === null) p.lastChild = prev;
    else next.previousSibling = prev;
    this.parentNode = this.previousSibling = this.nextSibling = null;
    p.childCache = p.elementCache = null;
  }

  /** Moves `node` (from wherever it is) before `ref`, a child of this node, or to the end when `ref` is null. */
  insertBefore<T extends LightNode>(node: T, ref: LightNode | null): T {
    if (node === ref) return node;
    if (node.contains(this)) throw new Error('insertBefore: a node cannot be inserted below itself');
    if (ref !== null && ref.parentNode !== this) throw new Error('insertBefore: the reference node is not a child of this node');
    node.remove();
    const prev = ref === null ? this.lastChild : ref.previousSibling;
    node.parentNode = this;
    node.previousSibling = prev;
    node.nextSibling = ref;
    if (prev === null) this.firstChild = node;
    else prev.nextSibling = node;
    if (ref === null) this.lastChild = node;
    else ref.previousSibling = node;
    this.childCache = this.elementCache = null;
    return node;
  }

  appendChild<T extends LightNode>(node: T): T {
    return this.insertBefore(node, null);
  }

  removeChild<T extends LightNode>(node: T): T {
    if (node.parentNode !== this) throw new Error('removeChild: not a child of this node');
    node.remove();
    return node;
  }

  /** Puts `nodes` in this node's place, in order (this node may be one of them), and takes this node out. */
  replaceWith(...nodes: LightNode[]): void {
    const parent = this.parentNode;
    if (parent === null) return;
    let ref = this.nextSibling;
    while (ref !== null && nodes.includes(ref)) ref = ref.nextSibling;
    if (!nodes.includes(this)) this.remove();
    for (const n of nodes) parent.insertBefore(n, ref);
  }

  before(...nodes: LightNode[]): void {
    const parent = this.parentNode;
    if (parent === null) return;
    for (const n of nodes) if (n !== this) parent.insertBefore(n, this);
  }

  after(...nodes: LightNode[]): void {
    const parent = this.parentNode;
    if (parent === null) return;
    let ref = this.nextSibling;
    while (ref !== null && nodes.includes(ref)) ref = ref.nextSibling;
    for (const n of nodes) if (n !== this) parent.insertBefore(n, ref);
  }
}

/** The node after `n` in document order within `root`'s subtree, or null at the end (`n` inside `root`). */
/**
 * Appends a node that was just created (the parser's nodes, a clone's children) without the checks and child-array
 * resets of insertBefore: it has no parent yet, and the parent's child arrays have not been built.
 */
export function appendNew(parent: LightNode, child: LightNode): void {
  const last = parent.lastChild;
  child.parentNode = parent;
  child.previousSibling = last;
  if (last === null) parent.firstChild = child;
  else last.nextSibling = child;
  parent.lastChild = child;
}

export function nextInTree(n: LightNode, root: LightNode): LightNode | null {
  if (n.firstChild !== null) return n.firstChild;
  return nextSkippingChildren(n, root);
}

/** Like nextInTree, without descending into `n`. */
export function nextSkippingChildren(n: LightNode, root: LightNode): LightNode | null {
  for (let c: LightNode | null = n; c !== null && c !== root; c = c.parentNode) {
    if (c.nextSibling !== null) return c.nextSibling;
  }
  return null;
}

/** Text and CDATA content (WHATWG DOM `data`); linkedom's Text and Comment behave alike. */
abstract class LightCharacterData extends LightNode {
  data: string;

  constructor(nodeType: number, nodeName: string, doc: LightDocument | null, data: string) {
    super(nodeType, nodeName, doc);
    this.data = data;
  }

  get nodeValue(): string {
    return this.data;
  }

  set nodeValue(value: string) {
    this.data = String(value);
  }

  get textContent(): string {
    return this.data;
  }

  set textContent(value: string | null) {
    this.data = String(value);
  }
}

export class LightText extends LightCharacterData {
  constructor(doc: LightDocument | null, data: string) {
    super(TEXT_NODE, '#text', doc, data);
  }

  cloneNode(): LightText {
    return new LightText(this.ownerDocument, this.data);
  }
}

export class LightComment extends LightCharacterData {
  constructor(doc: LightDocument | null, data: string) {
    super(COMMENT_NODE, '#comment', doc, data);
  }

  cloneNode(): LightComment {
    return new LightComment(this.ownerDocument, this.data);
  }
}
