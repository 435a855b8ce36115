// Output schemas and text summaries of the MCP tools. `structuredContent` is the API's JSON unchanged; the schemas
// describe the top-level shape of the service's own result types (the evidence record itself is described by
// schemas/evidence-record.schema.json). Status lists are typed against those types, so adding a status to the service
// without adding it here fails the type check.
import type { CaptureStatus } from '../capture/types.ts';
import type { JsonSchema } from './request-schemas.ts';
import { CAPTURE_STATUSES, type BatchRecord, type BatchStatus, type CrawlRecord, type CrawlStatus } from '../tasks/records.ts';

/** `A` when it names every member of `T` (else `never`, a type error at the use site). */
type AllOf<T, A extends readonly T[]> = [T] extends [A[number]] ? A : never;

const BATCH_STATUSES: AllOf<BatchStatus, ['accepting', 'running', 'completed']> = ['accepting', 'running', 'completed'];
const CRAWL_STATUSES: AllOf<CrawlStatus, ['running', 'completed', 'cancelled', 'interrupted']> = [
  'running',
  'completed',
  'cancelled',
  'interrupted',
];
const STATUSES: AllOf<CaptureStatus, typeof CAPTURE_STATUSES> = CAPTURE_STATUSES;

const SCRAPE_RESULT_PROPERTIES: Record<string, JsonSchema> = {
  status: { enum: [...STATUSES] },
  reason: { type: ['string', 'null'] },
  markdown: { type: 'string' },
  links: { type: 'array' },
  metadata: { type: 'object' },
  evidenceRecord: {
    type: 'object',
    properties: { schemaVersion: { const: 'svc.evidence/1' } },
    required: ['schemaVersion'],
  },
};

export const SCRAPE_RESULT_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'A scrape result: check status (was the page captured?) and, for a json format, json.status.',
  properties: SCRAPE_RESULT_PROPERTIES,
  required: ['status', 'reason', 'evidenceRecord'],
};

export const BATCH_RECORD_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    object: { const: 'batch' },
    status: { enum: [...BATCH_STATUSES] },
    total: { type: 'integer' },
    done: { type: 'integer' },
    counts: { type: 'object' },
  },
  required: ['id', 'object', 'status', 'total', 'done', 'counts'],
};

export const CRAWL_RECORD_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    object: { const: 'crawl' },
    status: { enum: [...CRAWL_STATUSES] },
    url: { type: 'string' },
    maxPages: { type: 'integer' },
    counts: { type: 'object' },
  },
  required: ['id', 'object', 'status', 'url', 'counts'],
};

export const LIST_PAGE_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Finished entries in the order they finished; pass nextCursor to read on (null: nothing more, ever).',
  properties: {
    object: { const: 'list' },
    data: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ...SCRAPE_RESULT_PROPERTIES, index: { type: 'integer' }, url: { type: 'string' } },
        required: ['status', 'reason', 'evidenceRecord', 'index', 'url'],
      },
    },
    nextCursor: { type: ['string', 'null'] },
    hasMore: { type: 'boolean' },
  },
  required: ['object', 'data', 'nextCursor', 'hasMore'],
};

interface ScrapeLike {
  status: string;
  reason: string | null;
  markdown?: string;
  evidenceRecord?: { finalUrl?: string | null };
  metadata?: { title?: string | null };
}

interface ListLike {
  data: Array<{ index: number; status: string }>;
  nextCursor: string | null;
  hasMore: boolean;
}

export function summarizeScrape(r: ScrapeLike): string {
  const where = r.evidenceRecord?.finalUrl ?? 'the page';
  const title = r.metadata?.title ? ` "${r.metadata.title}"` : '';
  const size = typeof r.markdown === 'string' ? `, ${r.markdown.length} characters of Markdown` : '';
  return `${r.status}${r.reason ? ` (${r.reason})` : ''}: ${where}${title}${size}`;
}

export function summarizeBatch(b: BatchRecord): string {
  return `batch ${b.id}: ${b.status}, ${b.done} of ${b.total} done`;
}

export function summarizeCrawl(c: CrawlRecord): string {
  return `crawl ${c.id} of ${c.url}: ${c.status}, ${c.counts.done} pages done, ${c.counts.queued} queued`;
}

export function summarizeList(page: ListLike): string {
  const next = page.nextCursor === null ? 'finished, nothing more to read' : `next cursor ${page.nextCursor}`;
  return `${page.data.length} entr${page.data.length === 1 ? 'y' : 'ies'}${page.hasMore ? ', more ready' : ''}; ${next}`;
}
