// Class/id and tag cues for boilerplate. These are generic vocabulary of page templates (navigation, sharing,
// comments, advertising, consent banners), not rules for particular sites. `classAndId()` supplies the
// lower-cased "id class" string they are tested on. Separators inside class names are `-`, `_` or camel case, so
// patterns use `(?:^|[\s_-])` as a word start where a bare substring would hit unrelated words.
import { nonSpaceLength } from '../io/text.ts';
import { CONTROL_SELECTOR, headsToggle, isNamedBody } from './disclosed.ts';
import { type DomElement, type DomNode, HEADING_TAGS, SUBHEADING_TAGS, TEXT_NODE, classAndId } from './dom.ts';
import { withoutStyleWords } from './style-words.ts';

const W = String.raw`(?:^|[\s_-])`; // start of a class-name word
const E = String.raw`(?:$|[\s_-])`; // end of a class-name word

/** Classes that show or hide an element (Tailwind's `hidden`, Bootstrap's `d-none`): a state, whole class tokens. */
const CLOSING_WORDS = 'hidden|hide|d-none|is-hidden|invisible';
const CLOSING_TOKEN = new RegExp(`^(?:${CLOSING_WORDS})$`, 'i');

/** A class token that closes a panel (the state a tab's script toggles). */
export function isClosingClass(token: string): boolean {
  return CLOSING_TOKEN.test(token);
}

/** Boilerplate no matter what else the class says (a "post-share" bar is still a share bar). */
const STRONG_NEGATIVE = new RegExp(
  [
    // "commentary" and "commentator" name an opinion piece, "shared" a shared component: not comment or share bars.
    'comment(?!ary|ator)', 'disqus', 'trackback', 'pingback', 'share(?!d(?:$|[\\s_-])|holder)', 'sharing', 'social', 'sociable', 'newsletter',
    // "subscriber-only", "subscriber-preview": the story's text for subscribers (TownNews BLOX), not the subscribe box.
    'subscribe(?!rs?(?:$|[\\s_-]))', 'subscription',
    'signup', 'sign-up', 'cookie', 'consent', 'gdpr', 'outbrain', 'taboola', 'related', 'recommend', 'more-stories',
    'read-more', 'readmore', 'also-read', 'read-next', 'popular', 'trending', 'most-read', 'mostread', 'breadcrumb',
    'pagination', 'pager', 'advert', 'sponsor', 'promo', 'print-only', 'skip-link', 'skiplink',
    'screen-reader', 'sr-only', 'visually-hidden', 'visuallyhidden', 'hidden-print', 'disclosure', 'byline', 'dateline',
    'author-bio', 'about-author', 'author-box', 'authorbox', 'autorbox', 'autor-box', 'autorenbox', 'postmeta', 'toolbar', 'tooltip', 'modal', 'popup',
    'overlay', 'banner-ad', 'masthead', 'site-header', 'site-footer', 'subnav', 'navbar', 'navigation', 'menu',
    // In-page tables of contents, "was this page helpful?" boxes, calls to action and donation appeals.
    // Readers' support appeals under news stories ("You've read 9 articles… we have a small favour to ask").
    'table-of-contents', 'call-to-action', 'donate', 'donation', 'support-us', 'reader-revenue', 'contributions-epic',
    // Wiki and docs chrome: MediaWiki's section edit links, "From <wiki>" line, redirect note, categories and
    // "Retrieved from" footer; the "Edit this page" link of documentation generators.
    'editsection', 'sitesub', 'contentsub', 'catlinks', 'printfooter', 'edit-this-page',
    // The same template vocabulary in German (comments, sharing, related, most read, advertising, contents).
    'kommentar', 'teilen', 'aehnliche', 'ähnliche', 'verwandte', 'meistgelesen', 'werbung', 'anzeige', 'inhaltsverzeichnis',
  ].join('|') +
    `|${W}(?:ads?|ad\\d*|adv|ad-\\w+|adslot|dfp|gpt|nav|tags?|tag-list|tagcloud|footer|share|social|widget|sidebar|rail|` +
    `right-rail|aside|meta|post-meta|entry-meta|article-meta|credits?|copyright|legal|rating|` +
    `login|signin|author|autor|timestamp|reviews|bewertungen|kundenbewertungen|produktbewertungen|rezensionen|kundenrezensionen|date|published|caption|figcaption|cutline|photo-credit|disclaimer|inline-ad|toc|feedback|cta|epic|` +
    // A recipe card's nutrition facts: figures per serving, not the recipe's text.
    `nutrition|nutrition-facts|naehrwerte?|nährwerte?|naehrwertangaben|nährwertangaben)${E}` +
    `|(?:^|\\s)(?:${CLOSING_WORDS})(?:$|\\s)`,
);

