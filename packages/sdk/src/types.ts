// Request and response shapes of the REST API as the SDK sees them (spec "Endpoints", docs/decisions.md D3–D11).
// Result-body pieces come from the service's shared types so the SDK cannot drift from what the service produces.

import type {
  CaptureStatus,
  DocumentInfo,
  EvidenceRecord,
  FileBlock,
  JsonResult,
  PageMetadata,
} from '../../../src/capture/types.ts';

export type { CaptureStatus, DocumentInfo, EvidenceRecord, FileBlock, JsonResult, PageMetadata };

/** Entry of `formats` (D4): an object `{type}` or the bare type name. */
export type FormatInput =
  | 'markdown'
  | 'links'
  | { type: 'markdown' }
  | { type: 'links' }
  | { type: 'json'; schema: Record<string, unknown>; prompt?: string; modelFallback?: boolean };

/** Capture options shared by scrape, batch and crawl (D3). The server refuses any key it does not support. */
export interface CaptureOptions {
  formats?: FormatInput[];
  /** Whole-capture timeout in ms, 1,000–300,000 (D5; server default 30,000). */
  timeout?: number;
  /** Lowers the operator's file cap for this request (spec "File handling" rule 9). */
  maxFileBytes?: number;
  /** true (default): main-content extraction; false: the whole body (D7). */
  onlyMainContent?: boolean;
  mode?: 'standard' | 'research';
}

export interface CrawlOptions extends CaptureOptions {
  maxPages?: number;
  /** Path patterns a discovered page must match to be crawled. */
  includePaths?: string[];
}

/** One scrape result (spec "Scrape result, batch item, crawl page"); fields the spec leaves open stay `unknown`. */
export interface ScrapeResult {
  status: CaptureStatus;
  reason: string | null;
  metadata: PageMetadata;
  evidenceRecord: EvidenceRecord;
  markdown?: string;
  json?: JsonResult;
  file?: FileBlock;
  document?: DocumentInfo;
  /** The URL as requested and warnings (docs/decisions.md D13). */
  url?: string;
  warnings?: string[];
  [field: string]: unknown;
}

/** A batch item or crawl page: a full scrape result plus its position and requested URL (D10). */
export interface ListedResult extends ScrapeResult {
  /** Position in the batch request's `urls`, or the crawl's discovery order. */
  index: number;
  /** The URL as requested. */
  url: string;
}

export type BatchItem = ListedResult;
export type CrawlPage = ListedResult;

// The batch and crawl records (D9, D11) are the service's own types, so the SDK cannot drift from what it returns.
export type { BatchRecord, BatchStatus, CrawlRecord, CrawlStatus, StatusCounts } from '../../../src/tasks/records.ts';

/** A page of a paged listing (D10). `nextCursor` is null only when the task finished and nothing more exists. */
export interface ListPage<T> {
  object: 'list';
  data: T[];
  nextCursor: string | null;
  hasMore: boolean;
}

export interface PageQuery {
  /** 1–100, server default 20. */
  limit?: number;
  cursor?: string | null;
  signal?: AbortSignal;
}

/** The fetch the SDK calls; the global fetch by default (Node 24, Workers). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /** Default: `SVC_BASE_URL` from the environment, else http://127.0.0.1:8787. */
  baseUrl?: string;
  /** Bearer token; default `SVC_API_TOKEN` from the environment (spec Authentication rule 6). */
  token?: string;
  /** Environment to read `SVC_API_TOKEN` / `SVC_BASE_URL` from; default `process.env` where it exists. */
  env?: Record<string, string | undefined>;
  fetch?: FetchLike;
  /** Extra wait of `scrape` beyond the request's timeout (spec SDK rule 3); default 30,000 ms. */
  scrapeGraceMs?: number;
  /** Defaults for waits and iterators; each call may override them. */
  pollIntervalMs?: number;
  maxRetries?: number;
  timeoutMs?: number;
}

export interface WaitOptions<R> {
  /** Give up with WaitTimeoutError after this many ms (default 1,800,000; Infinity waits without limit). */
  timeoutMs?: number;
  /** Pause between status reads (default 1,000 ms). */
  pollIntervalMs?: number;
  /** Consecutive retryable failures tolerated before the last one is thrown (default 5). */
  maxRetries?: number;
  /** Called with every status record read. */
  onProgress?: (record: R) => void;
  signal?: AbortSignal;
}

export interface IterateOptions {
  limit?: number;
  /** Start after this cursor instead of the beginning. */
  cursor?: string | null;
  pollIntervalMs?: number;
  maxRetries?: number;
  signal?: AbortSignal;
}

export interface ScrapeOptions extends CaptureOptions {
  /** Aborts the request early; it is not sent to the API. */
  signal?: AbortSignal;
}
