// Template lines that hand-made and old CMS pages print inside the content cell itself, with no element or class of
// their own to recognise them by: "Letzte Änderung: 17.01.2006", "You are visitor 4711 to this page", "Druckversion",
// "Sie sind hier: Startseite > Presse", "[ Previous | Next | Random ]" of a webring, "Best viewed with Netscape". They
// are dropped from the Markdown when they make a paragraph of their own (lines between blank lines, outside code),
// alone or with images (a counter's digits, a webring's logo, browser badges; D318); in running text the same words
// stay.
import { CREDIT_WORD_NEAR_END, isCreditCaption } from './captions.ts';

/**
 * What may follow such a label: nothing, or a date right after it (then up to a line of names). The date may open
 * with its weekday, as servers print it ("Last modified: Sun Mar 14 21:07:33 CET 1999", "Montag, 3. Mai 2004").
 */
const WEEKDAY = String.raw`(?:mon|tue|wed|thu|fri|sat|sun|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)[a-z]*\.?,?\s*`;
const TAIL = String.raw`(?:\s*:?\s*(?:am|on|at|le|den)?\s*(?:${WEEKDAY})?(?:\d|jan|feb|mär|mar|apr|mai|may|jun|jul|aug|sep|okt|oct|nov|dez|dec)[^\n]{0,80})?`;
/** A visitor counter's label is followed by anything short (its number is often an image). */
const ANY_TAIL = String.raw`(?:[\s:.,·|–?!-]+[^\n]{0,80})?`;
/** A badge's or a webring's line goes on with its owner's name and a copyright, up to the line's length bound. */
const LONG_TAIL = String.raw`(?:[\s:.,·|–?!-]+[^\n]{0,110})?`;