/** Weak negatives: template regions that are boilerplate unless the same element also says it is the content. */
// "extra" names a region (`#extra`, `.sidebar-extra`), but "extra fields" are a record's own fields (JoomShopping's
// product specifications `div.extra_fields`, D437).
const WEAK_NEGATIVE = new RegExp(`${W}(?:header|head|top|bottom|foot|links|extra(?![_-]fields?${E})|complementary|sidebar|widget)${E}`);

/** Recipe parts (schema.org Recipe: recipeIngredient, recipeInstructions): content whatever else the class says. */
const RECIPE_WORDS = 'ingredients?|zutaten|recipe|rezept|instructions|directions|zubereitung|preparation';
const RECIPE = new RegExp(`${W}(?:${RECIPE_WORDS})${E}`);

/** Names of content containers (readability's `positive` vocabulary, extended). */
const POSITIVE = new RegExp(
  `${W}(?:article|articlebody|article-body|article-content|body|content|entry|entry-content|main|post|post-body|` +
    `post-content|story|story-body|text|blog|page|hentry|prose|rich-text|richtext|` +
    `${RECIPE_WORDS})${E}|articlebody|article-body|story-body|post-body|entry-content`,
);

// CMS taxonomy classes (WordPress post_class: `category-<slug>`, `tag-<slug>`) name the post's topics, not a template
// region: on the page's own entry (an entry element holding the page's <h1>) they are ignored, so a category called
// "newsletter" cannot make the article look like a newsletter box. Teaser entries of other posts (no <h1>) keep them.
const TAXONOMY_TOKEN = /^(?:category|tag|cat|topic|kategorie|rubrik|ressort|schlagwort)-/;
const HAS_TAXONOMY = /(?:^|\s)(?:category|tag|cat|topic|kategorie|rubrik|ressort|schlagwort)-/;
const ENTRY_TOKEN = /^(?:hentry|post|entry|type-[\w-]+|post-\d+|status-publish|format-[\w-]+)$/;

// A BEM modifier (`live-entry--social`, `post--video`) says which variant of its block an element is. When the
// element also carries the block's own class and that class names a content container, the element is that
// container: the modifier's words (an entry that embeds a social post) do not make it a share bar (D298).

function withoutContentModifiers(s: string): string {
  const tokens = s.split(/\s+/);
  const bases = new Set(tokens);
  const kept = tokens.filter((t) => {
    const cut = t.indexOf('--');
    if (cut <= 0) return true;
    const base = t.slice(0, cut);
    return !(bases.has(base) && POSITIVE.test(base));
  });
  return kept.length === tokens.length ? s : kept.join(' ');
}

/** The "id class" string the cue patterns look at, without taxonomy tokens on an entry element. */
export function cueText(el: DomElement): string {
  const raw = classAndId(el);
  const s = raw.includes('--') ? withoutContentModifiers(raw) : raw;
  if (!HAS_TAXONOMY.test(s)) return s;
  const tokens = s.split(/\s+/);
  if (el.localName !== 'article' && !tokens.some((t) => ENTRY_TOKEN.test(t))) return s;
  if (el.querySelector('h1') === null) return s;
  return tokens.filter((t) => !TAXONOMY_TOKEN.test(t)).join(' ');
}

/**
 * Lists and tables, and the parts of a table, are content structures: a weak, region-like name ("…-header",
 * "…-links", a `<th class="head">`) does not remove one.
 */
const STRUCTURE_TAGS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'ul', 'ol', 'dl']);
/** On the head of a part of the text, "header" names that head (`accordion-header`, `frame-header`), not a page region. */
const HEADING_SELF = new RegExp(`${W}header${E}`, 'g');
/**
 * On a subheading that opens its panel, "head" names the subheading itself (a toggle's `h3.toggle-head` around a link
 * to "#", D425). A news template's dek (`h2.sub-head`) is no such head.
 */
const SUBHEADING_SELF = new RegExp(`${W}head${E}`, 'g');

