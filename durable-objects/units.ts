// SQLite tables shared by the batch and crawl Durable Objects: `units` (one row per URL to capture, with its
// delivery state) and `log` (finished results, append-only, in the order they finished — decision D10).
//
// Unit states: pending (not sent) → queued (a WORK message is on its way, due at due_at) → leased (a consumer claimed
// it, until lease_until) → done (its result is in `log`); `cancelled` ends units of a cancelled crawl, `dropped` the
// crawl units beyond its budget when it ends (never captured, not counted). Tables: migrations/units.ts. The log's
// UNIQUE(idx) makes recording idempotent: a unit delivered twice is captured at most once per lease and recorded once.
import type { WorkMessage } from '../src/tasks/messages.ts';
import { statusCounts, type StatusCounts } from '../src/tasks/records.ts';
import type { LogRow, StoredResult } from '../src/tasks/result-store.ts';
import type { HandedPage } from '../src/tasks/store.ts';
import { MAX_DELAY_SECONDS, SEND_CHUNK } from '../src/tasks/settings.ts';

export type UnitState = 'pending' | 'queued' | 'leased' | 'done' | 'cancelled' | 'dropped';

/** The SET clause of a unit whose result is recorded (the crawl object adds `fetched` to it). */
export const UNIT_DONE = "state = 'done', lease_until = NULL, lease_token = NULL";

export type Claim =
  | { kind: 'capture'; url: string; attempt: number }
  | { kind: 'done' }
  | { kind: 'busy' }
  | { kind: 'missing' };

/**
 * Takes the lease of a unit for one capture. A unit another message holds (lease not lapsed) is `busy`; the same
 * message (a redelivery after the consumer died) may take it again at once.
 */
export function claimUnit(sql: SqlStorage, idx: number, now: number, leaseMs: number, token: string): Claim {
  const row = sql
    .exec<{ url: string; state: string; lease_until: number | null; lease_token: string | null; attempts: number }>(
      'SELECT url, state, lease_until, lease_token, attempts FROM units WHERE idx = ?',
      idx,
    )
    .toArray()[0];
  if (!row) return { kind: 'missing' };
  if (row.state === 'done' || row.state === 'cancelled') return { kind: 'done' };
  if (row.state === 'leased' && (row.lease_until ?? 0) > now && row.lease_token !== token) return { kind: 'busy' };
  const attempt = row.attempts + 1;
  sql.exec(
    "UPDATE units SET state = 'leased', lease_until = ?, lease_token = ?, attempts = ?, sent_at = ? WHERE idx = ?",
    now + leaseMs,
    token,
    attempt,
    now,
    idx,
  );
  return { kind: 'capture', url: row.url, attempt };
}

/**
 * Leases the first `limit` pending units to one consumer (D280): what claimUnit does to a pending unit, each under the
 * token `<prefix>/<idx>`. Pages in frontier order.
 */
export function leasePending(sql: SqlStorage, limit: number, now: number, leaseMs: number, prefix: string): HandedPage[] {
  if (limit <= 0) return [];
  return pendingUnits(sql, limit).map((idx) => {
    const token = `${prefix}/${idx}`;
    const r = sql
      .exec<{ url: string; attempts: number }>(
        "UPDATE units SET state = 'leased', lease_until = ?, lease_token = ?, attempts = attempts + 1, sent_at = ? WHERE idx = ? RETURNING url, attempts",
        now + leaseMs,
        token,
        now,
        idx,
      )
      .one();
    return { index: idx, url: r.url, attempt: r.attempts, token };
  });
}

/** Gives a lease back after a failed attempt, so the message's own retry can claim the unit again. */
export function releaseUnit(sql: SqlStorage, idx: number, token: string, now: number): void {
  sql.exec(
    "UPDATE units SET state = 'queued', due_at = ?, lease_until = NULL, lease_token = NULL WHERE idx = ? AND state = 'leased' AND lease_token = ?",
    now,
    idx,
    token,
  );
}

/** Appends a unit's result once; false when the unit was already recorded (a duplicate delivery). */
export function appendResult(sql: SqlStorage, idx: number, stored: StoredResult): boolean {
  if (!appendLog(sql, idx, stored)) return false;
  sql.exec(`UPDATE units SET ${UNIT_DONE} WHERE idx = ?`, idx);
  return true;
}

/** The log half of appendResult, for an object that marks the unit done itself (with more columns, in one UPDATE). */
export function appendLog(sql: SqlStorage, idx: number, stored: StoredResult): boolean {
  // One statement: a duplicate meets UNIQUE(idx) and inserts nothing, so RETURNING gives no row.
  const inserted = sql.exec(
    'INSERT INTO log (idx, status, bytes, body, r2_key) VALUES (?, ?, ?, ?, ?) ON CONFLICT (idx) DO NOTHING RETURNING seq',
    idx,
    stored.status,
    stored.bytes,
    stored.body,
    stored.r2Key,
  );
  return inserted.toArray().length > 0;
}

