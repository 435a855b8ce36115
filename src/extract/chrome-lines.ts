// Template lines that hand-made and old CMS pages print inside the content cell itself, with no element or class of
// their own to recognise them by: "Letzte Änderung: 17.01.2006", "You are visitor 4711 to this page", "Druckversion",
// "[ Previous | Next | Random ]" of a webring. They are dropped from the Markdown when one stands as a paragraph of its
// own (a line with blank lines around it, outside code); in running text the same words stay.

/**
 * What may follow such a label: nothing, or a date right after it (then up to a line of names). The date may open
 * with its weekday, as servers print it ("Last modified: Sun Mar 14 21:07:33 CET 1999", "Montag, 3. Mai 2004").
 */
const WEEKDAY = String.raw`(?:mon|tue|wed|thu|fri|sat|sun|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)[a-z]*\.?,?\s*`;
const TAIL = String.raw`(?:\s*:?\s*(?:am|on|at|le|den)?\s*(?:${WEEKDAY})?(?:\d|jan|feb|mär|mar|apr|mai|may|jun|jul|aug|sep|okt|oct|nov|dez|dec)[^\n]{0,80})?`;
/** A visitor counter's label is followed by anything short (its number is often an image). */
const ANY_TAIL = String.raw`(?:[\s:.,·|–-]+[^\n]{0,80})?`;

const CHROME_LINES: readonly RegExp[] = [
  // Last change of the page.
  new RegExp(String.raw`^(?:seite\s+|page\s+)?(?:zuletzt\s+(?:geändert|aktualisiert|bearbeitet)|letzte\s+(?:änderung|aktualisierung)|last\s+(?:updated|modified|changed)|dernière\s+mise\s+à\s+jour)\b${TAIL}$`, 'i'),
  new RegExp(String.raw`^(?:seite|page)\s+(?:created|erstellt)\b${TAIL}$`, 'i'),
  // Visitor counters.
  new RegExp(String.raw`^(?:sie\s+sind\s+(?:der\s+)?besucher|you\s+are\s+visitor|vous\s+êtes\s+le\s+visiteur)${ANY_TAIL}$`, 'i'),
  /^(?:besucher(?:zähler)?|visitors?|hits)\s*(?:nr\.?|no\.?|:)?\s*\d[\d.,]*(?:\s+(?:seit|since)\b[^\n]{0,40})?$/i,
];

/** Print and send links (a bar of them, or one alone), and the navigation bar of a webring. */
const PRINT_ITEMS: readonly RegExp[] = [
  /druckversion|druckansicht|(?:\S+\s+)?drucken|printer[- ]friendly\s+version|print(?:\s+this)?(?:\s+(?:page|article|story|recipe))?/iy,
  /e-?mail\s+this\s+(?:page|article|story|recipe)|(?:\S+\s+)?versenden|(?:\S+\s+)?(?:weiter)?empfehlen/iy,
  /write\s+a\s+letter\s+to\s+the\s+editor|leserbrief\s+schreiben|nach\s+oben|top/iy,
  /zurück(?:\s+zu[rm]?(?:\s+[^\s|·]+){1,3})?|back(?:\s+to(?:\s+[^\s|·]+){1,3})?/iy,
];
const RING_ITEMS: readonly RegExp[] = [/previous|prev|next\s+5|next|random|list\s+sites|skip\s+it|join/iy];
const SEPARATORS = /[\s|·]*/y;

/**
 * True when `text` is nothing but `items`, at least `min` of them, one after another with spaces, bars or dots between.
 * A scan that takes the longest item at each place and never goes back: a regular expression with the same
 * alternatives backtracked for tens of milliseconds on a crafted line.
 */
function isBarOf(text: string, items: readonly RegExp[], min: number): boolean {
  let i = 0;
  let count = 0;
  while (i < text.length) {
    let longest = 0;
    for (const re of items) {
      re.lastIndex = i;
      const m = re.exec(text);
      if (m !== null && m[0].length > longest) longest = m[0].length;
    }
    if (longest === 0) return false;
    count++;
    SEPARATORS.lastIndex = i + longest;
    SEPARATORS.exec(text);
    // An item must end at a separator or at the end of the line ("Printing" is not "Print").
    if (SEPARATORS.lastIndex === i + longest && i + longest < text.length) return false;
    i = SEPARATORS.lastIndex;
  }
  return count >= min;
}

/** The text of one Markdown line as a reader sees it: no images, link targets, emphasis marks or escapes. */
function plainText(line: string): string {
  return line
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\\(.)/g, '$1')
    .replace(/\*\*|__|[[\]]/g, ' ')
    // Single emphasis marks around words ("_Letzte Änderung: 24.04.2002_"); one inside a word is text.
    .replace(/(^|\s)[*_]+|[*_]+(?=\s|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

export function isChromeLine(line: string): boolean {
  const text = plainText(line);
  if (text.length === 0 || text.length > 120) return false;
  return CHROME_LINES.some((re) => re.test(text)) || isBarOf(text, PRINT_ITEMS, 1) || isBarOf(text, RING_ITEMS, 3);
}

const FENCE = /^\s*(`{3,}|~{3,})/;
const STRUCTURE = /^\s*(?:[-*+]\s|\d+\.\s|\||#|>)/;

/** `md` without the chrome lines that stand as paragraphs of their own (see above). */
export function dropChromeParagraphs(md: string): string {
  const lines = md.split('\n');
  let fence: string | null = null;
  const keep = lines.map((line, i) => {
    const open = FENCE.exec(line);
    if (fence !== null) {
      if (open !== null && open[1][0] === fence[0] && open[1].length >= fence.length) fence = null;
      return true;
    }
    if (open !== null) {
      fence = open[1];
      return true;
    }
    const alone = (lines[i - 1] ?? '').trim() === '' && (lines[i + 1] ?? '').trim() === '';
    return !(alone && !STRUCTURE.test(line) && isChromeLine(line));
  });
  if (keep.every(Boolean)) return md;
  return lines.filter((_l, i) => keep[i]).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
