// Blocks read as sentences: a step of a list written around its link, a short linked sentence between kept blocks.
import { type DomElement, TEXT_NODE } from './dom.ts';
import type { ElementStats } from './stats.ts';

const SENTENCE_END = /[.!?。！？]["”’»)]?\s*$/;
/** A footnote's mark: a number, maybe in brackets, or one to three asterisks or daggers. */
export const FOOTNOTE_MARK = /^(?:\[?\d{1,3}\]?|[*†‡]{1,3})$/;

/** Text that ends as a sentence does (a full stop, question or exclamation mark, maybe a closing quote). */
export function endsLikeSentence(el: DomElement): boolean {
  const text = (el.textContent ?? '').trim();
  if (SENTENCE_END.test(text)) return true;
  // The mark of a footnote set after the stop (`… otherwise.<sup>1</sup>`, D435) is not the sentence's end.
  const mark = trailingSupText(el);
  return mark !== null && FOOTNOTE_MARK.test(mark) && SENTENCE_END.test(text.slice(0, text.length - mark.length));
}

/** The trimmed text of a `<sup>` that is the element's last child but white space, or null. */
function trailingSupText(el: DomElement): string | null {
  let n = el.lastChild;
  while (n !== null && n.nodeType === TEXT_NODE && (n.textContent ?? '').trim() === '') n = n.previousSibling;
  return n !== null && n.nodeName.toLowerCase() === 'sup' ? (n.textContent ?? '').trim() : null;
}

/** What a sentence ending with a colon may introduce: a list, a table, code, a quote or a box around them. */
const LEAD_IN_TARGETS = new Set(['ul', 'ol', 'dl', 'table', 'pre', 'blockquote', 'div', 'center']);

/**
 * Text that ends with a colon right before a block it introduces ("… set with one of the following keywords:" over a
 * table), line breaks between them aside (D436).
 */
export function endsAsLeadIn(el: DomElement): boolean {
  if (!/:\s*$/.test(el.textContent ?? '')) return false;
  let next = el.nextElementSibling;
  while (next !== null && next.localName === 'br') next = next.nextElementSibling;
  return next !== null && LEAD_IN_TARGETS.has(next.localName);
}

/** A sentence whose links are under half of its text ("… published in the [journal Nature Astronomy]."). */
export function isLinkedSentence(el: DomElement, st: ElementStats): boolean {
  if (st.chars < 40 || st.linkChars >= 0.5 * st.chars || !endsLikeSentence(el)) return false;
  // One paragraph, not a box with a title or a form (a newsletter's "Get the briefing" over its sign-up line).
  return st.paragraphs <= 1 && el.querySelector('h1, h2, h3, h4, h5, h6, form, button, input') === null;
}

/** Characters outside links that make a list item a line of its own rather than a link with a label. */
const ITEM_OWN_CHARS = 8;

/**
 * An item of a list that is mostly text, written as a sentence with words of its own around its link: a step
 * ("Melden Sie sich unter portal.example an.") whose address is longer than its verb, not an entry of a link list
 * (a headline without a full stop, D389).
 */
export function isSentenceItem(item: DomElement, st: ElementStats, list: ElementStats | undefined): boolean {
  if (item.localName !== 'li' || list === undefined || list.linkChars > 0.5 * list.chars) return false;
  return st.chars - st.linkChars >= ITEM_OWN_CHARS && endsLikeSentence(item);
}
