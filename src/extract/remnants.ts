// Boxes left with nothing but their title once what they held was removed (D330): a product slider's "Beliebte
// Wanderschuhe der Kategorie B", a link list's "Mehr zum Thema". The title names what is gone, so it goes too.
import { nonSpaceLength } from '../io/text.ts';
import { boundedText, type DomElement, normalizeSpace } from './dom.ts';
import { type StatsMap } from './stats.ts';

/** The most text (non-space characters) a box's title line has. */
const REMNANT_MAX_CHARS = 60;

/**
 * Of the parents of removed elements, those left with one short title line (no sentence's end) that were mostly
 * the removed part (three times the text they have left, by `stats` from before the removal). A box holding the
 * page's `<h1>` stays: the headline is not a box's title. `skip`: parents never removed (the content root, its core).
 */
export function titleRemnants(parents: ReadonlySet<DomElement | null>, stats: StatsMap, skip: (el: DomElement) => boolean): DomElement[] {
  const out: DomElement[] = [];
  for (const p of parents) {
    if (p === null || p.parentNode === null || skip(p)) continue;
    // Read only up to a title's length: these parents are often the page's largest blocks.
    const raw = boundedText(p, REMNANT_MAX_CHARS, (t, left) => nonSpaceLength(t, left + 1));
    if (raw === null) continue;
    const text = normalizeSpace(raw);
    const left = nonSpaceLength(text);
    const before = stats.get(p)?.chars ?? 0;
    if (left === 0 || before < 3 * left || /[.!?:]$/.test(text)) continue;
    if (p.querySelector('h1') !== null) continue;
    out.push(p);
  }
  return out;
}
