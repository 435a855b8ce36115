// Removal passes that run before the main content is chosen.
//  removeNonContent: elements a reader never sees as text (scripts, media, form controls, hidden elements other
//  than content shown on demand: disclosed.ts).
//  removeBoilerplate: template regions (navigation, share bars, comments, consent banners, ads), found by tag,
//  ARIA role and class/id cues. A region that holds most of the page's prose is kept whatever its name says,
//  so an unlucky wrapper class ("page-with-sidebar") cannot take the article with it.
import { nonSpaceLength } from '../io/text.ts';
import { type DomElement, type DomNode, ELEMENT_NODE, type Journal, detach, elementChildren, insideArticle, textAndLinkChars } from './dom.ts';
import {
  isProseHeader,
  isSectionHeader,
  BOILERPLATE_ROLES,
  BOILERPLATE_TAGS,
  NON_CONTENT_TAGS,
  hasRecipeCue,
  hasStrongNegativeCue,
  hasWeakNegativeCue,
  isWidgetOnlyCue,
  isHeadingWords,
  isWordsOfSentence,
  COMMENTS_HEADING,
} from './cues.ts';
import { allBut, leadAfterHeadline } from './lead.ts';
import { titleRemnants } from './remnants.ts';
import { holdsCommentsHeading } from './comment-tail.ts';
import { CONTROL_SELECTOR, addControlledIds, addNumberedPanelId, disclosedIds, isDisclosed, isDisclosureButton } from './disclosed.ts';
import { isTemplateFormBox, markBuyLink, markTemplateForm } from './template-forms.ts';
import { isClassClosedTab, isHidden, isScriptTab } from './closed-tabs.ts';
import type { ElementStats, StatsMap } from './stats.ts';

/** Code blocks and code: nothing inside them is the page's template. */
const CODE_TAGS = new Set(['pre', 'code']);

/** Removes non-content and hidden elements below `root` (in place); content shown on demand stays (disclosed.ts). */
export function removeNonContent(root: DomElement): void {
  const doomed: DomNode[] = [];
  // The controls are looked up once, and only on a page that hides something.
  let ids: ReadonlySet<string> | null = null;
  collectNonContent(root, doomed, () => (ids ??= disclosedIds(root)));
  for (const n of doomed) n.remove();
}

function collectNonContent(el: DomElement, doomed: DomNode[], disclosed: () => ReadonlySet<string>): void {
  for (let c: DomNode | null = el.firstChild; c !== null; c = c.nextSibling) {
    if (c.nodeType === ELEMENT_NODE) {
      const ce = c as DomElement;
      // Its fields go next: a sign-up or cart form is known by them, so its box is marked for the template pass now.
      if (ce.localName === 'form') markTemplateForm(ce);
      else if (ce.localName === 'a') markBuyLink(ce);
      const nonContent = NON_CONTENT_TAGS.has(ce.localName) && !isDisclosureButton(ce);
      if (nonContent || (isHidden(ce) && !isDisclosed(ce, disclosed()) && !isScriptTab(ce))) doomed.push(ce);
      else collectNonContent(ce, doomed, disclosed);
    } else if (c.nodeType !== 3) {
      doomed.push(c); // comments, processing instructions
    }
  }
}

/**
 * Asides that are part of the text pass the tag rule, to be judged by their cues like a `<div>`: recipe templates put
 * the recipe's own notes and tips in an `<aside class="recipe__tips">` (a class naming a recipe part; D308, so
 * `recipe-related` still goes), and news templates an article's key points or fact box in an `<aside>` inside the
 * `<article>` (D314).
 */
function isContentAside(el: DomElement): boolean {
  return el.localName === 'aside' && (hasRecipeCue(el) || isArticleFactBox(el) || isCodeSamples(el));
}

/**
 * An `<aside>` of code: an API reference's column of request and response samples beside the endpoint's text (Fern,
 * D458). Most of its text is in code blocks, next to none in links; a sidebar of links or teasers is not.
 */
