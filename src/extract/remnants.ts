// Titles left with nothing to title once what they held was removed: a box holding only its title line (D330: a
// product slider's "Beliebte Wanderschuhe der Kategorie B", a link list's "Mehr zum Thema"), and headings that end
// the content (D348). The title names what is gone, so it goes too.
import { nonSpaceLength } from '../io/text.ts';
import { boundedText, type DomElement, type DomNode, HEADING_TAGS, isElement, normalizeSpace, TEXT_NODE } from './dom.ts';
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

/**
 * What shows something without text: a picture following a heading is its section's content. (Media, embeds and
 * drawings left with the other non-content elements before the content was chosen: removeNonContent.)
 */
const PICTURE = 'img';

/**
 * The last node that shows something (a text node with non-space text, or a picture) in `start` or its
 * earlier siblings, looking inside elements.
 */
function shownFrom(start: DomNode | null): DomNode | null {
  for (let c = start; c !== null; c = c.previousSibling) {
    if (c.nodeType === TEXT_NODE) {
      if (/\S/.test(c.textContent ?? '')) return c;
    } else if (isElement(c)) {
      if (c.localName === PICTURE) return c;
      const found = shownFrom(c.lastChild);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The last node before `node` (in document order, under `root`) that shows something. */
function shownBefore(node: DomNode, root: DomElement): DomNode | null {
  for (let n: DomNode | null = node; n !== null && n !== root; n = n.parentNode) {
    const found = shownFrom(n.previousSibling);
    if (found !== null) return found;
  }
  return null;
}

/** The heading `node` is in, below `root`. */
function headingOf(node: DomNode, root: DomElement): DomElement | null {
  for (let a = node.parentNode; a !== null && a !== root; a = a.parentNode) {
    if (isElement(a) && HEADING_TAGS.has(a.localName)) return a;
  }
  return null;
}

/**
 * Headings that end the content: the box they titled ("Popular on IndieWire", "Weitere Anleitungen zu diesem
 * Thema", a recipe card's "Nährwerte") was removed and nothing follows them, so they head nothing (D348). A heading
 * that is all the content's text stays (the output is never emptied here).
 */
export function trailingHeadings(root: DomElement): DomElement[] {
  const out: DomElement[] = [];
  // A run of them where a sidebar's boxes were (each box's heading left, its links gone); bounded all the same.
  for (let last = shownFrom(root.lastChild); last !== null && out.length < 20; ) {
    const heading = headingOf(last, root);
    if (heading === null) break;
    last = shownBefore(heading, root);
    if (last === null) break;
    out.push(heading);
  }
  return out;
}
