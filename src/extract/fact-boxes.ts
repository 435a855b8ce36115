// A story's fact box in the column beside it (D442): old newspaper and parish templates put "CAR 41 AT A GLANCE",
// "KNOW THE DEATH CAP" or "DIE ORGEL IN ZAHLEN" at the top of the right-hand column, above "Most read" and the
// donation account. Selection drops a side column as a whole unless it is a second column of prose; the fact box is
// known inside it by its title, which names the story's subject (a word of the headline), and by its lines of text
// without links.
import { type DomElement, classAndId, elementChildren, firstTextNode, isElement } from './dom.ts';
import { type StatsMap, isInlineTag } from './stats.ts';

/** Short words that say nothing of a subject, in the languages of our pages. */
const STOP_WORDS = new Set([
  'the', 'and', 'for', 'with', 'from', 'after', 'into', 'over', 'your', 'our', 'how', 'why', 'what', 'new', 'all',
  'der', 'die', 'das', 'und', 'mit', 'von', 'für', 'auf', 'aus', 'bei', 'nach', 'wie', 'ein', 'eine', 'unsere', 'neue',
]);

const WORD = /[\p{L}\p{N}]+/gu;

function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).filter((w) => w.length >= 3 && !STOP_WORDS.has(w));
}

/**
 * The words that name a page's subject: those of its `<h1>`, else of the longest part of its `<title>` (a title
 * names the site in its other parts: "Kessington Chronicle - Local News - Car 41 rolls again").
 */
export function subjectWords(h1: string | null, title: string | null): ReadonlySet<string> {
  if (h1 !== null && h1.trim() !== '') return new Set(wordsOf(h1));
  const parts = (title ?? '').split(/\s+[-–—|:·»]\s+|:\s+/);
  const longest = parts.reduce((a, b) => (b.length > a.length ? b : a), '');
  return new Set(wordsOf(longest));
}

// A fact box's title is a line of a few words; it holds several facts (two gauge readings are a widget), hardly ever
// links.
const MAX_TITLE_CHARS = 60;
const MIN_BOX_CHARS = 120;
const MAX_LINK_SHARE = 0.1;

/** The boxes directly in a side column's cell that are the story's fact boxes (see above). */
export function factBoxesIn(cell: DomElement, subject: ReadonlySet<string>, stats: StatsMap): DomElement[] {
  if (subject.size === 0) return [];
  return elementChildren(cell).filter((box) => {
    const st = stats.get(box);
    if (st === undefined || st.chars < MIN_BOX_CHARS || st.linkChars > MAX_LINK_SHARE * st.chars) return false;
    const title = boxTitle(box);
    if (title.length > MAX_TITLE_CHARS) return false;
    return wordsOf(title).some((w) => subject.has(w)) || FACT_BOX_TITLE.test(title) || isNamedFactBox(box);
  });
}

/**
 * A title or a name that says "fact box" (D453): "FACT FILE", "Key facts", "At a glance", "Fakten", "Auf einen
 * Blick", "In Zahlen"; `table.factfile`, `div.faktenbox`. Papers title a story's facts so as often as by its subject.
 */
const FACT_BOX_TITLE = /^(?:(?:key\s+)?facts?(?:\s*(?:file|box|sheet|check))?(?:\s+(?:and|&)\s+figures)?|at\s+a\s+glance|in\s+(?:numbers|figures)|(?:zahlen\s+(?:und|&)\s+)?fakten|fakten\s*(?:box|check|lage)?|auf\s+einen\s+blick|in\s+zahlen|daten\s+(?:und|&)\s+fakten)\s*:?$/i;
const FACT_BOX_NAME = /(?:^|[\s_-])(?:fact-?(?:file|box|sheet)s?|facts|fakten-?(?:box|kasten)?)(?:$|[\s_-])/i;

/** A class or id that names a fact box (`div.factbox`, `table.factfile`, `div.faktenkasten`). */
export function isNamedFactBox(el: DomElement): boolean {
  return FACT_BOX_NAME.test(classAndId(el));
}

/** The first text of a box, with the inline elements around it (`<font><b>CAR 41 AT A GLANCE</b></font>`). */
function boxTitle(box: DomElement): string {
  const text = firstTextNode(box);
  if (text === null) return '';
  let el = isElement(text.parentNode) ? text.parentNode : null;
  while (el !== null && el !== box && el.parentElement !== null && el.parentElement !== box && isInlineTag(el.parentElement.localName)) el = el.parentElement;
  return el === null || el === box ? (text.textContent ?? '').trim() : (el.textContent ?? '').trim();
}
