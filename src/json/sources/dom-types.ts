// The slice of the DOM the sources read, typed locally: linkedom's declarations resolve to `any` under the Workers
// type set, and this keeps the sources strictly typed.
import { parseHTML } from 'linkedom';

export interface DomElement {
  readonly tagName: string;
  readonly textContent: string | null;
  readonly children: ArrayLike<DomElement>;
  readonly parentElement: DomElement | null;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  querySelector(selector: string): DomElement | null;
}

export interface DomDocument {
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  querySelector(selector: string): DomElement | null;
}

/** Parses page HTML into a private document (the extractor mutates its own copy). */
export function parseDocument(html: string): DomDocument {
  const { document } = parseHTML(html) as { document: DomDocument };
  return document;
}

export const all = (root: DomDocument | DomElement, selector: string): DomElement[] =>
  Array.from(root.querySelectorAll(selector));
