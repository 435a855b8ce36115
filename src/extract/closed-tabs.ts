// Hidden panels that are tabs: a page may hide a panel of its text until a tab or a link is clicked, by an attribute,
// an inline style or a class. Such a panel is part of the text (its open sibling is its twin); an element hidden
// otherwise is not shown to readers and goes (clean.ts).
import { type DomElement } from './dom.ts';
import { isClosingClass } from './cues.ts';
import { classTokens, isStateClass, namesId } from './tab-panels.ts';

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/** True when the author hid the element (HTML `hidden` attribute, inline CSS, or hidden from all readers). */
export function isHidden(el: DomElement): boolean {
  if (el.hasAttribute('hidden')) return true;
  const style = el.getAttribute('style');
  if (style !== null && HIDDEN_STYLE.test(style)) return true;
  if (el.getAttribute('aria-hidden') === 'true') return true;
  return el.localName === 'input' && el.getAttribute('type') === 'hidden';
}

const PANEL_TAGS = new Set(['div', 'section', 'table']);

/**
 * A panel of script-driven tabs without ARIA (`<a href="javascript:showTab(2)">`, D332): hidden beside a shown
 * sibling of the same tag and class (`div.tabinhalt`), the one tab open when the page loaded, which may carry a
 * state class besides (`div.tab-content.is-active`, D336).
 */
export function isScriptTab(el: DomElement): boolean {
  const cls = classTokens(el);
  if (cls.length === 0 || !PANEL_TAGS.has(el.localName)) return false;
  return hasOpenTwin(el, (own) => sharesPanelClass(cls, own) || (cls.length > 1 && namesOwnPanel(cls, own)));
}

/**
 * Panels that each carry a name of their own besides the classes they share (Lightspeed's `div.page.specs` and
 * `div.page.inbox` hidden beside `div.page.info.active`, D378): the open sibling has every class of `cls` but one,
 * and one class of its own besides its state.
 */
function namesOwnPanel(cls: readonly string[], own: readonly string[]): boolean {
  const named = own.filter((t) => !isStateClass(t));
  const shared = cls.filter((t) => named.includes(t));
  return shared.length === cls.length - 1 && named.length === shared.length + 1;
}

/**
 * A tab panel closed by a class (CS-Cart's `div.ty-wysiwyg-content.content-features.hidden#content_features`, D362):
 * a sibling of the same tag without a closing class has every class it has besides the closing one and the one
 * that repeats its own id (`content-features`).
 */
export function isClassClosedTab(el: DomElement): boolean {
  const cls = classTokens(el);
  if (!cls.some(isClosingClass) || !PANEL_TAGS.has(el.localName)) return false;
  const shared = cls.filter((t) => !isClosingClass(t) && !namesId(t, el));
  if (shared.length === 0) return cls.some((t) => namesId(t, el)) && hasIdNamedTwin(el);
  return hasOpenTwin(el, (own) => !own.some(isClosingClass) && sharesPanelClass(shared, own));
}

/** The first word of an id (`tab` of `tab-Debian`, `tab_2`), or null when it has only one. */
function idStem(el: DomElement): string | null {
  const parts = (el.getAttribute('id') ?? '').toLowerCase().split(/[-_]/);
  return parts.length > 1 && parts[0] !== '' ? parts[0] : null;
}

/**
 * Panels whose only class spells their own id (JSPWiki's tabbed sections: `div.tab-Debian.hidden#tab-Debian` beside
 * the open `div.tab-Raspbian#tab-Raspbian`, D420): the open sibling is named the same way, and both ids begin with the
 * same word.
 */
function hasIdNamedTwin(el: DomElement): boolean {
  const stem = idStem(el);
  if (stem === null) return false;
  return hasOpenTwin(el, (tokens, s) => {
    const own = tokens.filter((t) => !isStateClass(t));
    return idStem(s) === stem && own.length > 0 && own.every((t) => namesId(t, s));
  });
}

/**
 * A shown sibling of `el`'s tag (not hidden by an attribute) whose classes (or names) make it `el`'s `twin`: the tab
 * open when the page loaded, beside the closed panel `el`.
 */
function hasOpenTwin(el: DomElement, twin: (own: readonly string[], sibling: DomElement) => boolean): boolean {
  for (let s = el.parentElement?.firstElementChild ?? null; s !== null; s = s.nextElementSibling) {
    if (s !== el && s.localName === el.localName && !isHidden(s) && twin(classTokens(s), s)) return true;
  }
  return false;
}

/** The shown panel has every class of the hidden one, and perhaps a state of its own (`tab-content is-active`). */
function sharesPanelClass(hidden: readonly string[], shown: readonly string[]): boolean {
  return hidden.every((t) => shown.includes(t));
}