/**
 * A `<header>` that heads a section of the text (CMS content elements wrap each section's heading in one: TYPO3's
 * `<div class="frame"><header><h2>…`): it holds a subheading (h2–h6), no page title (h1), no navigation and no
 * links. The page's own header has the site's name or title, a menu or links. A `<header>` right inside a
 * `<section>` heads that section whatever its heading's level (HTML §4.3.8; Stud.IP heads each box of a course page
 * `<section><header><h1>`, D414).
 */
export function isSectionHeader(el: DomElement): boolean {
  const inSection = el.parentElement?.localName === 'section';
  const heading = el.querySelector(inSection ? 'h1, h2, h3, h4, h5, h6' : 'h2, h3, h4, h5, h6');
  return heading !== null && el.querySelector(inSection ? 'nav, a, form, ul' : 'h1, nav, a, form, ul') === null;
}

/** Text of paragraphs a `<header>` must hold to be a section's introduction rather than the page's header. */
const PROSE_HEADER_CHARS = 400;

/**
 * A `<header>` that holds the text of its section (JSDoc puts a class's whole description, paragraphs, lists and
 * subheadings, in the `<header>` before its members, D383): two paragraphs or more with 400 characters of text, and
 * no navigation or form. The page's own header holds a menu and a line or two at most.
 */
export function isProseHeader(el: DomElement): boolean {
  if (el.querySelector('nav, form, [role="navigation"]') !== null) return false;
  const paragraphs = Array.from(el.querySelectorAll('p'));
  return paragraphs.length >= 2 && paragraphs.reduce((n, p) => n + nonSpaceLength(p.textContent ?? ''), 0) >= PROSE_HEADER_CHARS;
}

/** Non-space characters of `el` outside the elements `selector` finds in it. */
function textOutside(el: DomElement, selector: string): number {
  let inside = 0;
  for (const h of Array.from(el.querySelectorAll(selector))) inside += nonSpaceLength(h.textContent ?? '');
  return nonSpaceLength(el.textContent ?? '') - inside;
}

/** A line of text at most: an accordion's or tab's head, not a page region holding a menu toggle. */
const HEAD_MAX_CHARS = 200;

/**
 * The head of one part of the text: a heading, a section's `<header>`, or the bar of an accordion item or tab that
 * holds the control opening its panel (Bootstrap's `div.accordion-header` around the question's button).
 */
function headsAPart(el: DomElement): boolean {
  if (HEADING_TAGS.has(el.localName)) return true;
  // A section's <header> with nothing but its heading(s) in it; one that also holds a recipe card's ratings and times
  // or a byline is not just a head.
  if (el.localName === 'header') return isSectionHeader(el) && textOutside(el, 'h2, h3, h4, h5, h6') === 0;
  // The head of a BEM accordion item, its body right after it (Tilda's `t668__header` over `t668__content`, D418).
  const next = el.nextElementSibling;
  if (next !== null && isNamedBody(next, el)) return true;
  // The control itself may carry the name (Liferay's `button.panel-header` with the section's title in it).
  const control = el.matches(CONTROL_SELECTOR) || el.querySelector(CONTROL_SELECTOR) !== null;
  return (el.textContent ?? '').trim().length <= HEAD_MAX_CHARS && control && el.querySelector('nav, ul, form') === null;
}

/** Embedded posts (a quoted tweet) are content even inside a "social" wrapper. */
const EMBED = /embed|twitter-tweet|instagram-media/;
/**
 * But an embedded article named as related (eZ Publish's `div.class-article-embed.related-article`) is a teaser of
 * another story (D394).
 */
const EMBEDDED_TEASER = /related|recommend|also-read|read-next|more-stories/;

/** Class words that hide text from sighted readers (screen-reader-only, print-only, hidden). */
const HIDING = new RegExp(String.raw`sr-only|screen-reader|visually-?hidden|print-only|hidden-print|(?:^|\s)(?:${CLOSING_WORDS})(?:$|\s)`);

/** Phrasing elements that carry words of a sentence (links excluded: a "read more" link is a widget). */
const PHRASE_TAGS = new Set(['b', 'strong', 'i', 'em', 'span', 'font', 'code', 'kbd', 'samp', 'var', 'mark', 'small', 'big', 'u',
  'tt', 'abbr', 'cite', 'q', 'dfn', 'time', 'data', 'sub', 'sup', 's', 'del', 'ins', 'bdi', 'bdo']);

/**
 * A phrasing element inside running text (words of a sentence on either side of it), whose class names styling
 * rather than a region: help-authoring tools name the menu commands a sentence mentions `f_Menu`. Its class words
 * do not remove it unless they hide it.
 */
