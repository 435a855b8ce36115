// extract-tf/4: HTML → Markdown main-content extraction, links, metadata and document info.
//
// Pipeline (each step is its own module):
//   1. parse once (the light DOM, light/) after cutting raw-text blocks, and read what the page declares before anything is
//      removed: metadata, links, JSON-LD and microdata (page.ts: parsePage; dom.ts, scan.ts, structured.ts)
//   2. metadata, links and document info from those reads (metadata.ts, links.ts, document-info.ts)
//   3. drop non-content and hidden elements (clean.ts); for onlyMainContent=false the whole body is converted here
//   4. drop template regions by tag/role/class cues, score text units, take the best-scoring subtree, trim link
//      lists and widget labels inside it (clean.ts, stats.ts, select.ts)
//   5. when that leaves too little text, choose again without the cue-based removal (a page whose every container
//      carries a boilerplate-sounding class name)
//   6. convert to Markdown (markdown.ts, tables.ts)
import { sideColumnLayers } from './layers.ts';
import { subjectWords } from './fact-boxes.ts';
import type { DocumentInfo, PageMetadata } from '../capture/types.ts';
import { removeBoilerplate, removeNonContent } from './clean.ts';
import { type ContentShape, buildDocumentInfo, readDeclared } from './document-info.ts';
import { type DomElement, type Journal, bodyOf, detach, insideArticle, normalizeSpace, redoRemovals, undoRemovals } from './dom.ts';
import { collectLinks } from './links.ts';
import { toMarkdown } from './markdown.ts';
import { readMetadata } from './metadata.ts';
import { pruneInside } from './prune.ts';
import { selectMain } from './select.ts';
import { cutReaderComments } from './comment-tail.ts';
import { removeForumChrome } from './forum.ts';
import { dropChromeParagraphs } from './chrome-lines.ts';
import { computeStats } from './stats.ts';
import { type ParsedPage, parsePage } from './page.ts';
import { trailingHeadings } from './remnants.ts';

export { type PageOptions, ParsedPage, parsePage } from './page.ts';
export { htmlParseCount } from './dom.ts';

export interface ExtractOptions {
  /** Page URL, for a string input (a ParsedPage carries its own URL and Content-Language). */
  url: string;
  contentLanguage?: string | null;
  onlyMainContent?: boolean;
}

export interface ExtractedPage {
  markdown: string;
  links: string[];
  metadata: PageMetadata;
  document: DocumentInfo;
  /** Notes for the scrape result's `warnings` (e.g. `main_content_fallback: …`); empty when there is nothing to say. */
  warnings: string[];
}

export const EXTRACTOR_NAME = 'extract-tf';
export const EXTRACTOR_VERSION = 'extract-tf/4';

/** Below this many non-space characters the chosen content is suspected to be a fragment (step 5). */
const MIN_CONTENT_CHARS = 250;

interface Chosen {
  el: DomElement;
  shape: ContentShape;
}

function headingText(el: DomElement | null | undefined): string | null {
  if (el === null || el === undefined) return null;
  const t = normalizeSpace(el.textContent ?? '');
  return t === '' ? null : t;
}

/** Shape of the content (for the page type), from one stats walk over it. */
function shapeOf(el: DomElement): ContentShape {
  const stats = computeStats(el);
  let linkItems = 0;
  let codeBlocks = 0;
  let articles = 0;
  for (const [e, st] of stats) {
    const tag = e.localName;
    if (tag === 'pre') codeBlocks++;
    else if (tag === 'article') articles++;
    else if ((tag === 'li' || tag === 'article') && st.chars > 0 && st.linkChars > 0.5 * st.chars) linkItems++;
  }
  const st = stats.get(el);
  return {
    paragraphs: st?.paragraphs ?? 0,
    chars: st?.chars ?? 0,
    linkChars: st?.linkChars ?? 0,
    codeBlocks,
    linkItems,
    articleElement: articles === 1 || insideArticle(el),
  };
}

function chooseMain(root: DomElement, withCues: boolean, journal: Journal, subject: ReadonlySet<string>): DomElement {
  let stats = computeStats(root);
  if (withCues && removeBoilerplate(root, stats, 0.5, journal) + removeForumChrome(root, stats, journal) > 0) stats = computeStats(root);
  const { root: el, core } = selectMain(root, stats, journal, subject);
  // Readers' comments are cut first: their heading line ("Reviews (3) | Write a review") may look like a link box.
  cutReaderComments(el, journal);
  // Choosing removed siblings along the way, so the ancestors' figures are stale: count the chosen subtree again.
  const fresh = computeStats(el);
  for (const side of sideColumnLayers(el, (l) => fresh.get(l)?.proseChars ?? 0)) detach(side, journal);
  pruneInside(el, fresh, core, journal);
  for (const h of trailingHeadings(el)) detach(h, journal);
  return el;
}

/**
 * Step 5: when the cue-based choice leaves too little text, its removals are undone and the choice is made again
 * without cues (the tree is restored exactly, so no second parse is needed); the better of the two stands.
 * `journal` holds the removals of the choice that stands.
 */