const CHROME_LINES: readonly RegExp[] = [
  // Last change of the page.
  new RegExp(String.raw`^(?:seite\s+|page\s+)?(?:zuletzt\s+(?:geändert|aktualisiert|bearbeitet)|letzte\s+(?:änderung|aktualisierung)|last\s+(?:updated|modified|changed)|dernière\s+mise\s+à\s+jour)\b${TAIL}$`, 'i'),
  new RegExp(String.raw`^(?:seite|page)\s+(?:created|erstellt)\b${TAIL}$`, 'i'),
  // A breadcrumb printed as a line of the content cell ("Sie befinden sich hier: Home > Rathaus > …", D335); a
  // sentence that starts so ends like one.
  /^(?:sie\s+(?:sind|befinden\s+sich)\s+(?:jetzt\s+)?hier|you\s+are\s+here|vous\s+êtes\s+ici)\s*:\s*\S[^\n]{0,110}(?<![.!?])$/i,
  // Visitor counters.
  new RegExp(String.raw`^(?:sie\s+sind\s+(?:der\s+)?besucher|you\s+are\s+visitor|vous\s+êtes\s+le\s+visiteur)${ANY_TAIL}$`, 'i'),
  /^(?:besucher(?:zähler)?|visitors?|hits)\s*(?:nr\.?|no\.?|:)?\s*\d[\d.,]*(?:\s+(?:seit|since)\b[^\n]{0,40})?$/i,
  // A counter's "since" line under its image: a date and nothing else.
  /^(?:since|seit)\s+(?:(?:jan|feb|mar|mär|apr|may|mai|jun|jul|aug|sep|oct|okt|nov|dec|dez)[a-z]*\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\.\s*(?:\d{1,2}\.|[a-zä]+)\s*\d{2,4})\.?$/i,
  // Browser badges, "under construction" signs and webring blurbs of 1990s home pages.
  new RegExp(String.raw`^(?:best\s+viewed\s+(?:with|in|at|using)|am\s+besten\s+(?:zu\s+sehen|betrachtet|anzusehen)\s+mit|optimiert\s+für\s+(?:netscape|internet\s+explorer|\d{3,4}\s*[x×]))${LONG_TAIL}$`, 'i'),
  new RegExp(String.raw`^(?:this\s+(?:page|site)\s+is\s+(?:always\s+|still\s+|permanently\s+)?under\s+construction|under\s+construction|(?:diese\s+)?seite\s+(?:ist\s+)?(?:noch\s+|immer\s+)?im\s+aufbau)${LONG_TAIL}$`, 'i'),
  new RegExp(String.raw`^(?:this\s+(?:[^\n]{1,60}\s+)?(?:web\s*)?ring\s+site\s+is\s+owned\s+by|(?:want\s+to\s+)?join\s+(?:the|this)\s+(?:web\s*)?ring)\b${LONG_TAIL}$`, 'i'),
  // A story's byline block printed in the content cell (D371): "By DALE PRUETT", "Courier Staff Writer", "Published
  // Wednesday, October 15, 2003". A name is capitalised; "By the time …" is a sentence.
  /^(?:By|BY)\s+(?:[A-Z][\p{L}.'’-]*\s*){1,4}(?:,\s*[^\n]{1,60})?$/u,
  /^(?:[A-Z][\p{L}'’-]*\s+){0,3}(?:staff\s+writer|staff\s+reporter|correspondent|contributing\s+writer)$/iu,
  new RegExp(String.raw`^(?:published|posted|veröffentlicht|erschienen)\b${TAIL}$`, 'i'),
  // A press release's number and its dateline as lines of their own (D381): "Pressemitteilung Nr. 47/2003",
  // "Magdeburg, 14.08.2003". An official notice signs off with "Wiesental, den 7. Mai 2009" above the mayor's name:
  // that line is the notice's own, and stays.
  /^(?:presse(?:mitteilung|information|meldung)|press\s+release|medieninformation)\s*(?:nr\.?|no\.?)?\s*\d{1,4}\s*\/\s*\d{2,4}$/i,
  /^\p{Lu}[\p{L}.\s-]{1,30},\s*(?:\d{1,2}\.\s*(?:\d{1,2}\.\s*|\p{L}+\s+)\d{4}|\p{L}+\s+\d{1,2},\s+\d{4})$/u,
  // A shop's buying box printed around the product's text (D379): tax and shipping notes, stock, the fields' labels
  // and the article number, each a line of its own. A price alone stays: fee lists print amounts so too.
  /^(?:\d[\d.,]*\s*(?:€|eur|euro)\s*(?:\/\s*[^\n]{1,20}?\s*)?)?(?:inkl\.|incl\.|including|zzgl\.|excl\.)\s*(?:\d+(?:[.,]\d+)?\s*%\s*)?(?:gesetzl\.\s*)?(?:mwst|ust|vat)\b[^\n]{0,80}$/i,
  /^(?:zzgl\.|plus)\s+(?:versand(?:kosten)?|shipping)\b[^\n]{0,40}$/i,
  /^(?:●\s*)?(?:sofort\s+lieferbar|auf\s+lager|nicht\s+auf\s+lager|in\s+stock|out\s+of\s+stock|lieferzeit)\b[^\n]{0,80}$/i,
  /^(?:menge|quantity|anzahl|qty|variante|ausführung)\s*:$/i,
  /^(?:art\.?\s*-?\s*nr\.?|artikel-?nr\.?|artikelnummer|bestell-?nr\.?|sku|ean|item\s+no\.?|product\s+code)\s*:?\s*[\w./-]{2,30}(?:\s*[|·]\s*(?:hersteller|marke|brand|manufacturer|ean)\s*:?[^\n|·]{0,50})*$/i,
  // Where a story is broken for an advertisement, its label and the note that the text goes on (D370).
  /^(?:(?:the\s+)?(?:story|article)\s+continues\s+(?:below|after\s+(?:the\s+|this\s+)?(?:ad|advertisement))|continued\s+below|advertisement|anzeige|werbung|(?:lesen\s+sie\s+)?weiter(?:lesen)?\s+nach\s+der\s+anzeige|lesen\s+sie\s+nach\s+der\s+anzeige\s+weiter|(?:der\s+)?artikel\s+(?:wird\s+)?(?:unter|nach)\s+der\s+anzeige\s+(?:fortgesetzt|weiter))[\s.:…]*$/i,
  // Word's document settings, left as text when a rich-text editor pasted from Word drops the conditional comment
  // around them (D360): "Normal 0 21 false false false DE X-NONE X-NONE MicrosoftInternetExplorer4".
  /^normal\s+0\s+(?:\d+\s+)?false\s+false\s+false\b[^\n]{0,120}$/i,
];

/** Print and send links (a bar of them, or one alone), and the navigation bar of a webring. */
const PRINT_ITEMS: readonly RegExp[] = [
  /druckversion|druckansicht|(?:\S+\s+)?drucken|printer[- ]friendly\s+version|print(?:\s+this)?(?:\s+(?:page|article|story|recipe))?/iy,
  /e-?mail\s+this\s+(?:page|article|story|recipe)(?:\s+to\s+a\s+friend)?|(?:\S+\s+)?versenden|(?:\S+\s+)?(?:weiter)?empfehlen/iy,
  // Send it to a friend, keep it in the site's cookbook or list (recipe communities' bars, D377).
  /(?:\S+\s+)?an\s+(?:freunde|einen\s+freund|eine\s+freundin)\s+(?:schicken|senden|versenden|weiterleiten)|send\s+(?:this\s+(?:recipe|story|article|page)\s+)?to\s+a\s+friend/iy,
  /(?:in|auf|zu)\s+(?:(?:mein(?:e|en|em)?|die|das|den)\s+)?(?:kochbuch|rezeptbuch|merkzettel|merkliste|einkaufsliste|favoriten)(?:\s+(?:legen|speichern|setzen|aufnehmen|hinzufügen))?|(?:add|save)\s+(?:this\s+recipe\s+)?to\s+(?:my\s+)?(?:recipe\s+box|cookbook|favou?rites|shopping\s+list)/iy,
  // The link to the story's readers' comments, with their count, in the same bar (D370).
  /(?:reader\s+|leser)?(?:comments|kommentare)\s*\(\d+\)/iy,
  /write\s+a\s+letter\s+to\s+the\s+editor|leserbrief\s+schreiben|nach\s+oben|top/iy,
  /zurück(?:\s+zu[rm]?(?:\s+[^\s|·]+){1,3})?|back(?:\s+to(?:\s+[^\s|·]+){1,3})?/iy,
];
const RING_ITEMS: readonly RegExp[] = [/previous|prev|next\s+5|next|random|list\s+sites|skip(?:\s+it)?|join/iy];
// Spaces, bars and dots between a bar's items, and the arrows around "back" and "next" links (D434).
const SEPARATORS = /[\s|·«»‹›←→]*/y;

/**
 * True when `text` is nothing but `items`, at least `min` of them, one after another with spaces, bars or dots between.
 * A scan that takes the longest item at each place and never goes back: a regular expression with the same
 * alternatives backtracked for tens of milliseconds on a crafted line.
 */
function isBarOf(text: string, items: readonly RegExp[], min: number): boolean {
  // A bar may open with an arrow ("« zurück zur Liste | Drucken").
  SEPARATORS.lastIndex = 0;
  SEPARATORS.exec(text);
  let i = SEPARATORS.lastIndex;
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

const [SPACE, TAB, STAR, UNDERSCORE, OPEN, CLOSE, BACKSLASH, BANG, PAREN, END_PAREN] = [...' \t*_[]\\!()'].map((c) => c.charCodeAt(0));

/**
 * True when plainText(line) surely has more than `max` characters, found in one pass that stops there. It counts only
 * what plainText always keeps: no spaces, emphasis marks, brackets or escapes, nothing of an image's alt text or of a
 * link target. Most lines of an article are prose far longer than a chrome line; rewriting each of them for the
 * comparison cost about a twentieth of the crawl's CPU per page.
 */
function surelyLonger(line: string, max: number): boolean {
  let n = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === BANG && line.charCodeAt(i + 1) === OPEN) {
      i = skipTo(line, i + 2, CLOSE);
      if (line.charCodeAt(i + 1) === PAREN) i = skipTo(line, i + 2, END_PAREN);
    } else if (c === CLOSE && line.charCodeAt(i + 1) === PAREN) {
      i = skipTo(line, i + 2, END_PAREN);
    } else if (c !== SPACE && c !== TAB && c !== STAR && c !== UNDERSCORE && c !== OPEN && c !== CLOSE && c !== BACKSLASH && ++n > max) {
      return true;
    }
  }
  return false;
}

/** The index of the first `code` at or after `from` (the line's end when there is none). */
function skipTo(line: string, from: number, code: number): number {
  const at = line.indexOf(String.fromCharCode(code), from);
  return at === -1 ? line.length : at;
}

/**
 * A PHP error message printed into the page ("Notice: Undefined variable: text_tax_class in /home/…/product.tpl on
 * line 214", D364): never the page's text, however long its path.
 */
const PHP_KIND = String.raw`(?:php\s+)?(?:notice|warning|deprecated|strict\s+standards|fatal\s+error|parse\s+error)`;
/** The quick look at the Markdown line (bold markers allowed before the word) before its text is read. */
const PHP_START = new RegExp(String.raw`^[\s*_]*${PHP_KIND}\b`, 'i');
const PHP_MESSAGE = new RegExp(String.raw`^${PHP_KIND}\s*:\s+[^\n]{1,300}?\s+in\s+\S+\s+on\s+line\s+\d+\s*$`, 'i');

/** A separator between the steps of a breadcrumb trail, as Markdown writes it. */
const CRUMB_SEPARATOR = /\s+(?:\\>|>|»|›|→)\s+/;
/** One step of the trail: a link of a few words. */
const CRUMB_LINK = /^\[[^\]]{1,60}\]\([^)\s]*\)$/;

/**
 * A breadcrumb trail printed as a line of its own, without "You are here" (D370): two links or more joined by ">" or
 * "»" ("[Home](…) \\> [Local News](…) \\> Story"), the last step the page's own name as text, not a sentence.
 */
function isBreadcrumbLine(line: string): boolean {
  if (!line.startsWith('[')) return false;
  const steps = line.trim().split(CRUMB_SEPARATOR);
  let links = 0;
  for (const [i, step] of steps.entries()) {
    if (CRUMB_LINK.test(step)) links++;
    else if (i < steps.length - 1 || step.includes('](') || /[.!?]$/.test(step)) return false;
  }
  return links >= 2;
}

/**
 * A pointer to another story or to a gallery printed as a line of the text (D396): "» Lesen Sie auch: [Backfest 2005:
 * 400 Brote in sechs Stunden](…)", "Mehr zum Thema: […]", "**SEE MORE**: […]", "» Bilder: [Fotoalbum (48
 * Bilder)](…)".
 * The label, then one link and nothing else; "Siehe auch" and "See also" point within documentation and stay.
 */
const POINTER_LINE =
  /^[\s*_]*(?:(?:»|›|→|•|■|\\?>)\s*)?(?:lesen\s+sie\s+(?:auch|dazu|mehr)|lies\s+auch|mehr\s+zum\s+thema|auch\s+interessant|read\s+also|also\s+read|read\s+more|see\s+more|related(?:\s+(?:story|article))?|bilder|fotos|fotostrecke|bildergalerie|photos|gallery)[\s*_]*:[\s*_]*\[[^\]\n]{1,150}\]\([^)\s]+\)[\s*_]*$/i;

