// Content a page shows on demand: accordion panels (FAQ answers), tab panels, "read more" folds. The author hides
// them until a control is used, so they carry `hidden`, `aria-hidden` or `display:none` like a closed menu or a
// honeypot does, but a reader who opens them reads them, and hand-cleaned reference texts of FAQ and service pages
// include them. A hidden element counts as disclosed content when it is a tab panel, when a control on the page
// names it (`aria-controls`, a `#id` in `data-target`/`data-bs-target`/`href` of an expandable control, an id quoted
// in a script link's call), or when it directly follows its own control (an element with `aria-expanded`, or one
// holding such an element).
import { type DomElement, HEADING_TAGS } from './dom.ts';

/** Controls that open a panel of the page (see above). */
export const CONTROL_SELECTOR = '[aria-controls], [data-target^="#"], [data-bs-target^="#"], a[href^="#"][aria-expanded], a[href^="#"][data-toggle], a[href^="#"][data-bs-toggle]';

function addIds(ids: Set<string>, value: string | null, hashed: boolean): void {
  if (value === null) return;
  for (const token of value.trim().split(/\s+/)) {
    const id = hashed ? (token.startsWith('#') ? token.slice(1) : '') : token;
    if (id !== '') ids.add(id);
  }
}

/** Adds the ids of the elements the control `c` shows on demand to `ids`. */
export function addControlledIds(ids: Set<string>, c: DomElement): void {
  addIds(ids, c.getAttribute('aria-controls'), false);
  addIds(ids, c.getAttribute('data-target'), true);
  addIds(ids, c.getAttribute('data-bs-target'), true);
  if (c.localName === 'a') addIds(ids, c.getAttribute('href'), true);
}

/**
 * Bootstrap's collapse control (`<a data-toggle="collapse" href="#faq1">`, D410): it opens the panel it names, so its
 * text is that panel's heading (an accordion's question). Tab bars (`data-toggle="tab"`) stay links: a bar of them is
 * pruned as one.
 */
export function isCollapseToggle(a: DomElement): boolean {
  return (a.getAttribute('data-toggle') ?? a.getAttribute('data-bs-toggle')) === 'collapse';
}

