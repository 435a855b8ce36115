// Region words that name only a style (D336, D392, D405, D406, D450): a template calls its byline box "meta", and also the
// data tables and boxes of text it draws in the same style; a shop styles a table set in the text like its sidebar's
// boxes. On such an element the word says how it looks, not what it is.
import { type DomElement, textAndLinkChars } from './dom.ts';
import { isNamedFactBox } from './fact-boxes.ts';
import { isLayoutTable, rowsOf } from './tables.ts';

/** Rows a data table needs before its name's "meta" stops reading as a byline box (a date, an author, a category). */
const FACT_TABLE_ROWS = 4;
/**
 * Region words a data table's own class uses for its style: "meta" (D336), and "sidebar" or "aside" for the boxed
 * look of a table of sizes set in the text (`table.ab-table-sidebar`, D405). A table in a sidebar is named by the
 * sidebar around it, which still goes.
 */
const FACT_TABLE_STYLE = /meta|sidebar|aside/;
const FACT_TABLE_STYLE_G = /meta|sidebar|aside/g;
/** Terms a description list needs so: a recipe card's `dl.recipe-card__meta` lists up to six (times, yield, course). */
const FACT_LIST_TERMS = 8;

/**
 * A data table of several rows, or a description list of many terms: when its class calls it "meta" (a shop's
 * `specs-table product-meta`, Intershop's `dl.product-meta-attributes`), it lists facts of the thing the page is
 * about, not the article's byline (D336, D392).
 */
function isFactTable(el: DomElement): boolean {
  if (el.localName === 'dl') return el.querySelectorAll('dt').length >= FACT_LIST_TERMS || isPhraseList(el);
  return el.localName === 'table' && rowsOf(el).length >= FACT_TABLE_ROWS && !isLayoutTable(el);
}

/** Terms, and the mean length of their descriptions, of a list of facts told in phrases (D462). */
const PHRASE_LIST_TERMS = 3;
const PHRASE_CHARS = 30;

/**
 * A description list whose descriptions are phrases, not figures: "Wann: September bis November jeden Freitag,
 * Einlass 20 Uhr", "Wo: Städtische Sternwarte, Galgenbergweg 40" (an event's facts, D462). A recipe card's or a
 * byline's meta list holds "20 Min.", "4 Portionen", a date, a name.
 */
function isPhraseList(el: DomElement): boolean {
  const descriptions = Array.from(el.querySelectorAll('dd'));
  if (el.querySelectorAll('dt').length < PHRASE_LIST_TERMS || descriptions.length === 0) return false;
  const chars = descriptions.reduce((n, d) => n + (d.textContent ?? '').trim().length, 0);
  return chars / descriptions.length >= PHRASE_CHARS;
}

/** `raw` less the region words that name only the style of a data table or of a box of text (D336, D405, D406). */
export function withoutStyleWords(el: DomElement, raw: string): string {
  if (FACT_TABLE_STYLE.test(raw) && isFactTable(el)) return raw.replace(FACT_TABLE_STYLE_G, ' ');
  // A box named a fact box is one whatever style its template shares with the byline (`div.factbox.infobox-meta`,
  // D460).
  const named = raw.includes('meta') && (isTextBox(el) || isNamedFactBox(el)) ? raw.replace(/meta/g, ' ') : raw;
  const untagged = named.replace(TAGS_WORDS, ' ');
  return untagged !== named && isDocumentedTag(el) ? untagged : named;
}

/**
 * "tags" as a whole class word. A blog's tag box is a row of links; a documentation generator's tags are the
 * documented parts of a method (YARD's `div.tags`: Examples, Parameters, Returns, Note), text and code (D450).
 */
const TAGS_WORDS = /(?:^|[\s_-])tags?(?=$|[\s_-])/g;
/** Text outside links a box named "tags" needs to be such a part; a tag box's label ("Schlagwörter:") is shorter. */
const TAGS_TEXT_CHARS = 100;

/** Text a box needs, links aside, before its name's "meta" stops reading as a byline's date and author. */
const TEXT_BOX_CHARS = 250;

/**
 * A box of text, not of links: a fact box laid out as a table and named after its template's "meta" styles
 * (`table.artikel-meta` holding "So funktioniert der Rufbus" and a list of five sentences, D406). A byline box holds a
 * date, a name and a few links; an author's biography is still named "author" or "bio".
 */
function isTextBox(el: DomElement): boolean {
  const { text, links } = textAndLinkChars(el);
  return text - links >= TEXT_BOX_CHARS && links * 4 < TEXT_BOX_CHARS;
}

/** A box named "tags" holding a documented part of a method: text outside links, and links under a quarter of it. */
function isDocumentedTag(el: DomElement): boolean {
  const { text, links } = textAndLinkChars(el);
  return text - links >= TAGS_TEXT_CHARS && links * 4 < text;
}


