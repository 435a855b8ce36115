// Blocks read as sentences: a step of a list written around its link, a short linked sentence between kept blocks.
import type { DomElement } from './dom.ts';
import type { ElementStats } from './stats.ts';

/** Text that ends as a sentence does (a full stop, question or exclamation mark, maybe a closing quote). */
export function endsLikeSentence(el: DomElement): boolean {
  return /[.!?。！？]["”’»)]?\s*$/.test((el.textContent ?? '').trim());
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