export function isWordsOfSentence(el: DomElement): boolean {
  if (!PHRASE_TAGS.has(el.localName)) return false;
  const textBeside = (n: DomNode | null): boolean => n !== null && n.nodeType === TEXT_NODE && /\S/.test(n.textContent ?? '');
  if (!textBeside(el.previousSibling) && !textBeside(el.nextSibling)) return false;
  return !HIDING.test(cueText(el));
}

/**
 * The words of a heading written as a link or a span inside it (docutils' `a.toc-backref` back to the contents, a
 * permalink around the title): the heading's text, whatever its class names, unless the class hides it (D329).
 */
export function isHeadingWords(el: DomElement): boolean {
  const parent = el.parentElement;
  if (parent === null || !HEADING_TAGS.has(parent.localName) || !(el.localName === 'a' || PHRASE_TAGS.has(el.localName))) return false;
  const own = nonSpaceLength(el.textContent ?? '');
  return own > 0 && own >= 0.8 * nonSpaceLength(parent.textContent ?? '') && !HIDING.test(cueText(el));
}

/** The closing classes in a class string: a state, not a region's name. */
const TOGGLE_CLASS = new RegExp(String.raw`(?:^|\s)(?:${CLOSING_WORDS})(?=$|\s)`, 'g');

/**
 * Names a tab widget gives its panels (Bootstrap snippets' `id="nav_tabs_content_1682"`): the "nav" in them is the
 * tab bar's, not the panel's, which holds whatever its tab shows.
 */
const TAB_WIDGET_NAME = /(?:^|\s)[\w-]*nav[-_]?tabs?(?:[-_][\w-]*)?(?=$|\s)/g;

/**
 * `closed`: the element is a panel shown on demand (disclosed.ts), so its hiding class is only its closed state, and
 * a name its tab widget gave it names the widget.
 */
export function hasStrongNegativeCue(el: DomElement, closed = false): boolean {
  if (SUBHEADING_TAGS.has(el.localName)) return false;
  const raw = cueText(el);
  const named = withoutStyleWords(el, raw);
  const s = closed ? named.replace(TOGGLE_CLASS, ' ').replace(TAB_WIDGET_NAME, ' ') : named;
  return s.trim() !== '' && STRONG_NEGATIVE.test(s) && (!EMBED.test(s) || EMBEDDED_TEASER.test(s));
}

/**
 * Spacing utility classes of CSS frameworks (Infima's `margin-top--md`, Bootstrap's `mt-3`/`pb-2`, `border-top`)
 * style any element; their "top" and "bottom" name no page region. Nor do Semantic UI's (Fomantic's) attachment
 * words: `ui bottom attached tab segment` is a tab panel joined to the menu above it (D358).
 */
const SPACING_UTILITY = /(?:^|\s)(?:(?:margin|padding|border|m[tbxy]?|p[tbxy]?)-(?:top|bottom)(?:$|[\w-]*)|(?:top|bottom)(?=\s+attached(?:$|\s)))/g;

/** A subheading whose text is the control of the panel under it (a link to "#" or a handler, ARIA's expanded state). */
function opensItsPanel(el: DomElement): boolean {
  return SUBHEADING_TAGS.has(el.localName) && (headsToggle(el) || el.querySelector('[aria-expanded]') !== null);
}

export function hasWeakNegativeCue(el: DomElement): boolean {
  if (STRUCTURE_TAGS.has(el.localName)) return false;
  const raw = cueText(el);
  const cue = raw.includes('top') || raw.includes('bottom') ? raw.replace(SPACING_UTILITY, ' ') : raw;
  if (cue === '' || !WEAK_NEGATIVE.test(cue) || POSITIVE.test(cue)) return false;
  // Only a name with "header" in it needs the (tree-searching) look at what the element is. A page's title (`h1`) may
  // still sit in a template's "head" block and go with it.
  const named = cue.includes('head') && opensItsPanel(el) ? cue.replace(SUBHEADING_SELF, ' ') : cue;
  const s = named.includes('header') && headsAPart(el) ? named.replace(HEADING_SELF, ' ') : named;
  return WEAK_NEGATIVE.test(s);
}

const WIDGET_WORDS = new RegExp(`${W}widget(?=$|[\\s_-])`, 'g');

/**
 * The strong cue on `el` is the word "widget" and nothing else: a widget CMS (Scrivito, CM4all) names every block
 * of a page so, the article's paragraphs, tables and FAQ included (`text-widget`, `accordion-widget`, D449).
 */
