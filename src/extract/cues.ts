// Class/id and tag cues for boilerplate. These are generic vocabulary of page templates (navigation, sharing,
// comments, advertising, consent banners), not rules for particular sites. `classAndId()` supplies the
// lower-cased "id class" string they are tested on. Separators inside class names are `-`, `_` or camel case, so
// patterns use `(?:^|[\s_-])` as a word start where a bare substring would hit unrelated words.
import { type DomElement, classAndId } from './dom.ts';

const W = String.raw`(?:^|[\s_-])`; // start of a class-name word
const E = String.raw`(?:$|[\s_-])`; // end of a class-name word

/** Boilerplate no matter what else the class says (a "post-share" bar is still a share bar). */
const STRONG_NEGATIVE = new RegExp(
  [
    'comment', 'disqus', 'share', 'sharing', 'social', 'sociable', 'newsletter', 'subscribe', 'subscription',
    'signup', 'sign-up', 'cookie', 'consent', 'gdpr', 'outbrain', 'taboola', 'related', 'recommend', 'more-stories',
    'read-more', 'readmore', 'also-read', 'read-next', 'popular', 'trending', 'most-read', 'mostread', 'breadcrumb',
    'pagination', 'pager', 'advert', 'sponsor', 'promo', 'print-only', 'skip-link', 'skiplink',
    'screen-reader', 'sr-only', 'visually-hidden', 'visuallyhidden', 'hidden-print', 'byline', 'dateline',
    'author-bio', 'about-author', 'author-box', 'authorbox', 'toolbar', 'tooltip', 'modal', 'popup',
    'overlay', 'banner-ad', 'masthead', 'site-header', 'site-footer', 'subnav', 'navbar', 'navigation', 'menu',
  ].join('|') +
    `|${W}(?:ads?|ad\\d*|adv|ad-\\w+|adslot|dfp|gpt|nav|tags?|tag-list|tagcloud|footer|share|social|widget|sidebar|rail|` +
    `right-rail|aside|meta|post-meta|entry-meta|article-meta|credits?|copyright|legal|print|rating|` +
    `login|signin|author|timestamp|date|published|caption|figcaption|photo-credit|disclaimer|inline-ad)${E}` +
    '|(?:^|\\s)(?:hidden|hide|d-none|is-hidden|invisible)(?:$|\\s)',
);

/** Weak negatives: template regions that are boilerplate unless the same element also says it is the content. */
const WEAK_NEGATIVE = new RegExp(`${W}(?:header|head|top|bottom|foot|links|extra|complementary|sidebar|widget)${E}`);

/** Names of content containers (readability's `positive` vocabulary, extended). */
const POSITIVE = new RegExp(
  `${W}(?:article|articlebody|article-body|article-content|body|content|entry|entry-content|main|post|post-body|` +
    `post-content|story|story-body|text|blog|page|hentry|prose|rich-text|richtext)${E}|articlebody|article-body|story-body|post-body|entry-content`,
);

/** Embedded posts (a quoted tweet) are content even inside a "social" wrapper. */
const EMBED = /embed|twitter-tweet|instagram-media/;

export function hasStrongNegativeCue(el: DomElement): boolean {
  const s = classAndId(el);
  return s !== '' && STRONG_NEGATIVE.test(s) && !EMBED.test(s);
}

export function hasWeakNegativeCue(el: DomElement): boolean {
  const s = classAndId(el);
  return s !== '' && WEAK_NEGATIVE.test(s) && !POSITIVE.test(s);
}

export function hasPositiveCue(el: DomElement): boolean {
  const s = classAndId(el);
  return s !== '' && POSITIVE.test(s);
}

/** Tags of template regions (WHATWG HTML §4.3: nav, aside, footer; plus legacy menus and forms' controls). */
export const BOILERPLATE_TAGS = new Set(['nav', 'aside', 'footer', 'menu', 'header', 'figcaption']);

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
    String.raw`subscribe|sign up|log in|login|follow us|click here|back to top|top|next|previous|close|menu|` +
    String.raw`skip to (?:main )?content|image|photo|video|watch|listen|play|reklame|anzeige|publicité|publicidad)[\s.:!…]*$`,
);
