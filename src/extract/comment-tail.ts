// Readers' comments and guestbook entries that old table layouts, hand-made pages and guestbook scripts print inside
// the content cell itself, after the text, with no element or class name of their own to recognise them by. What
// marks them is the line that opens them: "Ihre Meinung zum Artikel (3 Kommentare)", "Die letzten Einträge im
// Gästebuch:", "What folk have said about this recipe". From that line on, the content is readers' text: it is cut.
import { isAbsolutelyPlaced } from './layers.ts';
import { boundedText, type DomElement, type DomNode, type Journal, detach, HEADING_TAGS, normalizeSpace, TEXT_NODE } from './dom.ts';
import { nodesFrom } from './repair.ts';
import { isInlineTag } from './stats.ts';
import { nonSpaceLength } from '../io/text.ts';
import { BARE_COMMENTS, isReaderEntriesHeading } from './cues.ts';

/**
 * A section's label before the line proper ("READER FORUM: …", "LESER-FORUM: …", "The Fine Print: …"), or set off by
 * a spaced dash or bar ("YOUR SAY - 2 comments", D454).
 */
const LABEL_BEFORE = String.raw`[^:.!?]{1,30}(?::|\s[-–—|]\s)\s*`;

// Openings of a comment section that a text itself does not use as a heading: a count of comments, a guestbook,
// "what others said". (A bare "Comments" heading is left alone here: documentation has sections of that name.)
const COMMENT_OPENINGS: readonly RegExp[] = [
  /^\d+\s+(?:kommentare?|leserkommentare|comments?|responses?|replies|antworten|reaktionen)\b/i,
  /\(\s*\d+\s+(?:kommentare?|leserkommentare|comments?|responses?|replies|antworten|reaktionen)\s*\)\s*:?$/i,
  // "Kommentare (12)", "Einträge zu diesem Bericht (4)", "Reviews (31)", "Current Reviews: 3", "Customer reviews (8)",
  // "Customer Reviews (3 reviews, average 5/5)": a count first in the brackets, maybe more said of it (D391).
  /^(?:(?:current|customer|recent)\s+)?(?:kommentare?|leserkommentare|comments?|reaktionen|responses?|einträge|entries|reviews|bewertungen|kundenbewertungen|rezensionen|kundenmeinungen|kundenstimmen)\b[^():]{0,50}(?:\(\s*\d+\b[^()]{0,40}\)|:\s*\d+)\s*:?$/i,
  // "Reviews of this recipe:", "Kommentare zu diesem Artikel", "Customer comments on this guide": about this very page.
  /^(?:(?:customer|user|visitor)\s+)?(?:kommentare?|leserkommentare|comments?|reaktionen|einträge|entries|reviews|bewertungen|rezensionen)\s+(?:of|on|for|to|about|zu|für|über)\s+(?:this|diese[mnrs]?)\s+\S+\s*:?$/i,
  // "Notes on this entry (3)" (Open Diary), "Thoughts on this post (5)": any word for them, counted, about this very
  // entry (D448).
  /^[\p{L}'’-]+\s+(?:on|to|about|zu|für|über)\s+(?:this|diese[mnrs]?)\s+(?:entry|post|article|story|recipe|page|eintrag|beitrag|artikel|rezept|bericht)\s*\(\s*\d+\s*\)\s*:?$/iu,
  // "Kommentare zum Rezept", "Reaktionen zur Sanierung": readers' entries (plural) about the page's one subject.
  /^(?:kommentare|leserkommentare|reaktionen|einträge|bewertungen|rezensionen)\s+zu[mr]\s+\S+\s*:?$/i,
  // "Eure Kommentare zum Rezept:", "Your comments", "Ihre Bewertungen", "Your views on this story", "Ihre Meinung zum
  // Thema": addressed to the page's visitors.
  /^(?:eure|ihre|deine|your)\s+(?:kommentare|comments|reviews|bewertungen|einträge|reaktionen|views|opinions|meinung(?:en)?)\b[^.!?]{0,40}$/i,
  // "Ratings & comments", "Reviews and ratings", "Bewertungen und Kommentare (12)": two kinds of readers' entries named
  // together, which no text uses as a subheading of its own.
  /^(?:ratings?|reviews|comments|bewertungen|kommentare|rezensionen)\s*(?:&|\+|and|und)\s*(?:ratings?|reviews|comments|bewertungen|kommentare|rezensionen)\s*(?:\(\s*\d+\s*\))?\s*:?$/i,
  // A guestbook's entries; not the author's answers to what visitors asked there ("Fragen aus dem Gästebuch",
  // "Varianten und Fragen aus dem Gästebuch", "Questions from the guestbook": D367), which are the page's own text.
  /^(?!.*\b(?:fragen|questions?|faqs?|antworten|answers?)\b).*\b(?:gästebuch|gästebucheinträge|guestbook|guest book)\b/i,
  // "Kundenmeinungen", "Kundenstimmen", "Customer reviews": customers' entries by their very name, bare as a heading
  // (D452); a bare "Bewertungen" or "Rezensionen" may be a section of the text (a publisher's press reviews).
  /^(?:kundenmeinungen|kundenstimmen|kundenbewertungen|kundenrezensionen|customer\s+(?:reviews|comments|opinions))\s*:?$/i,
  // "Reader forum", "Readers' comments", "Leserforum", "Leser-Kommentare": the readers' own section under a story.
  /^(?:readers?'?|leser)[\s-]?(?:forum|comments|kommentare|meinungen)\b/i,
  // "What readers have said about this recipe", "Was andere zu diesem Rezept sagen", "What our customers say": said by
  // the page's visitors (not "What the figures say", a subheading of the text).
  // A label may stand before it: "READER FORUM: What readers are saying".
  new RegExp(String.raw`^(?:${LABEL_BEFORE})?(?:what|was)\s+(?:(?:other|our|unsere)\s+)?(?:people|folks?|readers|others|visitors|users|customers|members|guests|cooks|bakers|you|andere|leser(?:innen)?|besucher(?:innen)?|nutzer(?:innen)?|kunden|mitglieder|gäste|ihr)\s+(?:\S+\s+){0,4}(?:have\s+|hat\s+|haben\s+|are\s+)?(?:said|say|saying|think|sagen|meinen|geschrieben|schreiben)\b`, 'i'),
  // "Das sagen unsere Mitglieder:", "Here's what our members say" (D431): the same, said the other way round.
  /^(?:das|dies|so)\s+(?:sagen|meinen|schreiben)\s+(?:unsere|die|andere)\s+(?:leser(?:innen)?|kunden|mitglieder|gäste|besucher(?:innen)?|nutzer(?:innen)?)\s*:?$/i,
  /^here(?:'s|’s| is)\s+what\s+(?:our\s+|other\s+)?(?:readers|members|customers|guests|visitors|users)\s+(?:have\s+)?(?:said|say|think)\s*:?$/i,
];

/**
 * Names of the empty anchor templates put where readers' comments, trackbacks or customer reviews begin
 * (`<a name="comments">`, a shop's `<a name=reviews>`).
 */
const COMMENT_ANCHOR = /^(?:comments?|kommentare?|leserkommentare|respond|responses|reactions|reaktionen|trackbacks?|pingbacks?|reviews?|customer-reviews|bewertungen|kundenbewertungen|rezensionen)$/i;

/**
 * An empty anchor (no link, no text) named for the comments: blog engines and portal scripts (Movable Type,
 * PHP-Nuke, old WordPress themes) print one right before the comment section as the target of "N Comments" links.
 */
export function isCommentAnchor(el: DomElement): boolean {
  if (el.localName !== 'a' || el.getAttribute('href') !== null || hasText(el)) return false;
  return COMMENT_ANCHOR.test(el.getAttribute('name') ?? '') || COMMENT_ANCHOR.test(el.getAttribute('id') ?? '');
}

/** Text before the opening line that a page must have for the cut to apply: an article, not a guestbook page. */
const MIN_TEXT_BEFORE = 300;
/** A heading line is short. */
const MAX_HEADING_CHARS = 80;
/** The most raw text (spaces included) of an element read as a possible opening line. */
const MAX_LINE_TEXT = 4 * MAX_HEADING_CHARS;

/** True when `text` (one block's whole text) is a line that opens readers' comments. */
export function opensReaderComments(text: string): boolean {
  const line = normalizeSpace(text);
  if (line === '') return false;
  // A disclaimer may run longer than a heading (Slash's is two sentences); its pattern bounds what follows it.
  if (COMMENTS_DISCLAIMER.test(line)) return true;
  if (line.length > MAX_HEADING_CHARS) return false;
  if (/[.!?]$/.test(line)) return DISCUSS_CALL.test(line);
  if (COMMENT_OPENINGS.some((re) => re.test(line))) return true;
  // A section label may stand before the opening: "YOUR VIEW: Reader comments (5)", "FORUM: 3 Kommentare" (D374).
  const labelled = LABEL.exec(line);
  return labelled !== null && COMMENT_OPENINGS.some((re) => re.test(labelled[1]));
}

/**
 * The disclaimer portal scripts print where readers' comments begin (XOOPS, PHP-Nuke and their kin, D384): "Für den
 * Inhalt der Kommentare sind die jeweiligen Autoren verantwortlich.", "The comments are owned by the poster. We aren't
 * responsible for their content.", "Comments are property of their posters."; Slash's "The Fine Print: The following
 * comments are owned by whoever posted them." (D390).
 */
const COMMENTS_DISCLAIMER =
  new RegExp(String.raw`^(?:${LABEL_BEFORE})?(?:für den inhalt der kommentare sind (?:die jeweiligen |allein die |ausschließlich die )?(?:autoren|verfasser(?:innen)?|schreiber)(?: selbst)? verantwortlich|(?:the )?(?:following )?comments are (?:the )?(?:property of|owned by) (?:the |their )?(?:posters?|whoever posted them))\b[^\n]{0,80}$`, 'i');

/** A short label before a colon, and what follows it. */
const LABEL = new RegExp(String.raw`^${LABEL_BEFORE}(\S.*)$`);

/**
 * The call that heads a comment section, with its exclamation mark ("LESER-FORUM: Diskutieren Sie mit!", "Join the
 * discussion!", "Have your say!"), after an optional label (D366). A line ending like a sentence opens nothing else.
 */
const DISCUSS_CALL = new RegExp(String.raw`^(?:${LABEL_BEFORE})?(?:diskutieren sie mit|diskutiere mit|join the (?:discussion|conversation)|have your say)\s*!$`, 'i');

/**
 * A heading at or below `el` that opens readers' comments: the head block of a comment section ("Ratings & comments"
 * beside the average and the count), which a class cue would remove before the cut that needs it as its start.
 */
export function holdsCommentsHeading(el: DomElement): boolean {
  for (const h of HEADING_TAGS.has(el.localName) ? [el] : Array.from(el.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    const text = boundedText(h, MAX_LINE_TEXT, (t) => t.length);
    if (text !== null && opensReaderComments(text)) return true;
  }
  return false;
}

/** An element with text of its own: not a line break, not an empty anchor. */
function hasText(n: DomNode): boolean {
  return (n.textContent ?? '').trim() !== '';
}

/** No text on the same line as `el` on the side `step` walks to, up to a line break or a block's edge. */
function lineEndsAt(el: DomElement, step: (n: DomNode) => DomNode | null): boolean {
  for (let n: DomNode = el; ; ) {
    for (let s = step(n); s !== null; s = step(s)) {
      if (breaksLine(s, step)) return true;
      if (hasText(s)) return false;
    }
    const parent = n.parentNode as DomElement | null;
    if (parent === null || !isInlineTag(parent.localName)) return true;
    n = parent;
  }
}

const nextNode = (n: DomNode): DomNode | null => n.nextSibling;
const previousNode = (n: DomNode): DomNode | null => n.previousSibling;
const firstChildOf = (e: DomElement): DomNode | null => e.firstChild;
const lastChildOf = (e: DomElement): DomNode | null => e.lastChild;

/**
 * A node that ends the line met walking by `step`: a `<br>`, a block, or an inline element whose edge on that side
 * is a break (lineEndsAt, lineFrom).
 */
function breaksLine(n: DomNode, step: (n: DomNode) => DomNode | null): boolean {
  if (n.nodeType === TEXT_NODE) return false;
  const tag = (n as DomElement).localName;
  return tag === 'br' || !isInlineTag(tag) || edgeIsBreak(n as DomElement, step === nextNode ? firstChildOf : lastChildOf, step);
}

/**
 * True when the inline element `el` begins (or, walking backwards, ends) with a block or a line break before any
 * text: an old page's `<FONT>` wrapped around the paragraphs after a bold line (`<B>…</B></FONT><FONT><P>…`).
 */
function edgeIsBreak(el: DomElement, first: (e: DomElement) => DomNode | null, step: (n: DomNode) => DomNode | null): boolean {
  for (let c = first(el); c !== null; c = step(c)) {
    if (c.nodeType === TEXT_NODE) {
      if (hasText(c)) return false;
      continue;
    }
    const tag = (c as DomElement).localName;
    if (tag === 'br' || !isInlineTag(tag)) return true;
    return edgeIsBreak(c as DomElement, first, step);
  }
  return false;
}

/** An inline element (`<b>`, `<font>`) that is a line of its own: a heading printed in bold between line breaks. */
function isWholeLine(el: DomElement): boolean {
  return lineEndsAt(el, previousNode) && lineEndsAt(el, nextNode);
}

// A word every opening above has (umlauts left out: the parser splits a text at a character reference, so
// "G&auml;stebuch" reaches us as "G", "ä", "stebuch"); only a text with one is looked at more closely. "forum" and
// the calls to discuss are here for D359's "Leserforum" and D366, "entry" for D448's "… on this entry (3)".
const OPENING_WORD = /komment|comment|respons|repl|antwort|reaktion|stebuch|guest|eintr|entries|entry|review|bewertung|rezension|said|say|think|sagen|meinen|schreiben|views|opinion|meinung|stimmen|forum|diskut|discussion|conversation/i;

/**
 * The outermost element from `text`'s parent up to `root` whose whole text is an opening line, or null. A line that
 * is one item of a list among others is a tab's or a menu's label ("Beschreibung | Technische Daten | Bewertungen
 * (23)"): the panels after the tab bar are not readers' entries (D362).
 */
function openingAround(text: DomNode, root: DomElement): DomElement | null {
  let found: DomElement | null = null;
  for (let a = text.parentNode as DomElement | null; a !== null && a !== root; a = a.parentElement) {
    if (a.localName === 'li' && (a.previousElementSibling?.localName === 'li' || a.nextElementSibling?.localName === 'li')) return null;
    const line = boundedText(a, MAX_LINE_TEXT, (t) => t.length);
    if (line === null) break;
    if (!isInlineTag(a.localName) || isWholeLine(a)) {
      if (opensReaderComments(line)) found = a;
    } else if (found === null) {
      const run = lineFrom(a);
      if (run !== null && opensReaderComments(run)) found = a;
    }
  }
  return found;
}

/**
 * The text of the line that starts with the inline element `el` and runs on through its inline siblings up to a line
 * break or a block: a heading printed in two `<font>`s, "Customer Reviews" and "(3 reviews, average ★★★★★)" (D400).
 * Null when the line does not start at `el` or runs longer than a line read here.
 */
function lineFrom(el: DomElement): string | null {
  if (!lineEndsAt(el, previousNode)) return null;
  let text = el.textContent ?? '';
  for (let s = el.nextSibling; s !== null && !breaksLine(s, nextNode); s = s.nextSibling) {
    text += s.textContent ?? '';
    if (text.length > MAX_LINE_TEXT) return null;
  }
  return text;
}

/** The first opening line of readers' comments below `root`, in document order, after enough text. */
function findOpening(root: DomElement): DomElement | null {
  let before = 0;
  const walk = (n: DomNode): DomElement | null => {
    for (let c = n.firstChild; c !== null; c = c.nextSibling) {
      if (c.nodeType !== TEXT_NODE) {
        const el = c as DomElement;
        if (before >= MIN_TEXT_BEFORE && isCommentAnchor(el) && !headsDocSection(el)) return el;
        const pictured = before >= MIN_TEXT_BEFORE && el.localName === 'img' ? imageOpening(el, root) : null;
        if (pictured !== null) return pictured;
        const inner = walk(c);
        if (inner !== null) return inner;
        continue;
      }
      const t = c.textContent ?? '';
      // A text longer than the lines openingAround reads cannot be part of one; and the text before only needs
      // counting up to the minimum (every page passes here: the count would otherwise read all of its text).
      if (before >= MIN_TEXT_BEFORE && t.length <= MAX_LINE_TEXT && OPENING_WORD.test(t)) {
        const opening = openingAround(c, root);
        if (opening !== null) return opening;
      }
      if (before < MIN_TEXT_BEFORE) before += nonSpaceLength(t, MIN_TEXT_BEFORE - before);
    }
    return null;
  };
  return walk(root);
}

/**
 * An anchor right before a heading that just says "Comments": a documentation page's section on comments (a
 * language's syntax), whose generator puts a named anchor before every heading.
 */
function headsDocSection(anchor: DomElement): boolean {
  const next = anchor.nextElementSibling;
  return next !== null && HEADING_TAGS.has(next.localName) && BARE_COMMENTS.test(normalizeSpace(next.textContent ?? ''));
}

/**
 * A comments or reviews heading drawn as a picture (old shops' "Customer Reviews" tab as a GIF, D334): the outermost
 * box up to `root` holding that image and no text, or null.
 */
function imageOpening(img: DomElement, root: DomElement): DomElement | null {
  const alt = normalizeSpace(img.getAttribute('alt') ?? '');
  if (alt === '' || alt.length > MAX_HEADING_CHARS || !isReaderEntriesHeading(alt)) return null;
  let box = img;
  for (let up = img.parentElement; up !== null && up !== root; up = up.parentElement) {
    if (hasText(up) || up.querySelectorAll('img[alt]').length > 1) break;
    box = up;
  }
  return box;
}

/**
 * Removes everything from the opening line of readers' comments to the end of `root`; returns whether it cut.
 * Pages built of absolutely placed boxes (the "layers" of old homepage builders and editors) put each box on screen
 * by its style, not by its place in the source: a box that follows the one holding the comments may be drawn above
 * them (a recipe's ingredients beside its method), so the cut ends with that box (D387).
 */
export function cutReaderComments(root: DomElement, journal: Journal | null = null): boolean {
  const opening = findOpening(root);
  if (opening === null) return false;
  // The opening line and all that follows it, at its level and at every level up to the root.
  for (let el: DomElement = opening; el !== root; ) {
    const parent = el.parentElement;
    if (parent === null) break;
    const placed = el !== opening && isAbsolutelyPlaced(el);
    // Comments run down the page: the cells beside the comments' cell are other columns (D443), the rows below it
    // are cut at the next level.
    const cell = el !== opening && (el.localName === 'td' || el.localName === 'th');
    if (!placed && !cell) for (const s of nodesFrom(el.nextSibling)) detach(s, journal);
    if (el === opening || !hasText(el)) detach(el, journal);
    if (placed) break;
    el = parent;
  }
  return true;
}
