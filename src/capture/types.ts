// Shared shapes of the capture pipeline. Every surface (/v1 scrape, batch items, crawl pages, monitors, /fc, MCP,
// preview) produces or reads these; stage modules import only the pieces they need.

/** Verdict of one capture (spec "States"). */
export type CaptureStatus =
  | 'success'
  | 'partial'
  | 'incomplete'
  | 'blocked'
  | 'timeout'
  | 'quota_exceeded'
  | 'invalid_url'
  | 'failed';

export type Lane = 'http' | 'browser_local' | 'browser_local_authed' | 'browser_proxy' | 'provider';

/** Crawl mode reported in `identity.mode`: `research` declares the operator's contact in the User-Agent. */
export type CrawlMode = 'standard' | 'research';

export interface RobotsDecision {
  decision: 'allowed' | 'disallowed' | 'no_robots';
  robotsUrl: string;
  /** SHA-256 (hex) of the robots.txt body as received; null when no body was read. */
  robotsSha256: string | null;
  /** Why robots.txt could not be fetched (counts as a disallow); null when it was read or 4xx. */
  unreachable: string | null;
  crawlDelayMs: number | null;
  userOverride: false;
}

/** The seven metadata values of the spec, each null when the page does not declare it. */
export interface PageMetadata {
  title: string | null;
  description: string | null;
  language: string | null;
  keywords: string | null;
  robots: string | null;
  icon: string | null;
  canonical: string | null;
}

/** Small vocabulary for `document.pageType` (docs/decisions.md). */
export type PageType = 'article' | 'product' | 'listing' | 'docs' | 'forum' | 'file' | 'other';

export interface DocumentInfo {
  /** The content's own title: usually its first heading; differs from metadata.title. */
  title: string | null;
  /** null when no content was captured (nothing is guessed). */
  pageType: PageType | null;
  /**
   * Product values: the retail adapter's checked values when it ran (then each is null unless verified), else what
   * the extractor observed (JSON-LD / microdata / meta), only for product pages.
   */
  product?: Record<string, unknown>;
  /** The site adapter that read this page (src/adapters), when one applied (decision D64). */
  adapter?: string;
  /** A post adapter's values (author, time, text, media, thread context, counts). */
  post?: Record<string, unknown>;
  /** The adapter's findings: `{code, field, message, evidence, quotes}` (the preview's `product.issues`). */
  issues?: Array<Record<string, unknown>>;
  /** Evidence of each adapter value, keyed by field path: `{source, locator, quote}`. */
  evidence?: Record<string, { source: EvidenceSource; locator: string; quote: string }>;
}

export type EvidenceSource =
  | 'jsonld'
  | 'microdata'
  | 'meta'
  | 'hydration'
  | 'dom'
  | 'text'
  | 'inferred'
  | 'model'
  | 'fetch'
  | 'pdf';

export interface FieldEvidence {
  source: EvidenceSource;
  locator: string | null;
}

export interface Artifact {
  kind: 'file' | 'snapshot';
  path: string;
  sha256: string;
  bytes: number | null;
  contentType: string | null;
}

export interface EvidenceRecord {
  schemaVersion: 'svc.evidence/1';
  requestedUrl: string;
  finalUrl: string | null;
  redirectChain: { urls: string[]; complete: boolean };
  fetchedAt: string | null;
  httpStatus: number | null;
  status: CaptureStatus;
  reason: string | null;
  lane: Lane;
  robotsDecision: RobotsDecision | null;
  rawSha256: string | null;
  outputSha256: { markdown: string | null; json: string | null };
  extractor: { name: string; version: string; commit: string | null };
  fieldEvidence: Record<string, FieldEvidence> | null;
  artifacts: Artifact[];
  proxy: string | null;
  identity: { userAgent: string | null; mode: CrawlMode; contact: string | null };
}

export type FileKind = 'pdf' | 'csv' | 'json' | 'text' | 'xlsx' | 'xls' | 'zip';

export interface PdfPage {
  number: number;
  label: string | null;
  start: number;
  end: number;
}

export type PdfWarning = 'tables_unverified' | 'no_text_layer' | 'page_cap' | 'time_budget' | 'page_error';

export interface PdfBlock {
  pageCount: number;
  pagesRead: number;
  pages: PdfPage[];
  info: Record<string, unknown>;
  /** Warnings; per-page ones carry the page number (docs/decisions.md). */
  warnings: Array<{ code: PdfWarning; page: number | null; message: string | null }>;
}

export interface FileBlock {
  kind: FileKind;
  detectedBy: 'content-type' | 'bytes';
  contentType: string | null;
  declaredBytes: number | null;
  bytes: number;
  maxBytes: number;
  sha256: string;
  path: string;
  markdownFrom: 'pdf_text' | 'text' | null;
  pdf?: PdfBlock;
}

export type JsonStatus = 'complete' | 'incomplete' | 'invalid';

export interface JsonIssue {
  code: string;
  /** JSON Pointer of the field concerned, or null for the whole record. */
  path: string | null;
  message: string;
  /** Page text the issue is about (number reading rule 8 quotes it). */
  quote?: string;
}

export interface JsonResult {
  data: unknown;
  status: JsonStatus;
  issues: JsonIssue[];
  evidence: Record<string, FieldEvidence & { quote?: string }>;
  modelUsage?: { strict: boolean; strictReason: string | null };
}

/** Format request object (entry of the formats list), after validation. */
export type FormatRequest =
  | { type: 'markdown' }
  | { type: 'links' }
  | { type: 'json'; schema: Record<string, unknown>; prompt: string | null; modelFallback: boolean };
