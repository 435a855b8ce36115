// The article's lead (standfirst) where templates put it: right before the text, or inside the headline block
// before the article container (kicker, `<h1>`, lead, byline), which selectMain otherwise leaves out whole.
import { type DomElement, type DomNode } from './dom.ts';
import { type StatsMap } from './stats.ts';

/** A paragraph of sentences without links: the article's lead. */
export function isLead(el: DomElement, stats: StatsMap): boolean {
  const st = stats.get(el);
  if (st === undefined || st.chars < 100 || st.chars > 600 || st.linkChars > 0) return false;
  return /[.!?]["”’»“)]?\s*$/.test((el.textContent ?? '').trim());
}

/** A picture with at most a caption: a `<figure>`, or an image in a wrapper with a line of text and no links. */
export function isPicture(el: DomElement, stats: StatsMap): boolean {
  const st = stats.get(el);
  if (st !== undefined && (st.linkChars > 0 || st.chars >= 300)) return false;
  if (el.localName === 'figure' || el.querySelector('picture, video') !== null) return true;
  // A spacer GIF (1 pixel wide or high) in a layout table's gap cell draws nothing (D461).
  return Array.from(el.querySelectorAll('img')).some((img) => !isSpacer(img));
}

/** An image a layout stretches to make room: one pixel (or two) wide or high. */
function isSpacer(img: DomElement): boolean {
  const px = (name: string): number => Number.parseInt(img.getAttribute(name) ?? '', 10);
  return px('width') <= 2 || px('height') <= 2;
}

/** A headline block is short: a headline, a kicker, a lead, a byline, a date; not a column of text. */
const MAX_HEADLINE_BLOCK_CHARS = 1500;

/**
 * The first lead paragraph after the `<h1>` of a short block that holds the page's headline (no navigation, no
 * search: not the page's own header); null when there is none.
 */
export function leadAfterHeadline(block: DomElement, stats: StatsMap): DomElement | null {
  const st = stats.get(block);
  if (st === undefined || st.chars > MAX_HEADLINE_BLOCK_CHARS || block.querySelector('nav, form') !== null) return null;
  let seenH1 = false;
  for (const el of Array.from(block.querySelectorAll('h1, p'))) {
    if (el.localName === 'h1') seenH1 = true;
    else if (seenH1 && isLead(el, stats)) return el;
  }
  return null;
}

/** Every node of `block` apart from `keep`, its ancestors and its content: what goes when only the lead stays. */
export function allBut(block: DomElement, keep: DomElement): DomNode[] {
  const out: DomNode[] = [];
  for (let a: DomElement = keep; a !== block; ) {
    const parent = a.parentElement;
    if (parent === null) break;
    for (let c = parent.firstChild; c !== null; c = c.nextSibling) if (c !== a) out.push(c);
    a = parent;
  }
  return out;
}

/** Where the lead before the first kept sibling begins, with what of its block goes; null: no lead there. */
export interface LeadPlace {
  from: number;
  drop: DomNode[];
}

/** The lead before `siblings[first]`, itself a sibling or inside the headline block; past a picture between. */
export function leadBefore(siblings: readonly DomElement[], first: number, stats: StatsMap): LeadPlace | null {
  const at = (i: number): LeadPlace | null => {
    if (isLead(siblings[i], stats)) return { from: i, drop: [] };
    const lead = leadAfterHeadline(siblings[i], stats);
    return lead === null ? null : { from: i, drop: allBut(siblings[i], lead) };
  };
  if (first <= 0) return null;
  // News templates put the article's first picture between the lead and the text (title, lead, picture, text).
  const found = at(first - 1) ?? (first > 1 && isPicture(siblings[first - 1], stats) ? at(first - 2) : null);
  if (found !== null) return found;
  // A portal script's teaser paragraph (CuteNews' `div.kurztext`) may stand apart from the text, past line breaks and
  // an ad's box left empty by its script (D395): a lead of text only, no picture (a page banner's logo and motto).
  let i = first - 1;
  while (i > 0 && isBlank(siblings[i], stats)) i--;
  if (i === first - 1 || !isLead(siblings[i], stats) || siblings[i].querySelector('img') !== null) return null;
  return { from: i, drop: [] };
}

/**
 * An element with no text, no picture and no name: a `<br>`, an empty `<p>`, an ad's `<center>` once its script is
 * gone. A named box emptied by the cleaning (a template's container) is a part of the template between, not a gap.
 */
function isBlank(el: DomElement, stats: StatsMap): boolean {
  if ((stats.get(el)?.chars ?? 0) > 0 || el.hasAttribute('class') || el.hasAttribute('id')) return false;
  return el.localName !== 'img' && el.querySelector('img, picture, video, iframe') === null;
}
