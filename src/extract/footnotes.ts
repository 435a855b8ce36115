// The footnotes a text points to (D447): its marks link into the page (`<a href="#nb1">1</a>`), and the notes they
// name may sit in a block of their own beside the text's (SPIP's `div.notes` after `div.texte`). They are the text's;
// selection keeps a block that holds one (`dom.ts` `holdsNamed`).
import type { DomElement } from './dom.ts';
import { FOOTNOTE_MARK } from './sentences.ts';

/** The names (ids, anchors' names) the footnote marks in `text` link to: links to "#…" whose text is a mark. */
export function footnoteTargets(text: DomElement): ReadonlySet<string> {
  const names = new Set<string>();
  for (const a of Array.from(text.querySelectorAll('a[href^="#"]'))) {
    const mark = (a.textContent ?? '').trim();
    if (FOOTNOTE_MARK.test(mark)) names.add((a.getAttribute('href') ?? '').slice(1));
  }
  return names;
}