/** A quoted name in a script link (`javascript:hmToggleExpand('TOGGLE0186A1')`). */
const QUOTED_NAME = /(['"])([\w:.-]+)\1/g;

/** Before ARIA, a script link named the panel it toggles in its call (help generators' drop-downs, D361). */
const SCRIPT_LINK = 'a[href^="javascript:" i]';

/**
 * A script link that calls one function with one name (`javascript:toggleFaq('faq1')`): a control of the page, like
 * one with `aria-expanded`, not a link away from it (D367). Popups and windows pass paths and options
 * (`popup('/bild.php?id=3')`, `window.open('a.php', 'popup', 'width=640')`), not one name.
 */
const TOGGLE_CALL = /^\s*javascript:\s*[\w.$]+\(\s*(['"])[\w:-]+\1\s*\)\s*;?\s*$/i;

export function isScriptToggle(href: string): boolean {
  return TOGGLE_CALL.test(href);
}

/** A script tab's call with the number of its panel: `javascript:showTab(4)`. */
const NUMBERED_CALL = /^\s*javascript:\s*(?!void\s*\()[\w.$]+\(\s*(\d{1,2})\s*\)\s*;?\s*$/i;

/** An id that is a word and the number `n` (`tab4`, `tab_4`, `faq-1`): the panel a numbered call shows. */
const numberedId = (n: string): RegExp => new RegExp(`^[a-z]+[-_]?${n}$`, 'i');

/**
 * The panel a numbered script tab shows (WEBSALE's `showTab(4)` above `div#tab4`, D380): the one element whose id is
 * a word and that number (`tab4`, `tab_4`), outside the tab's own cell (`td#tabreiter4`). Every such panel is shown
 * on demand (D412); a reviews tab's still goes as reviews.
 */
export function addNumberedPanelId(ids: Set<string>, link: DomElement, root: DomElement): void {
  const n = NUMBERED_CALL.exec(link.getAttribute('href') ?? '')?.[1];
  if (n === undefined) return;
  const named = numberedId(n);
  const found = Array.from(root.querySelectorAll(`[id$="${n}"]`)).filter((el) => named.test(el.getAttribute('id') ?? '') && !el.contains(link));
  if (found.length === 1) ids.add(found[0].getAttribute('id') ?? '');
}

/**
 * A link whose call names the panel that comes right after it: by number (`<p><a href="javascript:faqToggle(1)">
 * Question</a></p>` over `div#faq1`, D413) or in quotes in its handler (`onclick="D2H_ToggleExpand('D2HExpand1')"`
 * over `div#D2HExpand1`, D416). It is an FAQ's question or an expanding text's title, the panel's heading, not a link
 * away. A bar of numbered tabs names panels further on, so its labels stay links and the bar goes as one.
 */
export function isPanelToggle(a: DomElement): boolean {
  let block: DomElement = a;
  while (block.nextElementSibling === null && block.parentElement !== null) block = block.parentElement;
  // A term's handler link to nowhere right over its hidden description toggles it whatever its handler says (an FAQ
  // written as a list of terms: jQuery's `$(this).parent().next('dd').slideToggle()` over a closed `dd`, D444). A
  // paragraph's "show table" link stays a link, and goes as one.
  if (block.localName === 'dt' && isHandlerLink(a) && block.nextElementSibling !== null && isClosed(block.nextElementSibling)) return true;
  const next = block.nextElementSibling?.getAttribute('id') ?? '';
  if (next === '') return false;
  const n = NUMBERED_CALL.exec(a.getAttribute('href') ?? '')?.[1];
  if (n !== undefined && numberedId(n).test(next)) return true;
  for (const m of (a.getAttribute('onclick') ?? '').matchAll(QUOTED_NAME)) if (m[2] === next) return true;
  return false;
}

/**
 * A link whose handler names the panel it toggles (`<a href="javascript:void(0)" onclick="D2H_ToggleExpand(
 * 'D2HExpand1')">`, Doc-To-Help's expanding text, D416): the call names it in quotes as a script link's would.
 */
const HANDLER_LINK = 'a[onclick]';

/** The ids of the elements the controls below `root` show on demand (one walk for every kind of control). */
export function disclosedIds(root: DomElement): Set<string> {
  const ids = new Set<string>();
  for (const c of Array.from(root.querySelectorAll(`${CONTROL_SELECTOR}, ${SCRIPT_LINK}, ${HANDLER_LINK}`))) {
    if (c.matches(CONTROL_SELECTOR)) addControlledIds(ids, c);
    if (c.matches(SCRIPT_LINK)) {
      for (const m of (c.getAttribute('href') ?? '').matchAll(QUOTED_NAME)) ids.add(m[2]);
      addNumberedPanelId(ids, c, root);
    }
    const handler = c.getAttribute('onclick');
    if (handler !== null && c.localName === 'a') for (const m of handler.matchAll(QUOTED_NAME)) ids.add(m[2]);
  }
  return ids;
}

/**
 * A `<button>` that opens or closes a panel, or that is a heading's text: its label is the panel's heading (an FAQ
 * question), not a widget's.
 */
export function isDisclosureButton(el: DomElement): boolean {
  if (el.localName !== 'button') return false;
  if (el.hasAttribute('aria-expanded') || el.hasAttribute('aria-controls')) return true;
  const parent = el.parentElement;
  return parent !== null && HEADING_TAGS.has(parent.localName);
}

/** A script toggle without ARIA: a link to nowhere that runs a handler (`<a href="#" onclick="toggleFaq(1)">`, D382). */
export function isHandlerLink(el: DomElement): boolean {
  const href = el.getAttribute('href');
  return el.localName === 'a' && (href === '#' || href === '') && el.hasAttribute('onclick');
}

/**
 * A heading's link that opens the panel after it rather than going anywhere: one that runs a handler (D382) or, with
 * no handler, a link to nowhere that is the heading's whole text (`<h3 class="faq-question"><a href="#">Can I sell
 * eggs?</a></h3>`). No heading sends its reader to the top of the page; a script binds such a link as its panel's
 * toggle (jQuery UI's accordion headers, served without ARIA, D386).
 */
export function isHeadingToggle(a: DomElement): boolean {
  const heading = a.parentElement;
  if (a.localName !== 'a' || heading === null || !HEADING_TAGS.has(heading.localName)) return false;
  if (isHandlerLink(a)) return true;
  const href = (a.getAttribute('href') ?? '').trim();
  const text = (a.textContent ?? '').trim();
  return (href === '#' || href === '') && text !== '' && text === (heading.textContent ?? '').trim();
}

/** A heading that holds such a toggle as its text (the element before a hidden panel). */
export function headsToggle(el: DomElement): boolean {
  const link = HEADING_TAGS.has(el.localName) ? el.querySelector('a') : null;
  return link !== null && isHeadingToggle(link);
}

function isControl(el: DomElement): boolean {
  if (el.hasAttribute('aria-expanded') || el.querySelector('[aria-expanded]') !== null) return true;
  return isHandlerLink(el) || headsToggle(el) || Array.from(el.querySelectorAll('a[onclick]')).some(isHandlerLink);
}

/** True when the hidden element `el` is content shown on demand (see the file header). */
export function isDisclosed(el: DomElement, ids: ReadonlySet<string>): boolean {
  if ((el.getAttribute('role') ?? '').trim().toLowerCase() === 'tabpanel') return true;
  const id = el.getAttribute('id');
  if (id !== null && ids.has(id)) return true;
  const before = el.previousElementSibling;
  return before !== null && (isControl(before) || isNamedAnswer(el, before) || isNamedBody(el, before) || isExpanderBody(el, before));
}

const QUESTION_WORD = /^(?:question|questions|frage|fragen|faqq)$/i;
const ANSWER_WORD = /^(?:answer|answers|antwort|antworten|reponse|réponse|faqa)$/i;

const namesWord = (el: DomElement, word: RegExp): boolean => (el.getAttribute('class') ?? '').split(/[\s_-]+/).some((w) => word.test(w));

/**
 * An FAQ whose script binds its questions with no control in the markup: the hidden element's class names it an
 * answer and the one before it a question (`div.faq-frage` over `div.faq-antwort` with `display:none`, D404).
 */
function isNamedAnswer(el: DomElement, before: DomElement): boolean {
  return namesWord(el, ANSWER_WORD) && namesWord(before, QUESTION_WORD);
}

/** BEM's element names of a disclosure's head and of the body it opens. */
const HEAD_ELEMENT = /^(?:header|head|title|trigger|toggle|question|summary|link|button)$/i;
const BODY_ELEMENT = /^(?:content|body|panel|text|answer|details|inner|collapse|description|desc)$/i;

/**
 * The `block__element` names in a class attribute, as [block, element] pairs; without BEM's double underscore, the
 * last hyphen parts them (Bagisto's `accordian-header` over `accordian-content`, D429).
 */
function bemParts(el: DomElement): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const token of (el.getAttribute('class') ?? '').split(/\s+/)) {
    const at = token.indexOf('__');
    if (at > 0) out.push([token.slice(0, at), token.slice(at + 2).split(/--/)[0]]);
    else {
      const dash = Math.max(token.lastIndexOf('-'), token.lastIndexOf('_'));
      if (dash > 0 && token[dash - 1] !== token[dash]) out.push([token.slice(0, dash), token.slice(dash + 1)]);
    }
  }
  return out;
}

/**
 * An accordion written in BEM whose script binds its heads (Tilda's `div.t668__header` over `div.t668__content` with
 * `display:none`, D418): the hidden element is the body of a block whose head, of the same block, comes right before
 * it. A page's `site__header` is followed by no hidden `site__content`.
 */
export function isNamedBody(el: DomElement, before: DomElement): boolean {
  const heads = bemParts(before).filter(([, e]) => HEAD_ELEMENT.test(e)).map(([b]) => b);
  if (heads.length === 0) return false;
  // The body may bear the block's own name (WP e-Commerce's `a.additional_description_link` over the hidden
  // `div.additional_description`, D445).
  const tokens = (el.getAttribute('class') ?? '').split(/\s+/);
  return tokens.some((t) => heads.includes(t)) || bemParts(el).some(([b, e]) => BODY_ELEMENT.test(e) && heads.includes(b));
}

/** A block that shows and hides its body when its head is clicked (Mallard's `section.ui-expander`, a `div.collapsible`). */
const EXPANDER_BLOCK = /(?:^|[\s_-])(?:expander|expandable|collapsible|foldable)(?:$|[\s_-])/i;

/** A heading, or a wrapper that holds one heading and nothing else (Mallard's `div.hgroup`). */
function isHeadingBlock(el: DomElement): boolean {
  if (HEADING_TAGS.has(el.localName)) return true;
  const only = el.firstElementChild;
  return only !== null && only.nextElementSibling === null && HEADING_TAGS.has(only.localName) && (only.textContent ?? '').trim() === (el.textContent ?? '').trim();
}

/**
 * The hidden body of a block named for expanding, right after the block's heading (D438): Mallard's collapsed section
 * `section.ui-expander > div.inner > div.hgroup + div.region[style="display:none"]`. The block is the body's parent or
 * the one around that.
 */
function isExpanderBody(el: DomElement, before: DomElement): boolean {
  if (!isHeadingBlock(before)) return false;
  const parent = el.parentElement;
  return [parent, parent?.parentElement ?? null].some((b) => b !== null && EXPANDER_BLOCK.test(b.getAttribute('class') ?? ''));
}

const DISPLAY_NONE = /(?:^|;)\s*display\s*:\s*none/i;

/** An element closed by its own markup: the `hidden` attribute or `display:none` in its style. */
function isClosed(el: DomElement): boolean {
  return el.hasAttribute('hidden') || DISPLAY_NONE.test(el.getAttribute('style') ?? '');
}
