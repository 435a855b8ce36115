// One batch (decision D9): its URLs as units, their results in an append-only log, all in this object's SQLite
// storage, so a batch survives restarts. Work moves through the WORK queue; this object decides what is captured.
import { BATCH_MIGRATIONS } from '../migrations/batch.ts';
import { deadLetterResultKey } from '../src/files/r2-keys.ts';
import type { CaptureOptions } from '../src/request/capture-options.ts';
import { leaseMsFor } from '../src/tasks/leases.ts';
import type { LogSlice } from '../src/tasks/listing.ts';
import { workMessage } from '../src/tasks/messages.ts';
import { iso, type BatchRecord, type BatchStatus } from '../src/tasks/records.ts';
import { echoOptions } from '../src/tasks/requests.ts';
import { storeResult, type StoredResult } from '../src/tasks/result-store.ts';
import { LIST_MAX_BYTES, SEND_CHUNK } from '../src/tasks/settings.ts';
import type { BatchCreate, SweepOutcome, SweepRequest, UnitClaim } from '../src/tasks/store.ts';
import { undeliveredResult } from '../src/tasks/undelivered.ts';
import { TaskObject } from './task-object.ts';
import { queueCompletionEvent, rememberDestinations } from './deliver-events.ts';
import {
  appendResult,
  claimUnit,
  lapsedUnits,
  listLog,
  markQueued,
  pendingUnits,
  releaseUnit,
  resultCounts,
  sendMessages,
  unitUrl,
} from './units.ts';

type BatchRow = {
  id: string;
  status: BatchStatus;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
  total: number;
  options: string;
};

const itemMessages = (id: string, idxs: readonly number[]) => idxs.map((i) => workMessage('batch_item', id, i));

export class BatchObject extends TaskObject {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, { table: 'batch', migrations: BATCH_MIGRATIONS });
  }

  /** Stores the batch and queues every URL; idempotent for the same id. */
  async create(input: BatchCreate): Promise<BatchRecord> {
    this.ensureTables();
    if (!this.#row()) {
      const now = Date.now();
      this.ctx.storage.transactionSync(() => {
        this.sql.exec(
          "INSERT INTO batch (id, status, created_at, updated_at, completed_at, total, options) VALUES (?, 'accepting', ?, ?, NULL, ?, ?)",
          input.id,
          now,
          now,
          input.urls.length,
          JSON.stringify(input.options),
        );
        input.urls.forEach((url, idx) => this.sql.exec("INSERT INTO units (idx, url, state) VALUES (?, ?, 'pending')", idx, url));
        rememberDestinations(this.sql, input.destinations);
      });
    }
    await this.#sendPending();
    return this.#record() as BatchRecord;
  }

  get(): BatchRecord | null {
    return this.#record();
  }

  list(afterSeq: number, limit: number): LogSlice | null {
    const row = this.#row();
    if (!row) return null;
    return { ...listLog(this.sql, afterSeq, limit, LIST_MAX_BYTES), finished: row.status === 'completed' };
  }

  /** A consumer asks to capture an item; the lease covers the item's whole budget (leases.ts, D222). */
  async claim(index: number, token: string, now: number = Date.now()): Promise<UnitClaim> {
    // Settings first: no await between reading the unit and taking its lease.
    const config = await this.config();
    const row = this.#row();
    if (!row || row.status === 'completed') return { kind: 'skip' };
    const options = JSON.parse(row.options) as CaptureOptions;
    const claim = claimUnit(this.sql, index, now, leaseMsFor(options, config), token);
    return claim.kind === 'capture' ? { kind: 'capture', url: claim.url, options, attempt: claim.attempt } : { kind: 'skip' };
  }

  release(index: number, token: string): void {
    if (this.ready) releaseUnit(this.sql, index, token, Date.now());
  }

  /** Records a finished item once; false for a duplicate. The batch completes with its last item. */
  async record(index: number, stored: StoredResult): Promise<boolean> {
    const row = this.#row();
    if (!row) return false;
    const now = Date.now();
    const { recorded, completed } = this.ctx.storage.transactionSync(() => {
      if (!appendResult(this.sql, index, stored)) return { recorded: false, completed: false };
      const done = resultCounts(this.sql).done;
      const finished = done >= row.total;
      this.sql.exec(
        finished ? "UPDATE batch SET status = 'completed', updated_at = ?, completed_at = ?" : 'UPDATE batch SET updated_at = ?',
        ...(finished ? [now, now] : [now]),
      );
      if (finished) queueCompletionEvent(this.sql, 'batch.completed', { batch: this.#record() }, now);
      return { recorded: true, completed: finished };
    });
    if (completed) await this.releaseOnceEmitted(row.id);
    return recorded;
  }

  /** The item's message ran out of delivery retries: it is recorded as failed (`delivery_failed`). */
  async deadLetter(index: number, sourceCommit: string | null): Promise<boolean> {
    const row = this.#row();
    const url = row ? unitUrl(this.sql, index) : null;
    if (!row || url === null) return false;
    const options = JSON.parse(row.options) as CaptureOptions;
    const entry = { index, ...undeliveredResult(url, options, sourceCommit) };
    // Small by construction, so it never needs the bucket; the bucket is passed for the general signature.
    const stored = await storeResult(this.env.FILES, deadLetterResultKey(row.id, index), 'failed', entry);
    return this.record(index, stored);
  }

  /** The scheduled sweep: finish an interrupted acceptance, send again units whose message or lease was lost. */
  async sweep(req: SweepRequest): Promise<SweepOutcome> {
    const row = this.#row();
    if (!row) return 'unknown';
    if (row.status === 'completed') {
      await this.releaseOnceEmitted(row.id);
      return 'finished';
    }
    const lapsed = lapsedUnits(this.sql, req.now, req.staleMs, req.lostBefore);
    if (lapsed.length > 0) {
      markQueued(this.sql, lapsed, req.now);
      await sendMessages(this.env.WORK, itemMessages(row.id, lapsed));
    }
    await this.#sendPending();
    return 'active';
  }

  async #sendPending(): Promise<void> {
    const row = this.#row();
    if (!row) return;
    for (let idxs = pendingUnits(this.sql, SEND_CHUNK); idxs.length > 0; idxs = pendingUnits(this.sql, SEND_CHUNK)) {
      // Marked before sending: a crash in between leaves them queued, and the sweep sends them again.
      markQueued(this.sql, idxs, Date.now());
      await sendMessages(this.env.WORK, itemMessages(row.id, idxs));
    }
    this.sql.exec("UPDATE batch SET status = 'running', updated_at = ? WHERE status = 'accepting'", Date.now());
  }

  #row(): BatchRow | null {
    if (!this.ready) return null;
    return this.sql.exec<BatchRow>('SELECT * FROM batch').toArray()[0] ?? null;
  }

  #record(): BatchRecord | null {
    const row = this.#row();
    if (!row) return null;
    const { done, byStatus } = resultCounts(this.sql);
    return {
      id: row.id,
      object: 'batch',
      status: row.status,
      createdAt: iso(row.created_at) as string,
      updatedAt: iso(row.updated_at) as string,
      completedAt: iso(row.completed_at),
      total: row.total,
      done,
      counts: byStatus,
      options: echoOptions(JSON.parse(row.options) as CaptureOptions),
    };
  }
}
