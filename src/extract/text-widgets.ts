// Template widgets known by their words alone, whatever their class says: a page-feedback question under the text
// ("War diese Seite hilfreich?", D303), the consent placeholder of an embed that is not loaded ("Empfohlener
// externer Inhalt … einverstanden", D307) and a cookie notice (D446). pruneInside (prune.ts) removes such a block
// inside the chosen content.
import { type DomElement, type DomNode, TEXT_NODE, firstTextNode, normalizeSpace } from './dom.ts';
import type { ElementStats } from './stats.ts';

/**
 * The question a page-feedback widget opens with ("Was this page helpful?", "War dieser Ratgeber hilfreich?",
 * "Hat Ihnen dieser Artikel geholfen?"): public-sector, documentation and shop pages put one under the text, with
 * yes/no buttons and a comment field. Only "this" page, article, guide… is asked about, so a sentence of the text
 * ("Was the reform helpful?") is not one.
 */
const FEEDBACK_NOUN = String.raw`(?:page|article|post|site|information|answer|guide|content|documentation|topic|tutorial|recipe|help|text|story|seite|artikel|beitrag|ratgeber|informationen?|antwort|anleitung|rezept|inhalte?|text|hilfe|website|webseite)`;
export const FEEDBACK_QUESTION = new RegExp(
  String.raw`^(?:(?:was|is|were|are) (?:this|these) ${FEEDBACK_NOUN} (?:\w+ )?(?:helpful|useful)` +
    String.raw`|did (?:this|these) ${FEEDBACK_NOUN} help|did you find (?:this|these) ${FEEDBACK_NOUN} (?:helpful|useful)` +
    String.raw`|how (?:helpful|useful) (?:was|is|were) (?:this|these) ${FEEDBACK_NOUN}` +
    String.raw`|(?:war|ist|waren|sind) (?:diese[rs]?) ${FEEDBACK_NOUN} (?:für sie |für dich )?(?:hilfreich|nützlich)` +
    String.raw`|(?:hat|haben) (?:ihnen|dir) (?:diese[rs]?) ${FEEDBACK_NOUN} (?:\w+ )?(?:geholfen|weitergeholfen)` +
    String.raw`|wie (?:hilfreich|nützlich) (?:war|ist|waren) (?:diese[rs]?) ${FEEDBACK_NOUN})\b`,
  'i',
);

/**
 * The placeholder a page shows instead of an embedded post or video until the reader agrees to load it (two-click
 * embeds under GDPR): "Empfohlener externer Inhalt … Ich bin damit einverstanden, dass mir externe Inhalte angezeigt
 * werden", "External content … accept". Its opening names the external content; its text asks for consent.
 */
export const EMBED_CONSENT_OPENING = new RegExp(
  String.raw`^(?:empfohlener |empfohlene )?externer? inhalte?\b|^(?:recommended )?(?:external|third[- ]party) content\b` +
    // "Hier würde ein Video von YouTube angezeigt", "An dieser Stelle würde ein Video angezeigt", "A video from YouTube
    // would be shown here": what would stand there once loaded (D426).
    String.raw`|^(?:hier|an dieser stelle) (?:würde|wird) (?:ein(?:e|en)? )?(?:externer? )?(?:video|inhalt|beitrag|karte|post)\b` +
    String.raw`|^(?:a|an) (?:video|map|post|embed) from \S+ would be (?:shown|displayed) here\b`,
  'i',
);
export const EMBED_CONSENT_ASK = /einverstanden|zustimm|aktivier|akzeptier|anzeigen lassen|consent|accept|agree|allow|enable/i;

/**
 * A cookie notice that names no cookie in its class or id (tarteaucitron's `span#tarteaucitronDisclaimerAlert`,
 * D446): "Diese Website verwendet Cookies …", "This website uses cookies …", "Wir verwenden Cookies …", offering a
 * choice (COOKIE_CHOICE).
 */
export const COOKIE_NOTICE = new RegExp(
  String.raw`^(?:diese (?:website|webseite|seite|homepage)|unsere (?:website|webseite|seite)|wir) (?:verwendet|verwenden|nutzt|nutzen|benutzt|benutzen|setzt|setzen) (?:\S+ ){0,2}cookies\b` +
    String.raw`|^(?:this (?:website|site|page)|our (?:website|site)|we) (?:uses?|sets?) (?:\S+ ){0,2}cookies\b`,
  'i',
);
// Its buttons are gone by the time it is read (buttons are no content), so the choice it offers is read in its words.
export const COOKIE_CHOICE = /akzeptier|zustimm|ablehn|einstellung|zulass|erlaub|entscheid|accept|agree|decline|reject|settings|preferences|consent|allow|choose|manage/i;

// The first word of every opening FEEDBACK_QUESTION, EMBED_CONSENT_OPENING and COOKIE_NOTICE know: most blocks are
// turned away by their first text node, before their whole text is built.
const WIDGET_FIRST_WORD = /^(?:was|is|were|are|did|how|war|ist|waren|sind|hat|haben|wie|empfohlene?r?|externe?r?|recommended|external|third|hier|an|a|diese|unsere|wir|this|our|we)(?![\p{L}\p{N}])/iu;

/** The start of the first non-blank text node under `el` (document order), or '' when there is none nearby. */
function firstText(el: DomElement): string {
  return (firstTextNode(el, 64)?.textContent ?? '').trimStart().slice(0, 40);
}

/** The text under `el` with a space at every element boundary: minified pages put no blank between a title and the next block. */
function spacedText(el: DomElement): string {
  const parts: string[] = [];
  const walk = (n: DomNode): void => {
    for (let c = n.firstChild; c !== null; c = c.nextSibling) {
      if (c.nodeType === TEXT_NODE) parts.push(c.textContent ?? '');
      else {
        parts.push(' ');
        walk(c);
      }
    }
  };
  walk(el);
  return parts.join('');
}

/**
 * A short widget known by its words alone: a page-feedback question under the text (yes/no buttons, a comment box),
 * or the consent placeholder of an embed that is not loaded (its title, then the request to agree).
 */
export function isTextWidget(el: DomElement, st: ElementStats): boolean {
  if (st.chars === 0 || st.chars > 600 || !WIDGET_FIRST_WORD.test(firstText(el))) return false;
  const text = normalizeSpace(spacedText(el));
  if (st.chars <= 300 && FEEDBACK_QUESTION.test(text)) return true;
  // A box, not a paragraph: a privacy statement's paragraph may open the same way.
  if (el.localName !== 'p' && COOKIE_NOTICE.test(text) && COOKIE_CHOICE.test(text)) return true;
  return EMBED_CONSENT_OPENING.test(text) && EMBED_CONSENT_ASK.test(text);
}