function extractMain(body: DomElement, journal: Journal, subject: ReadonlySet<string>): Chosen {
  let el = chooseMain(body, true, journal, subject);
  let shape = shapeOf(el);
  if (shape.chars >= MIN_CONTENT_CHARS) return { el, shape };
  undoRemovals(journal);
  const alt = chooseMain(body, false, journal, subject);
  const altShape = shapeOf(alt);
  if (altShape.chars > shape.chars * 1.5) return { el: alt, shape: altShape };
  undoRemovals(journal);
  el = chooseMain(body, true, journal, subject);
  shape = shapeOf(el);
  return { el, shape };
}

/** Below this many characters the main-content pass found nothing worth calling content. */
const NOTHING_CHARS = 25;

/**
 * Step 6: a page that is only a list of links (an archive, a sitemap, a section index) leaves the main-content pass
 * with nothing, because link lists are what it removes. Then the page's <main> element (else its body) is converted
 * whole, as with onlyMainContent=false, and a warning says so. It applies when the pass kept next to no text
 * (under NOTHING_CHARS), or kept under MIN_CONTENT_CHARS while the page offers four times as much, mostly links.
 */
function linkPageFallback(body: DomElement, chosen: Chosen, journal: Journal): (Chosen & { warning: string }) | null {
  if (chosen.shape.chars >= MIN_CONTENT_CHARS) return null;
  const removals = undoRemovals(journal);
  const main = body.querySelector('main, [role="main"]');
  const mainShape = main === null ? null : shapeOf(main);
  const useMain = main !== null && mainShape !== null && mainShape.chars > Math.max(chosen.shape.chars, NOTHING_CHARS);
  const el = useMain ? main : body;
  const shape = useMain ? mainShape : shapeOf(body);
  const linkHeavy = shape.linkChars >= 0.5 * shape.chars;
  const wanted = chosen.shape.chars < NOTHING_CHARS
    ? shape.chars >= NOTHING_CHARS
    : shape.chars >= 4 * chosen.shape.chars && linkHeavy;
  if (!wanted) {
    redoRemovals(removals, journal);
    return null;
  }
  const where = useMain ? 'the <main> element' : 'the page body';
  return {
    el,
    shape,
    warning: `main_content_fallback: the main-content pass found ${chosen.shape.chars} characters of text; ${where} was converted whole (${shape.chars} characters, mostly links: ${linkHeavy})`,
  };
}

/**
 * Extracts a parsed page (parsePage) in place: `page.document` is changed and no longer the whole page afterwards.
 * A string is parsed first (one parse either way).
 */
export function extractPage(page: ParsedPage, opts?: Partial<ExtractOptions>): ExtractedPage;
export function extractPage(html: string, opts: ExtractOptions): ExtractedPage;
export function extractPage(input: ParsedPage | string, opts: Partial<ExtractOptions> = {}): ExtractedPage {
  const page = typeof input === 'string' ? parsePage(input, { url: opts.url ?? '', contentLanguage: opts.contentLanguage }) : input;
  const { scan, base } = page;
  const doc = page.document;
  const metadata = readMetadata(scan, doc.documentElement?.getAttribute('lang') ?? null, base, page.contentLanguage);
  const links = collectLinks(scan.anchors, base);
  const declared = readDeclared(scan, page.structured);
  const body = bodyOf(doc);
  page.markExtracted();
  if (body === null) {
    return { markdown: '', links, metadata, document: buildDocumentInfo(declared, null, emptyShape()), warnings: [] };
  }
  removeNonContent(body);
  const pageH1 = headingText(body.querySelector('h1'));
  if (opts.onlyMainContent === false) {
    const shape = shapeOf(body);
    const title = pageH1 ?? headingText(body.querySelector('h2, h3, h4, h5, h6'));
    return { markdown: toMarkdown(body, base), links, metadata, document: buildDocumentInfo(declared, title, shape), warnings: [] };
  }
  const journal: Journal = [];
  const chosen = extractMain(body, journal, subjectWords(pageH1, metadata.title));
  const fallback = linkPageFallback(body, chosen, journal);
  const { el, shape } = fallback ?? chosen;
  const title = headingText(el.querySelector('h1')) ?? pageH1 ?? headingText(el.querySelector('h2, h3, h4, h5, h6'));
  // Template lines inside the content cell of hand-made pages (last change, counters, print links) go with the rest
  // of the template; a page converted whole (the link-page fallback) keeps everything.
  const markdown = fallback === null ? dropChromeParagraphs(toMarkdown(el, base)) : toMarkdown(el, base);
  const warnings = fallback === null ? [] : [fallback.warning];
  return { markdown, links, metadata, document: buildDocumentInfo(declared, title, shape), warnings };
}

function emptyShape(): ContentShape {
  return { paragraphs: 0, chars: 0, linkChars: 0, codeBlocks: 0, linkItems: 0, articleElement: false };
}