/**
 * A publisher's notice of its rights as a line of the content cell (D432): "Copyright © 2004 Harrow Valley Herald. All
 * rights reserved. This material may not be published, broadcast, rewritten or redistributed." It opens with the sign
 * and a year and reserves the rights; a module's "COPYRIGHT AND LICENSE" text says what may be done and stays.
 */
const RIGHTS_NOTICE = /^(?:copyright\s*)?(?:©|\(c\)|copyright)\s*\d{4}(?:\s*[-–]\s*\d{2,4})?[\s,.]+[^\n]{0,200}?\b(?:all rights reserved|alle rechte vorbehalten|tous droits réservés)[^\n]{0,160}$/i;

export function isChromeLine(line: string): boolean {
  if (PHP_START.test(line) && !surelyLonger(line, 400) && PHP_MESSAGE.test(plainText(line))) return true;
  if (/^(?:copyright|©|\(c\))/i.test(line) && !surelyLonger(line, 400) && RIGHTS_NOTICE.test(plainText(line))) return true;
  if (surelyLonger(line, 120)) return false;
  if (isBreadcrumbLine(line) || POINTER_LINE.test(line)) return true;
  const text = plainText(line);
  if (text.length === 0 || text.length > 120) return false;
  return CHROME_LINES.some((re) => re.test(text)) || isBarOf(text, PRINT_ITEMS, 1) || isBarOf(text, RING_ITEMS, 3);
}

