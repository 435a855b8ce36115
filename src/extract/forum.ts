// Forum threads (phpBB, vBulletin, SMF and their kind; D328). Every post of a thread comes with the forum's own
// furniture, printed the same way each time: the author's panel ("Join Date: Feb 2008", "Posts: 412", "Location: …"),
// a header line (the date and the post's number, or "Verfasst am: … Titel:"), a reply title ("AW: …", "Re: …"), a
// signature under a rule of underscores, an edit note; and under the thread, the forum's time zone and permissions.
// The posts are the content; their furniture is template. A page counts as a thread only when two author panels or
// more are found, so an article that mentions "Posts: 3" loses nothing.
import { type DomElement, type DomNode, type Journal, detach, elementChildren, normalizeSpace } from './dom.ts';
import { ATTRIBUTION, JOINED, LOCATION, POSTS } from './forum-labels.ts';
import { type StatsMap, authorLabels } from './stats.ts';

/** An author's panel has the post count and the join date or the place. */
function isPanelText(text: string): boolean {
  return POSTS.test(text) && (JOINED.test(text) || LOCATION.test(text));
}

/** Non-space characters of a panel at most (name, rank, the labelled lines). */
const PANEL_MAX_CHARS = 300;
/** What the panel's box may add around the labelled lines: the author's name and rank. */
const PANEL_EXTRA_CHARS = 40;

/** The element holding an author's panel whose deepest labelled block is `labels`: up while it adds a name only. */
function panelBox(labels: DomElement, stats: StatsMap): DomElement {
  let box = labels;
  const own = stats.get(labels)?.chars ?? 0;
  for (let up = box.parentElement; up !== null && up.localName !== 'tr' && up.localName !== 'table'; up = up.parentElement) {
    if ((stats.get(up)?.chars ?? Infinity) - own > PANEL_EXTRA_CHARS) break;
    box = up;
  }
  return box;
}

/** The deepest elements whose text is an author's panel, in page order. */
function findPanels(root: DomElement, stats: StatsMap): DomElement[] {
  const found: DomElement[] = [];
  // Inside a short block with the labels: the children that hold them all, else the block itself.
  const deepest = (el: DomElement): void => {
    const inner = elementChildren(el).filter((c) => isPanelText(c.textContent ?? ''));
    if (inner.length === 0) found.push(el);
    else for (const c of inner) deepest(c);
  };
  const walk = (el: DomElement): void => {
    for (const c of elementChildren(el)) {
      const chars = stats.get(c)?.chars ?? 0;
      if (chars > PANEL_MAX_CHARS) walk(c);
      else if (chars > 0 && isPanelText(c.textContent ?? '')) deepest(c);
    }
  };
  walk(root);
  return found;
}

/** A post's header: its date and time, and its number ("18.08.2008, 08:47 #3", "03-21-2009, 06:12 PM #2"). */
const POST_HEADER = /^(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|today|yesterday|heute|gestern)\s*,?\s*(?:\d{1,2}:\d{2}(?:\s*[ap]m)?)?\s*(?:#\s*\d+)?$/i;
/** phpBB's line above a post ("Verfasst am: 02.04.2006, 21:12 Titel: …", "Posted: Sun Apr 02, 2006 Post subject: …"). */
const POSTED_LINE = /^(?:verfasst\s+am|posted|geschrieben\s+am)\s*:?\s*\S.{0,60}?(?:titel|post\s+subject|betreff|subject)\s*:[^.!?]{0,120}[.!?]?$/i;
/**
 * A reply's title repeats the thread's with a prefix: one short line with no sentence in it (a reply that opens with
 * "Re:" and goes on is the post).
 */
const REPLY_TITLE = /^(?:aw|re|antw)\s*:\s*[^.!?]{1,120}[.!?]?$/i;
/** A signature starts with a rule of underscores. */
const SIGNATURE = /^_{8,}/;
/** The note under an edited post. */
const EDIT_NOTE = /^(?:zuletzt\s+bearbeitet\s+von|last\s+edited\s+by|geändert\s+von|edited\s+by|this\s+post\s+has\s+been\s+edited\s+by|dieser\s+beitrag\s+wurde\s+von)\s/i;
/**
 * Invision Power Board's lines around a post (D415): its number alone ("Post #2"), its date with the month's name
 * ("Jan 14 2007, 10:58 PM"), and the head of a quote ("QUOTE (OldPike @ Jan 14 2007, 09:41 PM)").
 */
const POST_NUMBER = /^(?:post|beitrag)\s*#\s*\d+$/i;
const NAMED_DATE_LINE = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mär|mai|okt|dez)[a-zä]*\.?\s+\d{1,2},?\s+\d{4},?\s+\d{1,2}:\d{2}(?:\s*[ap]m)?$/i;
const QUOTE_HEAD = /^(?:quote|zitat)\s*\([^()@]{1,60}@[^()]{1,40}\)$/i;
/** The forum's lines under the thread: its time zone, what a visitor may do in it. */
const THREAD_FOOTER = /^(?:alle\s+zeiten\s+sind|all\s+times\s+are)\s+(?:gmt|utc)|^(?:du\s+kannst|you\s+(?:can|cannot|may))\b.{0,60}?\bin\s+(?:diese[ms]|this)\s+forum\b/i;