function isCodeSamples(el: DomElement): boolean {
  const blocks = Array.from(el.querySelectorAll('pre'));
  if (blocks.length === 0) return false;
  const { text, links } = textAndLinkChars(el);
  const code = blocks.reduce((n, b) => n + nonSpaceLength(b.textContent ?? ''), 0);
  return code * 2 >= text && links * 10 < text;
}

// A callout's kind, named by its class or its label: Starlight's `starlight-aside--note`, `aria-label="Achtung"`.
const CALLOUT_KIND = /(?:^|[\s_-])(?:note|tip|caution|warning|danger|important|admonition|callout|hinweis|tipp|achtung|warnung|wichtig|vorsicht)(?:$|[\s_-])/i;

/** A `<div>` whose class calls it an aside (jazzy's `div.aside.aside-note`, D428). */
const ASIDE_CLASS = /(?:^|\s)aside(?:$|[\s_-])/i;

/**
 * An `<aside>` that is a note, tip or warning standing between the text's own paragraphs (documentation generators
 * such as Starlight write admonitions so, D346), or a `<div>` named an aside so (jazzy, D428): named as a callout,
 * set in the text's flow, and not a box of links. `st`: the aside's figures from the stats walk (non-space characters,
 * those inside links).
 */
function isTextCallout(el: DomElement, st: ElementStats | undefined): boolean {
  const named = el.localName === 'aside' || (el.localName === 'div' && ASIDE_CLASS.test(el.getAttribute('class') ?? ''));
  if (!named || st === undefined || st.chars < 40 || st.linkChars * 2 >= st.chars) return false;
  if (!CALLOUT_KIND.test(`${el.getAttribute('class') ?? ''} ${el.getAttribute('aria-label') ?? ''}`)) return false;
  const inFlow = (s: DomElement | null): boolean => s !== null && /^(?:p|ul|ol|pre|h[2-6]|table|blockquote)$/.test(s.localName);
  return inFlow(el.previousElementSibling) || inFlow(el.nextElementSibling);
}

/** An `<aside>` inside the article, with text and no link: a teaser or "related" box is made of links. */
function isArticleFactBox(el: DomElement): boolean {
  return insideArticle(el) && el.querySelector('a[href]') === null && (el.textContent ?? '').trim().length >= 80;
}

/**
 * Bootstrap 3's accordion (and Liferay's, built on it) marks the whole group `role="tablist"`, panels included: a
 * tab list holding its tab panels is the text's sections, not a bar of tabs.
 */
function isAccordion(el: DomElement, role: string): boolean {
  return role === 'tablist' && el.querySelector('[role="tabpanel"]') !== null;
}

/** Why an element counts as template boilerplate, or null. */
export function boilerplateReason(el: DomElement): string | null {
  const tag = el.localName;
  // A <header> inside an <article> is that article's introduction (WHATWG HTML §4.3.8): its standfirst belongs to the
  // text; only the page's own header is template. Bylines and share bars in it still go by their cues.
  // A <footer> inside a <blockquote> is the quotation's attribution, whatever its class says (Bootstrap's
  // `blockquote-footer`): part of the quote, not a page's footer.
  if (tag === 'footer' && el.parentElement?.localName === 'blockquote') return null;
  if (isTemplateFormBox(el)) return 'template-form';
  if (BOILERPLATE_TAGS.has(tag) && !(tag === 'header' && (insideArticle(el) || isSectionHeader(el) || isProseHeader(el))) && !isContentAside(el)) return `tag:${tag}`;
  const role = el.getAttribute('role');
  const landmark = role === null ? null : role.trim().toLowerCase();
  if (landmark !== null && BOILERPLATE_ROLES.has(landmark) && !isAccordion(el, landmark)) return `role:${role}`;
  if (isWordsOfSentence(el) || isHeadingWords(el)) return null;
  if (hasStrongNegativeCue(el)) return isDeclaredNutrition(el) ? null : 'cue';
  if (hasWeakNegativeCue(el)) return 'weak-cue';
  return null;
}

