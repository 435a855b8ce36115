// Where a finished item or page is kept: in its Durable Object's SQLite log when small, in R2 otherwise (D54). A DO
// SQLite row or value holds at most ~2 MB; results above RESULT_INLINE_MAX_BYTES go to R2 under the key
// the caller passes (src/files/r2-keys.ts: resultKey).
import type { CaptureStatus } from '../capture/types.ts';
import { RESULT_INLINE_MAX_BYTES } from './settings.ts';
import { utf8Length } from '../io/text.ts';

/** The part of R2 this module uses (an R2Bucket satisfies it). */
export interface ResultBucket {
  put(key: string, value: string, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
  get(key: string): Promise<{ text(): Promise<string> } | null>;
}

export interface StoredResult {
  status: CaptureStatus;
  /** The entry's JSON text when kept inline; null when it is in R2. */
  body: string | null;
  r2Key: string | null;
  bytes: number;
}

export async function storeResult(
  bucket: ResultBucket,
  key: string,
  status: CaptureStatus,
  entry: object,
  inlineMax: number = RESULT_INLINE_MAX_BYTES,
): Promise<StoredResult> {
  const body = JSON.stringify(entry);
  const bytes = utf8Length(body);
  if (bytes <= inlineMax) return { status, body, r2Key: null, bytes };
  await bucket.put(key, body, { httpMetadata: { contentType: 'application/json' } });
  return { status, body: null, r2Key: key, bytes };
}

export interface LogRow {
  seq: number;
  body: string | null;
  r2Key: string | null;
}

/** The JSON texts of a list page, in log order, reading offloaded entries back from R2. */
export async function loadBodies(bucket: ResultBucket, rows: readonly LogRow[]): Promise<string[]> {
  return Promise.all(
    rows.map(async (r) => {
      if (r.body !== null) return r.body;
      const obj = r.r2Key === null ? null : await bucket.get(r.r2Key);
      if (obj === null) throw new Error(`stored result ${r.r2Key ?? `#${r.seq}`} is missing from R2`);
      return obj.text();
    }),
  );
}