export function isWidgetOnlyCue(el: DomElement): boolean {
  const named = withoutStyleWords(el, cueText(el));
  const rest = named.replace(WIDGET_WORDS, ' ');
  if (rest === named) return false;
  return rest.trim() === '' || !STRONG_NEGATIVE.test(rest);
}

/** The template names `el` as a part of a recipe (its ingredients, its method). */
export function hasRecipeCue(el: DomElement): boolean {
  const s = cueText(el);
  return s !== '' && RECIPE.test(s);
}

export function hasPositiveCue(el: DomElement): boolean {
  const s = cueText(el);
  return s !== '' && POSITIVE.test(s);
}

/**
 * Tags of template regions (WHATWG HTML §4.3: nav, aside, footer; plus legacy menus and forms' controls), and the
 * `<marquee>` ticker of old home pages and news sites ("+++ NEU: Teil 3 ist online +++", D319).
 */
export const BOILERPLATE_TAGS = new Set(['nav', 'aside', 'footer', 'menu', 'header', 'figcaption', 'marquee']);

/** ARIA landmark and widget roles that never hold the main content (WAI-ARIA 1.2 §5.3). */
export const BOILERPLATE_ROLES = new Set([
  'navigation', 'banner', 'contentinfo', 'complementary', 'search', 'menu', 'menubar', 'toolbar', 'dialog',
  'alertdialog', 'tablist', 'tooltip', 'form',
]);

/** Elements that never carry readable content. */
export const NON_CONTENT_TAGS = new Set([
  'script', 'style', 'noscript', 'template', 'svg', 'math', 'canvas', 'iframe', 'object', 'embed', 'audio', 'video',
  'source', 'track', 'button', 'input', 'select', 'textarea', 'option', 'optgroup', 'datalist', 'dialog', 'map',
  'link', 'meta', 'head', 'title', 'base', 'param', 'frame', 'frameset', 'applet',
]);

/** Short texts that label template widgets rather than say anything (matched on a whole unit, lower-cased). */
export const BOILERPLATE_TEXT = new RegExp(
  String.raw`^(?:advertisement|advertising|sponsored|sponsored content|ad|share|share this|share this article|` +
    String.raw`share this story|share on \w+|tweet|email|print|comments?|\d+ comments?|leave a comment|read more|` +
    String.raw`continue reading|related|related articles|related stories|related posts|see also|more|loading|` +
    String.raw`subscribe|sign up|log in|login|follow us|click here|back to top|top|top of page|next|previous|close|menu|` +
    String.raw`nach oben|zum seitenanfang|seitenanfang|haut de page|retour en haut|` +
    String.raw`skip to (?:main )?content|image|photo|video|watch|listen|play|reklame|anzeige|publicité|publicidad)[\s.:!…]*$`,
);

/**
 * The heading a comment section opens with on templates that give it no class name (old table layouts, guestbook
 * scripts): "3 Kommentare zu diesem Artikel", "Comments (2)", "Leserkommentare", "12 Responses to …"; and a shop's
 * customer reviews after a product's description ("Customer Reviews", "Kundenbewertungen (12)"). A count or an
 * average in parentheses may end it ("Customer reviews (4 reviews, average 4.5/5)", D440); a span of years names an
 * article's section ("Reviews (2004–2006)").
 */
export const COMMENTS_HEADING =
  /^(?:\d+\s+)?(?:kommentare?|leserkommentare|leserbriefe|reaktionen|comments?|responses?|replies|reader comments|(?:customer |product )?reviews|kundenbewertungen|kundenrezensionen|produktbewertungen|bewertungen|rezensionen|kundenmeinungen|kundenstimmen)(?:\s*\(\d+\)|\s*\((?=[^()]*\d)(?![^()]*\b(?:1[89]|20)\d\d\b)[^()]{1,60}\)\s*$|\s+(?:zu|to|on)\b|\s*:?\s*$)/i;

/** A bare "Comments" may name a section of documentation (comments in a language): no count, no "on this …". */
export const BARE_COMMENTS = /^(?:comments?|kommentare?)\s*:?$/i;

/** A heading of readers' comments or reviews ("Customer Reviews", "Kommentare (3)"), not a bare "Comments". */
export function isReaderEntriesHeading(line: string): boolean {
  return COMMENTS_HEADING.test(line) && !BARE_COMMENTS.test(line);
}
