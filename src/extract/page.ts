// One parse per page. `parsePage` parses the HTML once (dom.ts), and reads at once everything that must be read
// before the extractor changes the tree: the declared values (title, metas, link rels, base, anchors, first <h1>:
// scan.ts), the structured data (JSON-LD from the scripts cut before parsing, microdata items: structured.ts) and,
// when asked, the label rows for the JSON filler (label-rows.ts). `extractPage(page)` then works on the same tree
// and changes it in place; `fillJson({page})` reads the scan results, never the tree.
import { type DomDocument, type RawScript, documentBase, parseDocument } from './dom.ts';
import { type LabelRow, readLabelRows } from './label-rows.ts';
import { unwrap } from './repair.ts';
import { type PageScan, scanDocument } from './scan.ts';
import { type StructuredData, readStructured } from './structured.ts';

export interface PageOptions {
  /** The page's URL (final URL of the fetch): base of relative links. */
  url: string;
  /** The response's Content-Language header: the metadata language when `<html lang>` is absent. */
  contentLanguage?: string | null;
  /** Read the label rows for the JSON filler now (set when a `json` format was requested). */
  labelRows?: boolean;
}

export class ParsedPage {
  readonly url: string;
  readonly contentLanguage: string | null;
  /** Document base URL: `<base href>` resolved against the page URL, else the page URL. */
  readonly base: string;
  /**
   * The parsed tree (raw-text blocks cut, tree repaired: dom.ts). Read it, never change it. It is the page as
   * parsed only until `extractPage` runs on this page, which removes elements in place (see `extracted`).
   */
  readonly document: DomDocument;
  readonly scan: PageScan;
  /** Every `<script>` of the page in page order, as written (scripts are not part of `document`). */
  readonly scripts: readonly RawScript[];
  readonly structured: StructuredData;
  #labelRows: readonly LabelRow[] | null = null;
  #extracted = false;

  constructor(html: string, opts: PageOptions) {
    const scripts: RawScript[] = [];
    this.document = parseDocument(html, scripts);
    this.scripts = scripts;
    this.url = opts.url;
    this.contentLanguage = opts.contentLanguage ?? null;
    this.scan = scanDocument(this.document);
    // Nested <html>/<head>/<body> tags are ignored by browsers: their children stay where they stand.
    for (const el of this.scan.strays) unwrap(el);
    this.base = documentBase(this.scan.baseHref, opts.url);
    this.structured = readStructured(scripts, this.scan.microdataTops);
    if (opts.labelRows === true) this.#labelRows = readLabelRows(this.document.documentElement);
  }

  /** True once `extractPage` has run: `document` no longer holds the whole page. */
  get extracted(): boolean {
    return this.#extracted;
  }

  /** Called by `extractPage` before its first change to the tree. */
  markExtracted(): void {
    this.#extracted = true;
  }

  /**
   * The page's label rows (JSON filler `dom` source). Read at parse time with `labelRows: true`, or on first call
   * while the tree is still whole; asking after extraction without having asked at parse time is a caller error.
   */
  labelRows(): readonly LabelRow[] {
    if (this.#labelRows === null) {
      if (this.#extracted) throw new Error('label rows must be read before extraction: parsePage(html, {labelRows: true})');
      this.#labelRows = readLabelRows(this.document.documentElement);
    }
    return this.#labelRows;
  }
}

/** Parses a page once; see ParsedPage. */
export function parsePage(html: string, opts: PageOptions): ParsedPage {
  return new ParsedPage(html, opts);
}
