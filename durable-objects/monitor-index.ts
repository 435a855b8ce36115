// The one list of monitors (decision D266): creation order for GET /v1/monitors, and the cron's safety sweep.
import { DurableObject } from 'cloudflare:workers';
import { applyMigrations } from '../migrations/apply.ts';
import { MONITOR_INDEX_MIGRATIONS } from '../migrations/monitor-index.ts';

export class MonitorIndex extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    applyMigrations(ctx.storage, MONITOR_INDEX_MIGRATIONS);
  }

  add(id: string, now: number): void {
    this.ctx.storage.sql.exec('INSERT OR IGNORE INTO monitors (id, created_at) VALUES (?, ?)', id, now);
  }

  remove(id: string): void {
    this.ctx.storage.sql.exec('DELETE FROM monitors WHERE id = ?', id);
  }

  list(afterSeq: number, limit: number): { entries: Array<{ seq: number; id: string }>; hasMore: boolean } {
    const rows = this.ctx.storage.sql
      .exec<{ seq: number; id: string }>('SELECT seq, id FROM monitors WHERE seq > ? ORDER BY seq LIMIT ?', afterSeq, limit + 1)
      .toArray();
    return { entries: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  all(): string[] {
    return this.ctx.storage.sql.exec<{ id: string }>('SELECT id FROM monitors ORDER BY seq').toArray().map((r) => r.id);
  }
}
