// The light DOM's document. Unlike linkedom's, its `head` and `body` getters never change the tree (linkedom's
// create and insert the element when it is missing); the extractor finds <body> itself (dom.ts bodyOf). A doctype
// is not kept as a node: nothing reads it, and linkedom's sat outside the sibling links anyway.
import { LightElement, LightParentNode, elementsByTagName } from './element.ts';
import { DOCUMENT_NODE, LightComment, LightNode, LightText } from './nodes.ts';

export class LightDocument extends LightParentNode {
  constructor() {
    super(DOCUMENT_NODE, '#document', null);
  }

  get textContent(): null {
    return null;
  }

  set textContent(_value: string | null) {
    // The DOM ignores textContent writes on a document.
  }

  /** The first element at the top, as in linkedom (repair.ts makes it the one <html>). */
  get documentElement(): LightElement | null {
    return this.firstElementChild;
  }

  get head(): LightElement | null {
    return childNamed(this.documentElement, 'head');
  }

  get body(): LightElement | null {
    return childNamed(this.documentElement, 'body');
  }

  /** Text of the first <title> in <head>, '' without one (linkedom's answer). */
  get title(): string {
    const head = this.head;
    const t = head === null ? undefined : elementsByTagName(head, 'title')[0];
    return t === undefined ? '' : t.textContent;
  }

  createElement(localName: string): LightElement {
    return new LightElement(this, localName);
  }

  createTextNode(data: string): LightText {
    return new LightText(this, String(data));
  }

  createComment(data: string): LightComment {
    return new LightComment(this, String(data));
  }

  cloneNode(deep = false): LightDocument {
    const copy = new LightDocument();
    if (deep) for (let c = this.firstChild; c !== null; c = c.nextSibling) copy.appendChild(cloneInto(c, copy));
    return copy;
  }

}

function childNamed(parent: LightElement | null, name: string): LightElement | null {
  for (let c = parent?.firstElementChild ?? null; c !== null; c = c.nextElementSibling) if (c.localName === name) return c;
  return null;
}

/** A deep copy of `node` owned by `doc` (a node's ownerDocument is fixed when it is made). */
function cloneInto(node: LightNode, doc: LightDocument): LightNode {
  if (node instanceof LightElement) {
    const el = new LightElement(doc, node.localName, node.attrs);
    for (let c = node.firstChild; c !== null; c = c.nextSibling) el.appendChild(cloneInto(c, doc));
    return el;
  }
  if (node instanceof LightText) return new LightText(doc, node.data);
  if (node instanceof LightComment) return new LightComment(doc, node.data);
  return node;
}
