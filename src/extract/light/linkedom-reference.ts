// linkedom as a tree builder for parseDocument: the backend the light DOM replaced, kept as the reference its
// equivalence test compares against (equivalence.test.ts). Not imported by the pipeline.
import { parseHTML } from 'linkedom';
import type { DomDocument, HtmlTreeBuilder } from '../dom.ts';

export const linkedomTree: HtmlTreeBuilder = (source: string): DomDocument =>
  (parseHTML(source) as unknown as { document: DomDocument }).document;
