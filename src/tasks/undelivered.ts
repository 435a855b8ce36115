// The batch item written when a unit's queue message ran out of delivery retries (dead-lettered). Nothing was
// observed, so every observation in its evidence record is null (spec: never 0, never a guess); status `failed` with
// reason `delivery_failed` tells the caller the page itself was never judged.
import { buildEvidenceRecord, legacyFields } from '../evidence/build.ts';
import { PAGE_EXTRACTOR } from '../pipeline/content.ts';
import { EMPTY_METADATA, NO_DOCUMENT, type ScrapeResult } from '../pipeline/result.ts';
import type { CaptureOptions } from '../request/capture-options.ts';

export const DELIVERY_FAILED = 'delivery_failed';

export function undeliveredResult(url: string, options: CaptureOptions, sourceCommit: string | null): ScrapeResult {
  const record = buildEvidenceRecord({
    requestedUrl: url,
    chain: { urls: [], complete: true },
    fetchedAt: null,
    httpStatus: null,
    status: 'failed',
    reason: DELIVERY_FAILED,
    lane: 'http',
    robots: null,
    rawSha256: null,
    markdownSha256: null,
    jsonSha256: null,
    extractor: PAGE_EXTRACTOR,
    sourceCommit,
    fieldEvidence: null,
    artifacts: [],
    proxy: null,
    userAgent: null,
    mode: options.mode,
    contact: null,
    contentType: null,
  });
  return {
    url,
    status: 'failed',
    reason: DELIVERY_FAILED,
    metadata: EMPTY_METADATA,
    document: NO_DOCUMENT,
    warnings: [],
    evidenceRecord: record,
    ...legacyFields(record, null),
  };
}