const FENCE = /^\s*(`{3,}|~{3,})/;
/** Characters of a caption line as read, past which its Markdown is not read at all. */
const MAX_CAPTION_MARKDOWN = 300;
const STRUCTURE = /^\s*(?:[-*+]\s|\d+\.\s|\||#|>)/;
/** The rule under a Markdown table's first row. */
const TABLE_RULE = /^\|(?:\s*:?-{3,}:?\s*\|)+\s*$/;

/** A line of nothing but images (a counter, badges, a webring's logo), linked or not. */
function isImageLine(line: string): boolean {
  return line.includes('![') && plainText(line) === '';
}

/** Lines in a fenced code block, found in one pass over the lines. */
function codeLines(lines: string[]): boolean[] {
  let fence: string | null = null;
  return lines.map((line) => {
    const open = FENCE.exec(line);
    if (fence !== null) {
      if (open !== null && open[1][0] === fence[0] && open[1].length >= fence.length) fence = null;
      return true;
    }
    if (open !== null) fence = open[1];
    return open !== null;
  });
}

/**
 * `md` without the paragraphs (runs of lines between blank lines, outside code and lists) made of chrome lines and
 * images only, at least one of them a chrome line (see above): a counter's image over its "since" line, a webring's
 * logo, blurb and bar, browser badges over "Best viewed with Netscape". A picture's caption line known by its credit
 * goes too, and the picture stays (D373).
 */
export function dropChromeParagraphs(md: string): string {
  const lines = md.split('\n');
  // Most pages have no fenced code at all: then no line needs the fence scan.
  const code = md.includes('```') || md.includes('~~~') ? codeLines(lines) : null;
  const keep = lines.map(() => true);
  for (let start = 0; start < lines.length; ) {
    let end = start;
    while (end < lines.length && lines[end].trim() !== '' && !code?.[end]) end++;
    const kind = isLinkListParagraph(lines, start, end) ? 'chrome' : paragraphKind(lines, start, end);
    for (let i = start; i < end && kind !== null; i++) keep[i] = kind === 'caption' && isImageLine(lines[i]);
    start = Math.max(end, start + 1);
  }
  if (keep.every(Boolean)) return md;
  return lines.filter((_l, i) => keep[i]).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

/** One link on a line of its own, after a bullet character or a bullet picture at most. */
const LINK_LINE = /^(?:[•·»›▪◦]\s*|!\[\]\([^)\s]*\)\s*)?\[[^\]\n]+\]\([^)\s]+\)\s*$/;
/** A short bold line that names such a list ("**More News**", "**Weitere Rezepte von unseren Mitgliedern:**"). */
const LIST_TITLE = /^\*\*[^*\n]{1,60}\*\*$/;

