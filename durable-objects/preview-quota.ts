// The preview's quota counters: one Durable Object instance (name "quota") for the whole preview host, so that the
// visitor allowance and the site-wide allowance are checked and counted in one step. Every method runs without an
// await (SQLite calls of a Durable Object are synchronous), so concurrent requests are served one after the other:
// no race lets a 4th preview of a visitor or a 101st of the day through.
//
// Rows are keyed by `epoch`: the local launcher passes its start time (SVC_PREVIEW_EPOCH), so a restarted local
// service starts from zero (spec "Limits" rule 3) even though its state directory persists; a deployed Worker has no
// epoch and its counters survive restarts (rule 4). Rows of another day or epoch are dropped on the next start.
import { DurableObject } from 'cloudflare:workers';
import { readQuota, tryStart, type CounterStore, type QuotaLimits, type QuotaView, type StartOutcome } from '../src/preview/quota.ts';

// Table version 1 (the only one so far).
const SCHEMA = `CREATE TABLE IF NOT EXISTS preview_counts (
  epoch TEXT NOT NULL,
  day TEXT NOT NULL,
  key TEXT NOT NULL,
  used INTEGER NOT NULL,
  PRIMARY KEY (epoch, day, key)
)`;

export class PreviewQuota extends DurableObject {
  readonly #sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env as never);
    this.#sql = ctx.storage.sql;
    this.#sql.exec(SCHEMA);
  }

  #store(epoch: string): CounterStore {
    const sql = this.#sql;
    return {
      get: (day, key) =>
        sql.exec<{ used: number }>('SELECT used FROM preview_counts WHERE epoch = ? AND day = ? AND key = ?', epoch, day, key).toArray()[0]?.used ?? 0,
      set: (day, key, value) => {
        sql.exec('INSERT OR REPLACE INTO preview_counts (epoch, day, key, used) VALUES (?, ?, ?, ?)', epoch, day, key, value);
      },
      dropOtherDays: (day) => {
        sql.exec('DELETE FROM preview_counts WHERE epoch <> ? OR day <> ?', epoch, day);
      },
    };
  }

  /** The allowance as it stands; spends nothing. */
  read(epoch: string, visitor: string, now: number, limits: QuotaLimits): QuotaView {
    return readQuota(this.#store(epoch), visitor, now, limits);
  }

  /** The one atomic "try to start": checks both allowances and counts the preview against both. */
  tryStart(epoch: string, visitor: string, now: number, limits: QuotaLimits): StartOutcome {
    return tryStart(this.#store(epoch), visitor, now, limits);
  }
}
