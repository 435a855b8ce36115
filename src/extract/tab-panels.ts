// The panels of one tab or accordion widget are parts of one text: a product's description, its data sheet, what
// comes in the box, its care instructions (D375). When the text chosen is one panel, its sibling panels continue it
// however little prose they hold (a list of what is delivered, a short care note), unless they are links or readers'
// entries, which the caller still turns away.
import { type DomElement } from './dom.ts';
import { isClosingClass } from './cues.ts';

/** Classes that say a panel's state, not what it is: the open one carries them, the others do not. */
const STATE_CLASS = /^(?:active|is-active|show|shown|in|open|is-open|current|selected|is-selected|visible|aktiv)$/i;

/** A class word of a tab or accordion widget (`in-tab__content__item`, `ty-tabs__content`, `tab-pane`, `accordion`). */
const WIDGET_WORD = /(?:^|[-_])(?:tabs?|tabpanel|tab-?pane|tabcontent|tabinhalt|reiter|accordion|collapse)(?:$|[-_])/i;

/** A class that says a panel's state (`active`, `is-open`), not what it is. */
export function isStateClass(token: string): boolean {
  return STATE_CLASS.test(token);
}

export function classTokens(el: DomElement): string[] {
  return (el.getAttribute('class') ?? '').split(/\s+/).filter((t) => t !== '');
}

/** A class that spells the element's id (`content-features` on `#content_features`): each panel has its own. */
export function namesId(token: string, el: DomElement): boolean {
  const id = el.getAttribute('id');
  return id !== null && token.replace(/[-_]/g, '').toLowerCase() === id.replace(/[-_]/g, '').toLowerCase();
}

/** What kind of panel `el` is, by its classes less its state, closing and id-spelling ones, sorted. */
function signature(el: DomElement): string {
  return classTokens(el)
    .filter((t) => !isStateClass(t) && !isClosingClass(t) && !namesId(t, el))
    .sort()
    .join(' ');
}

function isWidgetPart(el: DomElement): boolean {
  return (el.getAttribute('role') ?? '').toLowerCase() === 'tabpanel' || classTokens(el).some((t) => WIDGET_WORD.test(t));
}

/**
 * A panel named for the shop's service or the readers rather than the product (shipping, returns, payment, a question
 * form, reviews): the same on every product page, or readers' entries. Read from its id, its tab's name and its link
 * to the tab.
 */
const SERVICE_PANEL = /(?:^|[-_\s])(?:shipping|versand\w*|lieferung|returns?|rueckgabe|rückgabe|zahlung|payment|question|productquestion|frage|produktfrage|contact|kontakt|reviews?|bewertung(?:en)?|ratings?|discussion|comments?|kommentare?)(?:$|[-_\s])/i;

function isServicePanel(el: DomElement): boolean {
  return ['id', 'data-tab', 'data-tab-id', 'aria-labelledby'].some((a) => SERVICE_PANEL.test(el.getAttribute(a) ?? ''));
}

/**
 * True when `sib` and `panel` are panels of one tab or accordion widget: the same tag and kind of panel (by their
 * classes), and the panels or the block holding them named as such a widget (or `role="tabpanel"`). A panel named
 * for shipping, returns, payment, questions or reviews is not one of the product's.
 */
export function isSiblingPanel(sib: DomElement, panel: DomElement): boolean {
  if (sib.localName !== panel.localName || isServicePanel(sib)) return false;
  const kind = signature(panel);
  if (kind === '' || signature(sib) !== kind) return false;
  const parent = panel.parentElement;
  return isWidgetPart(panel) || (parent !== null && isWidgetPart(parent));
}
