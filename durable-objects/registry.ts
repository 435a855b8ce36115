// The task registry: one Durable Object instance (name "tasks") listing the batches and crawls that are not finished.
// It enforces the active-batch limit and the "another batch is still being accepted" rule (spec "Endpoints" notes,
// decision D48), and gives the scheduled sweep its list of tasks to look after (D53).
import { DurableObject } from 'cloudflare:workers';
import type { ServiceEnv } from '../src/config/bindings.ts';
import type { TaskKind } from '../src/tasks/ids.ts';
import { ACCEPT_LEASE_MS, MAX_ACTIVE_BATCHES } from '../src/tasks/settings.ts';

export type Admission = { ok: true } | { ok: false; message: string };

export interface RegistryEntry {
  id: string;
  kind: TaskKind;
  accepting: boolean;
  since: number;
}

export class TaskRegistry extends DurableObject<ServiceEnv> {
  readonly #sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: ServiceEnv) {
    super(ctx, env);
    this.#sql = ctx.storage.sql;
    this.#sql.exec(`CREATE TABLE IF NOT EXISTS tasks (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      accepting INTEGER NOT NULL,
      since INTEGER NOT NULL
    )`);
  }

  /**
   * Admits a new batch in `accepting`, or says why not. Refused while another batch is being accepted (its entry is
   * younger than ACCEPT_LEASE_MS) or when MAX_ACTIVE_BATCHES batches are accepting or running.
   */
  admitBatch(id: string, now: number): Admission {
    const rows = this.#sql
      .exec<{ accepting: number; since: number }>("SELECT accepting, since FROM tasks WHERE kind = 'batch'")
      .toArray();
    if (rows.some((r) => r.accepting === 1 && r.since > now - ACCEPT_LEASE_MS)) {
      return { ok: false, message: 'another batch is still being accepted; retry shortly' };
    }
    if (rows.length >= MAX_ACTIVE_BATCHES) {
      return { ok: false, message: `the active-batch limit of ${MAX_ACTIVE_BATCHES} is reached; retry when a batch has completed` };
    }
    this.#sql.exec("INSERT OR IGNORE INTO tasks (id, kind, accepting, since) VALUES (?, 'batch', 1, ?)", id, now);
    return { ok: true };
  }

  /** The batch's URLs are all queued: it no longer blocks acceptance of the next one (it still counts as active). */
  accepted(id: string): void {
    this.#sql.exec('UPDATE tasks SET accepting = 0 WHERE id = ?', id);
  }

  registerCrawl(id: string, now: number): void {
    this.#sql.exec("INSERT OR IGNORE INTO tasks (id, kind, accepting, since) VALUES (?, 'crawl', 0, ?)", id, now);
  }

  /** The task reached a final state. */
  release(id: string): void {
    this.#sql.exec('DELETE FROM tasks WHERE id = ?', id);
  }

  list(): RegistryEntry[] {
    return this.#sql
      .exec<{ id: string; kind: string; accepting: number; since: number }>('SELECT id, kind, accepting, since FROM tasks ORDER BY since')
      .toArray()
      .map((r) => ({ id: r.id, kind: r.kind === 'crawl' ? 'crawl' : 'batch', accepting: r.accepting === 1, since: r.since }));
  }
}
