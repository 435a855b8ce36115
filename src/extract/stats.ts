// Text statistics of every element, computed in one post-order walk.
//
// Text is cut into "units": the inline text of one block element (a paragraph, a list item, a heading, the loose
// text of a div). Each unit gets a value that is positive for prose and negative for link lists:
//   value = chars − 2 × linkChars   (chars = non-space characters; link text counts against the unit)
// so a unit that is half link text is worth nothing, and a pure navigation item is worth −its length.
// An element's `score` is the sum of the values of the units inside it. The main content is then the subtree
// with the highest score (select.ts): it gathers the prose and stops where link lists start to outweigh it.
import { isSpace } from '../io/text.ts';
import { type DomElement, type DomNode, ELEMENT_NODE, TEXT_NODE } from './dom.ts';
import { isCollapseToggle, isHeadingToggle, isPanelToggle, isScriptToggle } from './disclosed.ts';
import { isThreadLabel } from './forum-labels.ts';

export interface ElementStats {
  /** Non-space characters of all text inside. */
  chars: number;
  /** Non-space characters inside links. */
  linkChars: number;
  /** Sum of unit values inside (see above). */
  score: number;
  /** Units of prose inside: ≥ 80 chars with link density < 0.35. */
  paragraphs: number;
  /** Commas inside prose units (readability-style signal of sentences). */
  commas: number;
  /**
   * Values of units credited to nearby ancestors only: the block's parent gets the full value, the grandparent a
   * half, the great-grandparent a sixth. A container of paragraphs scores high here; a list of teaser cards, whose
   * excerpts sit one per card, does not.
   */
  local: number;
  /** Characters of prose units: ≥ 25 chars with link density < 0.35. */
  proseChars: number;
  /** Units that are mostly a link (≥ 8 chars, link density ≥ 0.6): headlines of teaser cards, menu entries. */
  linkUnits: number;
  /** Units of ≥ 8 chars. */
  units: number;
  /** Units whose text starts with a link of ≥ 10 chars (a teaser: headline link, then its excerpt). */
  linkLedUnits: number;
}

// Inline (phrasing) elements do not start a unit of their own (WHATWG HTML §3.2.5.2.5, with legacy tags).
const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'big', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'img', 'ins',
  'kbd', 'label', 'mark', 'nobr', 'picture', 'q', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup',
  'time', 'tt', 'u', 'var', 'wbr', 'br', 'abbr', 'acronym',
]);

export function isInlineTag(tag: string): boolean {
  return INLINE.has(tag);
}

interface Pending {
  chars: number;
  linkChars: number;
  commas: number;
  /** How the unit's text starts: 0 no text yet, 1 inside a link, 2 outside. */
  lead: number;
  leadLinkChars: number;
}

export type StatsMap = Map<DomElement, ElementStats>;

// Short texts holding a forum author's label ("Posts: 412") or a quote's attribution ("… wrote:"), per map: forum.ts
// looks for a thread's furniture only when there are two or more.
const labelCounts = new WeakMap<StatsMap, number>();
let labels = 0;

/** Computes stats for `root` and every element below it. */
export function computeStats(root: DomElement): StatsMap {
  const map: StatsMap = new Map();
  labels = 0;
  visit(root, false, map, newPending());
  labelCounts.set(map, labels);
  return map;
}

/** How many short texts below the map's root hold a forum author's label or an attribution (forum-labels.ts). */
export function authorLabels(map: StatsMap): number {
  return labelCounts.get(map) ?? 0;
}


const newPending = (): Pending => ({ chars: 0, linkChars: 0, commas: 0, lead: 0, leadLinkChars: 0 });

// The counts of the text node countText read last: its non-space characters and its commas (`,،、，`), taken in one
// pass over the text (every text node of every page goes through here).
let textChars = 0;
let textCommas = 0;
let textColon = false;

function countText(t: string): void {
  let n = 0;
  let k = 0;
  let colon = false;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c > 32 && c < 127) {
      n++;
      if (c === 44) k++;
      else if (c === 58) colon = true;
    } else if (!isSpace(c)) {
      n++;
      if (c === 0x60c || c === 0x3001 || c === 0xff0c) k++;
    }
  }
  textChars = n;
  textCommas = k;
  textColon = colon;
}

