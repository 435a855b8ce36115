// linkedom as a tree builder for parseDocument: the backend the light DOM replaced, kept as the reference its
// equivalence test compares against (equivalence.test.ts). Not imported by the pipeline.
import { parseHTML } from 'linkedom';
import type { DomDocument, HtmlTreeBuilder } from '../dom.ts';

interface RefAttr {
  name: string;
}

interface RefElement {
  attributes: ArrayLike<RefAttr>;
  removeAttributeNode(a: RefAttr): void;
}

/**
 * linkedom keeps attribute names as written (`<A HREF>`); an HTML tokenizer lower-cases them and keeps the first of
 * two that then share a name, as the light DOM does since D309. The reference does the same after parsing.
 */
function lowerCaseAttributeNames(doc: DomDocument): void {
  const all = (doc as unknown as { querySelectorAll(s: string): ArrayLike<RefElement> }).querySelectorAll('*');
  for (const el of Array.from(all)) {
    const seen = new Set<string>();
    for (const attr of Array.from(el.attributes)) {
      const lower = attr.name.toLowerCase();
      if (seen.has(lower)) el.removeAttributeNode(attr);
      else attr.name = lower;
      seen.add(lower);
    }
  }
}

export const linkedomTree: HtmlTreeBuilder = (source: string): DomDocument => {
  const doc = (parseHTML(source) as unknown as { document: DomDocument }).document;
  lowerCaseAttributeNames(doc);
  return doc;
};