/** A class or id that names nutrition values. */
const NUTRITION_NAME = /nutrition|n(?:ae|ä)hrwert/i;
/** Values declared per 100 g or 100 ml, as a food's label states them. */
const PER_100 = /(?:je|pro|per)\s*100\s*(?:g|ml)\b/i;

/**
 * A food's declared nutrition values on its product page ("Nährwerte je 100 g", D433): the product's data, as its
 * ingredients are. A recipe card's nutrition box (D312) gives figures per serving, computed from the recipe, and still
 * goes.
 */
function isDeclaredNutrition(el: DomElement): boolean {
  if (!NUTRITION_NAME.test(`${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`)) return false;
  // The unit may stand in the table's first row or in the heading right above it ("Nährwerte je 100 g").
  const above = el.previousElementSibling?.textContent ?? '';
  return PER_100.test(above.slice(0, 200)) || PER_100.test((el.textContent ?? '').slice(0, 400));
}

const isTabPanel = (el: DomElement): boolean => (el.getAttribute('role') ?? '').trim().toLowerCase() === 'tabpanel';

/**
 * A tab's panel: one marked as such, or a plain `<div>`/`<section>` a tab names (script tabs before their script ran,
 * `<li><a href="#tab_fragment_3">Bewertungen (4)</a>` beside `div#tab_fragment_3`, D343).
 */
const isPanelBlock = (el: DomElement): boolean => isTabPanel(el) || el.localName === 'div' || el.localName === 'section';

/** Controls that name what they show: disclosure controls and ARIA tabs. */
const TAB_CONTROL = `${CONTROL_SELECTOR}, [role="tab"]`;

/**
 * The ids of the tab panels whose tab is labelled as customer reviews or readers' comments ("Bewertungen (37)",
 * "Reviews", "Kommentare (4)"): a shop's reviews tab beside the product's description. The panel itself often has
 * no heading of its own, only an average and the reviews.
 */
function reviewPanelIds(root: DomElement): Set<string> {
  const ids = new Set<string>();
  for (const tab of Array.from(root.querySelectorAll(`${TAB_CONTROL}, a[href^="#"], a[href^="javascript:" i]`))) {
    if (!COMMENTS_HEADING.test((tab.textContent ?? '').replace(/\s+/g, ' ').trim())) continue;
    if (tab.matches(TAB_CONTROL)) addControlledIds(ids, tab);
    else if ((tab.getAttribute('href') ?? '').startsWith('#')) addSiblingPanelId(ids, tab);
    else addNumberedPanelId(ids, tab, root);
  }
  return ids;
}

/**
 * A plain fragment link's target, when it is a sibling of the link's list or bar: a tab bar above its panels
 * (`ul > li > a`, or OpenCart's `div.htabs > a`, D363). A table of contents beside the text ("Responses",
 * "Comments") names sections elsewhere and is not taken.
 */
function addSiblingPanelId(ids: Set<string>, link: DomElement): void {
  const parent = link.parentElement;
  const list = parent?.localName === 'li' ? parent.parentElement : parent ?? null;
  const id = (link.getAttribute('href') ?? '').slice(1);
  if (list === null || id === '') return;
  for (let s = list.parentElement?.firstElementChild ?? null; s !== null; s = s.nextElementSibling) {
    if (s.getAttribute('id') === id) ids.add(id);
  }
}

/** A class that names a region of the page by its place: a page has one, so siblings named alike are no region. */
const REGION_CLASS = /^(?:top|bottom|head|header|foot)$/i;

/**
 * The prose the prose guard weighs for an element with a weak cue: its own, or, when its whole class names a place
 * of the page and at least two siblings are named alike (Haddock's `div.top` around each declaration of a module,
 * D422), that of all of them. Each entry of such a list holds a small share of the text; together they are the text.
 */
function repeatedRegionProse(el: DomElement, stats: StatsMap): number {
  const own = stats.get(el)?.proseChars ?? 0;
  const cls = (el.getAttribute('class') ?? '').trim();
  if (!REGION_CLASS.test(cls)) return own;
  let alike = 0;
  let prose = 0;
  for (const s of elementChildren(el.parentElement ?? el)) {
    if ((s.getAttribute('class') ?? '').trim() !== cls || s.localName !== el.localName) continue;
    alike++;
    prose += stats.get(s)?.proseChars ?? 0;
  }
  return alike >= 3 ? prose : own;
}

