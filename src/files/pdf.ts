// PDF text layer to Markdown (spec "File handling and the file block", rules 1-4; extractor `pdf-text/1`).
// pdf.js (the serverless build shipped by unpdf) reads the text layer page by page; no OCR is run, and tables are
// never reconstructed, so every result with text carries `tables_unverified`.

import type { PdfBlock, PdfPage, PdfWarning } from '../capture/types.ts';
import { errorMessage } from '../io/errors.ts';

/** Pages read at most per PDF (docs/decisions.md): keeps one capture's CPU and Markdown size bounded. */
export const PDF_PAGE_CAP = 1000;
/** Wall-clock budget for reading pages, after the document opened (docs/decisions.md). */
export const PDF_TIME_BUDGET_MS = 20_000;

export interface PdfExtraction {
  status: 'success' | 'partial' | 'failed';
  /** `page_cap` / `time_budget` for partial; `empty_unverified` / `parse_error` for failed; null on success. */
  reason: string | null;
  markdown: string | null;
  /** null only when the document could not be opened (nothing about it was observed). */
  pdf: PdfBlock | null;
}

export interface PdfOptions {
  pageCap?: number;
  timeBudgetMs?: number;
  /** Clock for the time budget; tests inject one. */
  now?: () => number;
}

type Warning = PdfBlock['warnings'][number];

const warning = (code: PdfWarning, page: number | null, message: string | null): Warning => ({ code, page, message });

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

/** Joins a page's text items into lines: pdf.js marks line ends with `hasEOL`; runs of spaces collapse. */
export function pageText(items: readonly TextItemLike[]): string {
  let raw = '';
  for (const item of items) {
    if (typeof item.str !== 'string') continue; // marked-content markers carry no text
    raw += item.str + (item.hasEOL ? '\n' : '');
  }
  return raw
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '') // unmapped glyphs come out as control codes
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The Info dictionary as plain JSON: strings, finite numbers, booleans and null; PDF names (objects with `name`)
 * become their name; nested dictionaries (`Custom`) are kept to two levels; anything else is dropped.
 */
export function sanitizeInfo(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.replace(/\u0000/g, '');
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'object' || depth > 2) return undefined;
  if (Array.isArray(value)) return value.map((v) => sanitizeInfo(v, depth + 1)).filter((v) => v !== undefined);
  const rec = value as Record<string, unknown>;
  if (typeof rec.name === 'string' && Object.keys(rec).length === 1) return rec.name;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rec)) {
    const clean = sanitizeInfo(v, depth + 1);
    if (clean !== undefined) out[k] = clean;
  }
  return out;
}

class DeadlineError extends Error {}

/**
 * Rejects with DeadlineError after `ms`: guards against a page whose promise never settles. CPU-bound reading is
 * bounded by the budget check before each page instead (pdf.js runs in-thread, so a timer cannot interrupt it).
 */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError('time budget')), Math.max(0, ms));
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Extracts the text layer of a PDF. Takes ownership of `bytes`: pdf.js transfers the buffer to its (in-thread)
 * worker, which detaches it, so the caller must not read `bytes` afterwards. No copy is made on purpose: in a
 * 128 MB isolate a second copy of a large PDF is what would not fit.
 */
export async function extractPdf(bytes: Uint8Array, opts: PdfOptions = {}): Promise<PdfExtraction> {
  const pageCap = opts.pageCap ?? PDF_PAGE_CAP;
  const budget = opts.timeBudgetMs ?? PDF_TIME_BUDGET_MS;
  const now = opts.now ?? Date.now;
  // Loaded lazily: pdf.js is large and only PDFs need it. An import failure is a service fault and propagates.
  const { getDocumentProxy } = await import('unpdf');
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    doc = await getDocumentProxy(bytes, {
      disableFontFace: true,
      verbosity: 0,
    });
  } catch {
    // Not a PDF, damaged beyond pdf.js's repair, or encrypted with a user password (spec rule 4).
    return { status: 'failed', reason: 'parse_error', markdown: null, pdf: null };
  }
  try {
    return await readPages(doc, pageCap, budget, now);
  } finally {
    await doc.loadingTask.destroy();
  }
}

type PdfDoc = Awaited<ReturnType<Awaited<typeof import('unpdf')>['getDocumentProxy']>>;

async function readPages(doc: PdfDoc, pageCap: number, budget: number, now: () => number): Promise<PdfExtraction> {
  const started = now();
  const pageCount = doc.numPages;
  const labels = await doc.getPageLabels().catch(() => null);
  const info = (sanitizeInfo((await doc.getMetadata().catch(() => ({ info: {} }))).info) ?? {}) as Record<string, unknown>;

  const pages: PdfPage[] = [];
  const pageWarnings: Warning[] = [];
  let stop: Warning | null = null;
  let markdown = '';
  let anyText = false;

  for (let n = 1; n <= pageCount; n++) {
    if (n > pageCap) {
      stop = warning('page_cap', null, `read ${pageCap} of ${pageCount} pages`);
      break;
    }
    const remaining = budget - (now() - started);
    if (remaining <= 0) {
      stop = warning('time_budget', null, `stopped after ${n - 1} of ${pageCount} pages (${budget} ms budget)`);
      break;
    }
    let text = '';
    try {
      const page = await withDeadline(doc.getPage(n), remaining);
      const content = await withDeadline(page.getTextContent(), remaining);
      text = pageText(content.items as TextItemLike[]);
      page.cleanup();
      if (text === '') pageWarnings.push(warning('no_text_layer', n, null));
    } catch (err) {
      if (err instanceof DeadlineError) {
        stop = warning('time_budget', null, `stopped at page ${n} of ${pageCount} (${budget} ms budget)`);
        break;
      }
      pageWarnings.push(warning('page_error', n, errorMessage(err)));
    }
    // Spec rule 1: a `<!-- page N -->` line before each page; start/end delimit the page's own text.
    if (markdown !== '') markdown += '\n\n';
    markdown += `<!-- page ${n} -->\n`;
    const start = markdown.length;
    markdown += text;
    pages.push({ number: n, label: labels?.[n - 1] || null, start, end: markdown.length });
    if (text !== '') anyText = true;
  }

  const warnings: Warning[] = [];
  if (anyText) warnings.push(warning('tables_unverified', null, null));
  warnings.push(...pageWarnings);
  if (stop) warnings.push(stop);
  const pdf: PdfBlock = { pageCount, pagesRead: pages.length, pages, info, warnings };
  if (!anyText) return { status: 'failed', reason: 'empty_unverified', markdown: null, pdf };
  if (stop) return { status: 'partial', reason: stop.code, markdown: `${markdown}\n`, pdf };
  return { status: 'success', reason: null, markdown: `${markdown}\n`, pdf };
}