const FURNITURE: readonly RegExp[] = [POST_HEADER, POSTED_LINE, REPLY_TITLE, SIGNATURE, EDIT_NOTE, THREAD_FOOTER, POST_NUMBER, NAMED_DATE_LINE, QUOTE_HEAD];

/** The furniture of one post, by its whole text (a short block). */
function isPostFurniture(text: string): boolean {
  return FURNITURE.some((re) => re.test(text));
}

/** Short blocks of the thread that are a post's furniture, outermost first. */
function findFurniture(root: DomElement, stats: StatsMap): DomElement[] {
  const found: DomElement[] = [];
  const walk = (el: DomElement): void => {
    for (const c of elementChildren(el)) {
      const chars = stats.get(c)?.chars ?? 0;
      if (chars === 0) continue;
      if (chars <= PANEL_MAX_CHARS && isPostFurniture(normalizeSpace(c.textContent ?? ''))) found.push(c);
      else walk(c);
    }
  };
  walk(root);
  return found;
}

/** Blocks of at most `max` characters (as they are now) whose whole text passes `test`, outermost first. */
function findBlocks(root: DomElement, max: number, test: (text: string) => boolean): DomElement[] {
  const found: DomElement[] = [];
  const walk = (el: DomElement): void => {
    for (const c of elementChildren(el)) {
      const text = normalizeSpace(c.textContent ?? '');
      if (text === '') continue;
      if (text.length <= max && test(text)) found.push(c);
      else walk(c);
    }
  };
  walk(root);
  return found;
}

/** A mail archive's header block ("From: Jan Voss <…> Date: Tue Jun 10 2003 - 11:40:05 CEST"), and nothing more. */
const MAIL_HEADERS = /^(?:from|von)\s*:?\s.{1,200}?\b(?:date|datum)\s*:?\s.{0,45}$/i;
/** A line introducing a quote, alone: short, with no sentence in it before the "wrote:". */
const isAttribution = (t: string): boolean => t.length <= 150 && ATTRIBUTION.test(t) && !/[.!?]\s+\p{Lu}/u.test(t);
/** A quoted line, and the signature under its delimiter ("-- "). */
const QUOTED = /^>/;
const MAIL_SIGNATURE = /^--\s/;

/**
 * A mail archive's thread (D333): each message's header block, the quotes of earlier messages (they repeat them)
 * with the line that introduces them, and the signature. Quotes go first, so an attribution is then alone in its block.
 */
function removeMailChrome(root: DomElement, journal: Journal | null): number {
  const quotes = findBlocks(root, PANEL_MAX_CHARS, (t) => QUOTED.test(t));
  for (const q of quotes) detach(q, journal);
  const furniture = findBlocks(root, PANEL_MAX_CHARS, (t) => MAIL_HEADERS.test(t) || isAttribution(t) || MAIL_SIGNATURE.test(t));
  for (const f of furniture) detach(f, journal);
  return quotes.length + furniture.length;
}

/** Removes the furniture of a forum thread's posts or a mail archive's messages below `root`; returns how many. */
export function removeForumChrome(root: DomElement, stats: StatsMap, journal: Journal | null = null): number {
  // Counted by the stats walk: nearly every page has no author label anywhere, and its text is not read again.
  if (authorLabels(stats) < 2) return 0;
  const panels = findPanels(root, stats);
  if (panels.length < 2) return findBlocks(root, PANEL_MAX_CHARS, (t) => MAIL_HEADERS.test(t)).length >= 2 ? removeMailChrome(root, journal) : 0;
  const doomed: DomNode[] = panels.map((p) => panelBox(p, stats));
  for (const d of doomed) detach(d, journal);
  const furniture = findFurniture(root, stats);
  for (const f of furniture) detach(f, journal);
  return doomed.length + furniture.length;
}