/**
 * Removes boilerplate regions below `root`. `stats` must describe the tree as it is now. Regions holding at least
 * `guardShare` of the page's prose characters survive.
 */
export function removeBoilerplate(root: DomElement, stats: StatsMap, guardShare = 0.5, journal: Journal | null = null): number {
  const total = stats.get(root)?.proseChars ?? 0;
  // The prose guard: a named region goes unless it holds `guardShare` of the page's prose.
  const goes = (prose: number): boolean => prose === 0 || prose < guardShare * total;
  const doomed: DomNode[] = [];
  const widgets: DomElement[] = [];
  let widgetsAreText = false;
  // Looked up once, and only when an element with an id could be a tab's panel.
  let reviews: ReadonlySet<string> | null = null;
  const isReviews = (el: DomElement): boolean => el.hasAttribute('id') && isPanelBlock(el) && (reviews ??= reviewPanelIds(root)).has(el.getAttribute('id') ?? '');
  let ids: ReadonlySet<string> | null = null;
  // A panel shown on demand, hidden by a class (`div.hidden[role=tabpanel]`) rather than an attribute (D340).
  const closedPanel = (el: DomElement): boolean => (isDisclosed(el, (ids ??= disclosedIds(root))) || isClassClosedTab(el)) && !hasStrongNegativeCue(el, true);
  const walk = (el: DomElement): void => {
    for (const c of elementChildren(el)) {
      // A note in the text's flow is kept whole, past the tag rule and its parts' class words ("starlight-aside__content").
      // So is code: a highlighter names its tokens after the code's own words (YARD's `span.rubyid_head`, D450).
      if (CODE_TAGS.has(c.localName) || isTextCallout(c, stats.get(c))) continue;
      const named = boilerplateReason(c);
      const reason = (named === 'cue' && closedPanel(c) ? null : named) ?? (isReviews(c) ? 'reviews-tab' : null);
      if (reason === 'cue' && isWidgetOnlyCue(c)) {
        if (widgetsAreText) walk(c);
        else widgets.push(c);
        continue;
      }
      // A comment section's head stays for the cut of the comments that follow it (comment-tail.ts, D344).
      if (reason === 'weak-cue' && holdsCommentsHeading(c)) {
        walk(c);
        continue;
      }
      if (reason !== null) {
        const p = reason === 'weak-cue' ? repeatedRegionProse(c, stats) : stats.get(c)?.proseChars ?? 0;
        if (goes(p)) {
          // The article's headline block, named as a header (`<header>`, `article-header`): its lead stays.
          const lead = reason === 'tag:header' || reason === 'weak-cue' ? leadAfterHeadline(c, stats) : null;
          doomed.push(...(lead === null ? [c] : allBut(c, lead)));
          continue;
        }
      }
      walk(c);
    }
  };
  walk(root);
  // Blocks named only "widget" are weighed together (D449): a widget CMS names every block of the article so
  // (`text-widget`, `table-widget`, `accordion-widget`), a blog its sidebar's boxes. Together holding most of the
  // page's prose, they are the text, nested widgets included; otherwise each goes unless it alone holds that much.
  const widgetProse = widgets.reduce((sum, w) => sum + (stats.get(w)?.proseChars ?? 0), 0);
  widgetsAreText = widgets.length > 0 && !goes(widgetProse);
  for (let i = 0; i < widgets.length; i++) {
    if (!widgetsAreText && goes(stats.get(widgets[i])?.proseChars ?? 0)) doomed.push(widgets[i]);
    else walk(widgets[i]);
  }
  const parents = new Set(doomed.map((d) => d.parentNode as DomElement | null));
  for (const d of doomed) detach(d, journal);
  const remnants = titleRemnants(parents, stats, (p) => p === root);
  for (const r of remnants) detach(r, journal);
  return doomed.length + remnants.length;
}