export function unitUrl(sql: SqlStorage, idx: number): string | null {
  return sql.exec<{ url: string }>('SELECT url FROM units WHERE idx = ?', idx).toArray()[0]?.url ?? null;
}

export function isRecorded(sql: SqlStorage, idx: number): boolean {
  return sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM log WHERE idx = ?', idx).one().n > 0;
}

export interface LogPage {
  rows: LogRow[];
  hasMore: boolean;
}

/** Log entries after `afterSeq`, at most `limit` and about `maxBytes` (always at least one entry when any exists). */
export function listLog(sql: SqlStorage, afterSeq: number, limit: number, maxBytes: number): LogPage {
  const found = sql
    .exec<{ seq: number; bytes: number; body: string | null; r2_key: string | null }>(
      'SELECT seq, bytes, body, r2_key FROM log WHERE seq > ? ORDER BY seq LIMIT ?',
      afterSeq,
      limit + 1,
    )
    .toArray();
  const rows: LogRow[] = [];
  let bytes = 0;
  for (const r of found) {
    if (rows.length === limit || (rows.length > 0 && bytes + r.bytes > maxBytes)) break;
    bytes += r.bytes;
    rows.push({ seq: r.seq, body: r.body, r2Key: r.r2_key });
  }
  return { rows, hasMore: found.length > rows.length };
}

export function resultCounts(sql: SqlStorage): { done: number; byStatus: StatusCounts } {
  // Kept by a trigger on the log (D289): a few rows, however many results there are.
  const rows = sql.exec<{ status: string; n: number }>('SELECT status, n FROM log_counts').toArray();
  return { done: rows.reduce((a, r) => a + r.n, 0), byStatus: statusCounts(rows) };
}

/**
 * The first `limit` pending units in frontier order. Leasing and queueing read them apart from the updates that take
 * them: in workerd an `UPDATE … WHERE idx IN (SELECT … LIMIT ?)` cost several times the read plus the updates
 * (D290).
 */
export function pendingUnits(sql: SqlStorage, limit: number): number[] {
  return sql
    .exec<{ idx: number }>("SELECT idx FROM units WHERE state = 'pending' ORDER BY idx LIMIT ?", limit)
    .toArray()
    .map((r) => r.idx);
}

// The SET clause of a unit whose message is sent: due_at, sent_at.
const QUEUED = "state = 'queued', due_at = ?, sent_at = ?, lease_until = NULL, lease_token = NULL";

/** The units' messages are on their way, due at `dueAt`; `sentAt` (now) tells the restart sweep which were lost. */
export function markQueued(sql: SqlStorage, idxs: readonly number[], dueAt: number, sentAt: number = Date.now()): void {
  if (idxs.length === 0) return;
  // One statement for the whole list (batches mark up to SEND_CHUNK units at a time).
  sql.exec(
    `UPDATE units SET ${QUEUED} WHERE idx IN (SELECT value FROM json_each(?))`,
    dueAt,
    sentAt,
    JSON.stringify(idxs),
  );
}

/** The first `limit` pending units are queued; their idx in order. */
export function queuePending(sql: SqlStorage, limit: number, dueAt: number, sentAt: number): number[] {
  if (limit <= 0) return [];
  const idxs = pendingUnits(sql, limit);
  markQueued(sql, idxs, dueAt, sentAt);
  return idxs;
}

/**
 * Units whose message is presumed lost (queued, not claimed `staleMs` after it was due), whose lease lapsed, or —
 * given `lostBefore`, the start of this service process — whose message or lease predates the process (D223).
 */
export function lapsedUnits(sql: SqlStorage, now: number, staleMs: number, lostBefore: number | null = null): number[] {
  return sql
    .exec<{ idx: number }>(
      `SELECT idx FROM units WHERE (state = 'queued' AND due_at < ?) OR (state = 'leased' AND lease_until < ?)
        OR (? IS NOT NULL AND state IN ('queued', 'leased') AND COALESCE(sent_at, 0) < ?) ORDER BY idx`,
      now - staleMs,
      now,
      lostBefore,
      lostBefore,
    )
    .toArray()
    .map((r) => r.idx);
}

/** Sends messages in chunks the Queues API accepts; the delay is rounded up, so a message never arrives early. */
export async function sendMessages(queue: Queue, messages: readonly WorkMessage[], delayMs = 0): Promise<void> {
  const delaySeconds = Math.min(MAX_DELAY_SECONDS, Math.ceil(Math.max(0, delayMs) / 1000));
  for (let i = 0; i < messages.length; i += SEND_CHUNK) {
    const chunk = messages.slice(i, i + SEND_CHUNK).map((body) => (delaySeconds > 0 ? { body, delaySeconds } : { body }));
    await queue.sendBatch(chunk);
  }
}