/**
 * Loose lines of links under a bold title, as old pages print "More News" or "Weitere Rezepte" inside the content
 * cell (`<b>More News</b><br>• <a>…</a><br>• <a>…</a>`, D424): three or more lines, each one link and a bullet at
 * most. A list in list markup is a Markdown list and not judged here; a line of text among the links keeps them all.
 */
function isLinkListParagraph(lines: readonly string[], start: number, end: number): boolean {
  const first = LIST_TITLE.test(lines[start].trim()) ? start + 1 : start;
  if (end - first < 3) return false;
  for (let i = first; i < end; i++) if (!LINK_LINE.test(lines[i].trim())) return false;
  return true;
}

/** What a paragraph is, for dropChromeParagraphs: template lines (dropped whole), a picture's caption, or text. */
type ParagraphKind = 'chrome' | 'caption' | null;

function captionLine(line: string): boolean {
  return CREDIT_WORD_NEAR_END.test(line) && !surelyLonger(line, MAX_CAPTION_MARKDOWN) && isCreditCaption(plainText(line));
}

/**
 * Lines start…end-1 hold no list, table, heading or quote, only chrome lines and images, one chrome line at least:
 * 'chrome'. With a picture's caption known by its credit among them (D373): 'caption', whose pictures stay.
 */
function paragraphKind(lines: readonly string[], start: number, end: number): ParagraphKind {
  // A bar of print and send links, or a caption, laid out as a table of one row (D370): the row's cells read as one
  // line.
  if (end - start === 2 && TABLE_RULE.test(lines[start + 1]) && lines[start].startsWith('|')) {
    const row = lines[start].replace(/^(?:\|\s*)+|\s*\|\s*$/g, '');
    return isChromeLine(row) ? 'chrome' : captionLine(row) ? 'caption' : null;
  }
  let kind: ParagraphKind = null;
  // One line at a time, so the first line of prose ends the test (most paragraphs are one line of Markdown).
  for (let i = start; i < end; i++) {
    const line = lines[i];
    if (STRUCTURE.test(line)) return null;
    if (isImageLine(line)) continue;
    if (isChromeLine(line)) kind ??= 'chrome';
    else if (captionLine(line)) kind = 'caption';
    else return null;
  }
  return kind;
}
