// extract-tf/4: HTML → Markdown main-content extraction, links, metadata and document info.
//
// Pipeline (each step is its own module):
//   1. parse with linkedom after cutting raw-text blocks (dom.ts)
//   2. read what the page declares before anything is removed: metadata, links, JSON-LD (metadata.ts, links.ts,
//      structured.ts)
//   3. drop non-content and hidden elements (clean.ts); for onlyMainContent=false the whole body is converted here
//   4. drop template regions by tag/role/class cues, score text units, take the best-scoring subtree, trim link
//      lists and widget labels inside it (clean.ts, stats.ts, select.ts)
//   5. when that leaves too little text, choose again without the cue-based removal (a page whose every container
//      carries a boilerplate-sounding class name)
//   6. convert to Markdown (markdown.ts, tables.ts)
import type { DocumentInfo, PageMetadata } from '../capture/types.ts';
import { removeBoilerplate, removeNonContent } from './clean.ts';
import { type ContentShape, buildDocumentInfo, readDeclared } from './document-info.ts';
import { type DomElement, bodyOf, documentBase, normalizeSpace, parseDocument } from './dom.ts';
import { collectLinks } from './links.ts';
import { toMarkdown } from './markdown.ts';
import { readMetadata } from './metadata.ts';
import { scanDocument } from './scan.ts';
import { pruneInside, selectMain } from './select.ts';
import { computeStats } from './stats.ts';
import { jsonLdNodes } from './structured.ts';

export interface ExtractOptions {
  url: string;
  contentLanguage?: string | null;
  onlyMainContent?: boolean;
}

export interface ExtractedPage {
  markdown: string;
  links: string[];
  metadata: PageMetadata;
  document: DocumentInfo;
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

function insideArticle(el: DomElement): boolean {
  for (let a = el.parentElement; a !== null; a = a.parentElement) if (a.localName === 'article') return true;
  return false;
}

function chooseMain(root: DomElement, withCues: boolean): DomElement {
  let stats = computeStats(root);
  if (withCues && removeBoilerplate(root, stats) > 0) stats = computeStats(root);
  const { root: el, core } = selectMain(root, stats);
  // Choosing removed siblings along the way, so the ancestors' figures are stale: count the chosen subtree again.
  pruneInside(el, computeStats(el), core);
  return el;
}

function extractMain(html: string, body: DomElement): Chosen {
  let el = chooseMain(body, true);
  let shape = shapeOf(el);
  if (shape.chars < MIN_CONTENT_CHARS) {
    const again = bodyOf(parseDocument(html));
    if (again !== null) {
      removeNonContent(again);
      const alt = chooseMain(again, false);
      const altShape = shapeOf(alt);
      if (altShape.chars > shape.chars * 1.5) {
        el = alt;
        shape = altShape;
      }
    }
  }
  return { el, shape };
}

export function extractPage(html: string, opts: ExtractOptions): ExtractedPage {
  const doc = parseDocument(html);
  const scan = scanDocument(doc);
  const base = documentBase(scan.baseHref, opts.url);
  const metadata = readMetadata(scan, doc.documentElement?.getAttribute('lang') ?? null, base, opts.contentLanguage);
  const links = collectLinks(scan.anchors, base);
  const declared = readDeclared(scan, jsonLdNodes(scan.jsonLd));
  const body = bodyOf(doc);
  if (body === null) {
    return { markdown: '', links, metadata, document: buildDocumentInfo(declared, null, emptyShape()) };
  }
  removeNonContent(body);
  const pageH1 = headingText(body.querySelector('h1'));
  if (opts.onlyMainContent === false) {
    const shape = shapeOf(body);
    const title = pageH1 ?? headingText(body.querySelector('h2, h3, h4, h5, h6'));
    return { markdown: toMarkdown(body, base), links, metadata, document: buildDocumentInfo(declared, title, shape) };
  }
  const { el, shape } = extractMain(html, body);
  const title = headingText(el.querySelector('h1')) ?? pageH1 ?? headingText(el.querySelector('h2, h3, h4, h5, h6'));
  const markdown = toMarkdown(el, base);
  return { markdown, links, metadata, document: buildDocumentInfo(declared, title, shape) };
}

function emptyShape(): ContentShape {
  return { paragraphs: 0, chars: 0, linkChars: 0, codeBlocks: 0, linkItems: 0, articleElement: false };
}