function isLinkAway(a: DomElement): boolean {
  const href = a.getAttribute('href');
  if (href === null || a.hasAttribute('aria-expanded') || isScriptToggle(href) || isCollapseToggle(a) || isPanelToggle(a)) return false;
  // A heading's link to nowhere opens its section (`<h3><a href="#" onclick="toggleFaq(1)">`, D382, D386); in a bar
  // of such links (script tabs) the links stay links.
  return !isHeadingToggle(a);
}

/**
 * Fills in the stats of `el` and every element below it. `pend` is the open unit `el` is part of: an inline element
 * adds its text to it directly, in document order (the unit of the block around it); a block element opens a unit of
 * its own and closes it before returning.
 */
function visit(el: DomElement, inLink: boolean, map: StatsMap, outer: Pending): ElementStats {
  const tag = el.localName;
  // An <a> without href is a placeholder (HTML §4.5.1: toggles, tab titles), not a link away from the page; nor is one
  // that opens a panel of the page (`aria-expanded`, or a script link naming it): its text is the panel's heading (a
  // drop-down's question).
  const link = inLink || (tag === 'a' && isLinkAway(el));
  const st: ElementStats = { chars: 0, linkChars: 0, score: 0, paragraphs: 0, commas: 0, local: 0, proseChars: 0, linkUnits: 0,
    units: 0, linkLedUnits: 0 };
  map.set(el, st);
  const inline = INLINE.has(tag);
  const pend = inline ? outer : newPending();
  for (let c: DomNode | null = el.firstChild; c !== null; c = c.nextSibling) {
    if (c.nodeType === TEXT_NODE) {
      const text = c.textContent ?? '';
      countText(text);
      const n = textChars;
      if (n === 0) continue;
      if (textColon && isThreadLabel(text, n)) labels++;
      st.chars += n;
      pend.chars += n;
      if (link) {
        st.linkChars += n;
        pend.linkChars += n;
      }
      if (pend.lead === 0) pend.lead = link ? 1 : 2;
      if (pend.lead === 1 && link && pend.chars === pend.linkChars) pend.leadLinkChars = pend.linkChars;
      pend.commas += textCommas;
    } else if (c.nodeType === ELEMENT_NODE) {
      const cs = visit(c as DomElement, link, map, pend);
      st.chars += cs.chars;
      st.linkChars += cs.linkChars;
      st.score += cs.score;
      st.paragraphs += cs.paragraphs;
      st.commas += cs.commas;
      st.proseChars += cs.proseChars;
      st.linkUnits += cs.linkUnits;
      st.units += cs.units;
      st.linkLedUnits += cs.linkLedUnits;
    }
  }
  if (!inline) closeUnit(el, pend, st, map);
  return st;
}

/** A block element closes its unit: the unit's value and counts go to the block. */
function closeUnit(el: DomElement, pend: Pending, st: ElementStats, map: StatsMap): void {
  if (pend.chars === 0) return;
  const v = unitValue(pend.chars, pend.linkChars);
  st.score += v;
  creditAncestors(el, v, map);
  if (pend.chars >= 25 && pend.linkChars < 0.35 * pend.chars) st.proseChars += pend.chars;
  if (pend.chars >= 8) st.units += 1;
  if (pend.chars >= 8 && pend.linkChars >= 0.6 * pend.chars) st.linkUnits += 1;
  else if (pend.lead === 1 && pend.leadLinkChars >= 10) st.linkLedUnits += 1;
  if (pend.chars >= 80 && pend.linkChars < 0.35 * pend.chars) {
    st.paragraphs += 1;
    st.commas += pend.commas;
  }
}

const LOCAL_SHARE = [1, 1 / 2, 1 / 6];

// Blocks that are paragraphs themselves; any other block (div, section, td…) holding loose text is its own
// paragraph container and takes the credit first.
const PARAGRAPH_LIKE = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'dt', 'dd', 'blockquote', 'pre', 'figcaption', 'caption', 'th',
  'address', 'summary', 'legend',
]);

function creditAncestors(block: DomElement, v: number, map: StatsMap): void {
  let a: DomElement | null = PARAGRAPH_LIKE.has(block.localName) ? block.parentElement : block;
  for (let i = 0; i < LOCAL_SHARE.length && a !== null; i++, a = a.parentElement) {
    const st = map.get(a);
    if (st === undefined) break;
    st.local += v * LOCAL_SHARE[i];
  }
}

export function unitValue(chars: number, linkChars: number): number {
  return chars - 2 * linkChars;
}
