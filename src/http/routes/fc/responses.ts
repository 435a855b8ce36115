// /v1 answers → Firecrawl v1 answers (decisions D105–D108). The /v1 JSON is read defensively through the few fields
// used here, so the shim follows the public /v1 contract and not the pipeline's internal types. No evidence record
// and none of the legacy fields reach a /fc answer (spec: absent on /fc routes).
import { isObject, type JsonObject } from '../../../request/body.ts';

/** The fields of a /v1 scrape result, batch item or crawl page the shim reads. */
export interface V1Entry {
  url: string | null;
  index: number | null;
  status: string;
  reason: string | null;
  markdown?: string;
  links?: string[];
  metadata: JsonObject;
  finalUrl: string | null;
  httpStatus: number | null;
  fetchedAt: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function readEntry(raw: unknown): V1Entry {
  const o = isObject(raw) ? raw : {};
  const evidence = isObject(o.evidenceRecord) ? o.evidenceRecord : {};
  const entry: V1Entry = {
    url: str(o.url),
    index: typeof o.index === 'number' ? o.index : null,
    status: str(o.status) ?? 'failed',
    reason: str(o.reason),
    metadata: isObject(o.metadata) ? o.metadata : {},
    finalUrl: str(evidence.finalUrl),
    httpStatus: typeof evidence.httpStatus === 'number' ? evidence.httpStatus : null,
    fetchedAt: str(evidence.fetchedAt),
  };
  if (typeof o.markdown === 'string') entry.markdown = o.markdown;
  if (Array.isArray(o.links)) entry.links = o.links.filter((l): l is string => typeof l === 'string');
  return entry;
}

/** Verdicts that mean the page was not captured: Firecrawl's `success: false` / `metadata.error` (spec Endpoints). */
const FAILED = new Set(['blocked', 'timeout', 'quota_exceeded', 'invalid_url', 'failed']);

export const isFailure = (e: V1Entry): boolean => FAILED.has(e.status);

/** Our metadata names → Firecrawl's (`icon` is Firecrawl's `favicon`); a value the page did not declare is left out. */
const METADATA_NAMES: ReadonlyArray<readonly [string, string]> = [
  ['title', 'title'],
  ['description', 'description'],
  ['language', 'language'],
  ['keywords', 'keywords'],
  ['robots', 'robots'],
  ['icon', 'favicon'],
  ['canonical', 'canonical'],
];

export interface FcDocument {
  markdown?: string;
  links?: string[];
  metadata: JsonObject;
}

export function toDocument(e: V1Entry): FcDocument {
  const metadata: JsonObject = {};
  for (const [ours, theirs] of METADATA_NAMES) {
    const v = e.metadata[ours];
    if (v !== null && v !== undefined) metadata[theirs] = v;
  }
  if (e.url !== null) metadata.sourceURL = e.url;
  if (e.finalUrl !== null) metadata.url = e.finalUrl;
  if (e.httpStatus !== null) metadata.statusCode = e.httpStatus;
  if (isFailure(e)) metadata.error = e.reason ?? e.status;
  const doc: FcDocument = { metadata };
  if (e.markdown !== undefined) doc.markdown = e.markdown;
  if (e.links !== undefined) doc.links = e.links;
  return doc;
}

/** `status: reason`, the text shown for a page that was not captured or only in part. */
const verdict = (e: V1Entry): string => (e.reason ? `${e.status}: ${e.reason}` : e.status);

/**
 * POST /fc/v1/scrape answers HTTP 200 either way. A page not captured is `success: false` with no `code`, the reason
 * in `data.metadata.error` and a top-level `error` (which the official client shows); a partial capture is a success
 * with a `warning`.
 */
export function scrapeAnswer(e: V1Entry): JsonObject {
  const data = toDocument(e);
  if (isFailure(e)) return { success: false, error: verdict(e), data };
  const answer: JsonObject = { success: true, data };
  if (e.status !== 'success') answer.warning = verdict(e);
  return answer;
}

/** Firecrawl job statuses: the client waits on `scraping`, stops on `completed`, throws on anything else. */
const JOB_STATUS: Record<string, string> = {
  accepting: 'scraping',
  running: 'scraping',
  completed: 'completed',
  cancelled: 'cancelled',
  // An interrupted crawl waits for POST /v1/crawls/:id/resume; a Firecrawl client must not wait for it forever.
  interrupted: 'failed',
};

/** Results are kept until the data dir is removed: the latest date JSON can carry stands for "does not expire". */
export const NEVER_EXPIRES = '9999-12-31T23:59:59.999Z';

export interface JobProgress {
  status: string;
  total: number;
  completed: number;
}

/** A /v1 batch record (`total`, `done`) or crawl record (`counts.discovered`, `counts.done`) as Firecrawl progress. */
export function readProgress(record: unknown): JobProgress {
  const r = isObject(record) ? record : {};
  const counts = isObject(r.counts) ? r.counts : {};
  const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
  const status = JOB_STATUS[str(r.status) ?? ''] ?? 'failed';
  if (r.object === 'batch') return { status, total: num(r.total), completed: num(r.done) };
  return { status, total: num(counts.discovered), completed: num(counts.done) };
}

/**
 * One status page. `next` (absolute) is present while /v1 has a cursor to continue from and left out on the last
 * page: the official client follows `next` while the key exists, and `next: null` breaks it.
 */
export function statusPage(progress: JobProgress, entries: V1Entry[], next: string | null): JsonObject {
  const page: JsonObject = {
    success: true,
    status: progress.status,
    total: progress.total,
    completed: progress.completed,
    creditsUsed: 0,
    expiresAt: NEVER_EXPIRES,
  };
  if (next !== null) page.next = next;
  page.data = entries.map(toDocument);
  return page;
}

export interface FcErrorEntry {
  id: string;
  timestamp?: string;
  url: string;
  code: string;
  error: string;
}

/** Firecrawl's errors listing: pages robots.txt refused by URL, every other page not captured with its reason. */
export function errorsListing(taskId: string, entries: V1Entry[]): { errors: FcErrorEntry[]; robotsBlocked: string[] } {
  const errors: FcErrorEntry[] = [];
  const robotsBlocked: string[] = [];
  for (const e of entries) {
    if (!isFailure(e)) continue;
    const url = e.url ?? '';
    if (e.status === 'blocked' && e.reason === 'robots_disallowed') {
      robotsBlocked.push(url);
      continue;
    }
    const item: FcErrorEntry = { id: `${taskId}:${e.index ?? ''}`, url, code: e.status, error: e.reason ?? e.status };
    if (e.fetchedAt !== null) item.timestamp = e.fetchedAt;
    errors.push(item);
  }
  return { errors, robotsBlocked };
}
