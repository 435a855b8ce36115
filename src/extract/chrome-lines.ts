// Template lines that hand-made and old CMS pages print inside the content cell itself, with no element or class of
// their own to recognise them by: "Letzte Änderung: 17.01.2006", "You are visitor 4711 to this page", "Druckversion",
// "[ Previous | Next | Random ]" of a webring. They are dropped from the Markdown when one stands as a paragraph of its
// own (a line with blank lines around it, outside code); in running text the same words stay.

/** What may follow such a label: nothing, or a date right after it (then up to a line of names). */
const TAIL = String.raw`(?:\s*:?\s*(?:am|on|at|le|den)?\s*(?:\d|jan|feb|mär|mar|apr|mai|may|jun|jul|aug|sep|okt|oct|nov|dez|dec)[^\n]{0,80})?`;
/** A visitor counter's label is followed by anything short (its number is often an image). */
const ANY_TAIL = String.raw`(?:[\s:.,·|–-]+[^\n]{0,80})?`;

const CHROME_LINES: readonly RegExp[] = [
  // Last change of the page.
  new RegExp(String.raw`^(?:seite\s+|page\s+)?(?:zuletzt\s+(?:geändert|aktualisiert|bearbeitet)|letzte\s+(?:änderung|aktualisierung)|last\s+(?:updated|modified|changed)|dernière\s+mise\s+à\s+jour)\b${TAIL}$`, 'i'),
  new RegExp(String.raw`^(?:seite|page)\s+(?:created|erstellt)\b${TAIL}$`, 'i'),
  // Visitor counters.
  new RegExp(String.raw`^(?:sie\s+sind\s+(?:der\s+)?besucher|you\s+are\s+visitor|vous\s+êtes\s+le\s+visiteur)${ANY_TAIL}$`, 'i'),
  /^(?:besucher(?:zähler)?|visitors?|hits)\s*(?:nr\.?|no\.?|:)?\s*\d[\d.,]*(?:\s+(?:seit|since)\b[^\n]{0,40})?$/i,
  // Print and send links, alone or in a bar of such links.
  /^(?:(?:druckversion|druckansicht|seite\s+drucken|artikel\s+drucken|drucken|printer[- ]friendly\s+version|print\s+(?:this\s+)?(?:page|article|story)|e-?mail\s+this\s+(?:page|article|story)|artikel\s+versenden|seite\s+(?:empfehlen|weiterempfehlen)|zurück|back|nach\s+oben|back\s+to\s+top|top)\s*(?:[|·]\s*|$))+$/i,
  // A webring's navigation bar.
  /^(?:(?:previous|prev|next|random|list\s+sites|skip\s+it|next\s+5|join)\s*(?:[|·]\s*|$)){3,}$/i,
];

/** The text of one Markdown line as a reader sees it: no images, link targets, emphasis marks or escapes. */
function plainText(line: string): string {
  return line
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\\(.)/g, '$1')
    .replace(/\*\*|__|[[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function isChromeLine(line: string): boolean {
  const text = plainText(line);
  return text.length > 0 && text.length <= 120 && CHROME_LINES.some((re) => re.test(text));
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
