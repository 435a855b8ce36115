// Boxes left with nothing but their title once what they held was removed (D330): a product slider's "Beliebte
// Wanderschuhe der Kategorie B", a link list's "Mehr zum Thema". The title names what is gone, so it goes too.
import { nonSpaceLength } from '../io/text.ts';
import { type DomElement, type DomNode, TEXT_NODE } from './dom.ts';
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
    const text = shortText(p, REMNANT_MAX_CHARS);
    if (text === null) continue;
    const left = nonSpaceLength(text);
    const before = stats.get(p)?.chars ?? 0;
    if (left === 0 || before < 3 * left || /[.!?:]$/.test(text)) continue;
    if (p.querySelector('h1') !== null) continue;
    out.push(p);
  }
  return out;
}

/**
 * The text of `el` with spaces collapsed, or null once it passes `max` non-space characters. Why not textContent:
 * the parents of removed elements are often the page's largest blocks, whose whole text would be built only to learn
 * that it is long.
 */
function shortText(el: DomElement, max: number): string | null {
  let out = '';
  let count = 0;
  for (let n: DomNode | null = el.firstChild; n !== null; n = nextInside(n, el)) {
    if (n.nodeType !== TEXT_NODE) continue;
    const t = n.textContent ?? '';
    count += nonSpaceLength(t, max + 1 - count);
    if (count > max) return null;
    out += t;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** The node after `n` in document order, staying inside `root`. */
function nextInside(n: DomNode, root: DomNode): DomNode | null {
  if (n.firstChild !== null) return n.firstChild;
  for (let c: DomNode | null = n; c !== null && c !== root; c = c.parentNode) if (c.nextSibling !== null) return c.nextSibling;
  return null;
}
