// The task registry: one Durable Object instance (name "tasks") listing the batches and crawls that are not finished.
// It enforces the active-batch limit and the "another batch is still being accepted" rule (spec "Endpoints" notes,
// decision D48), and gives the scheduled sweep its list of tasks to look after (D53). Kinds are stored as written;
// the sweep looks each up in TASK_KINDS (workers/task-kinds.ts) and leaves an unknown one alone (D221).
import { DurableObject } from 'cloudflare:workers';
import { applyMigrations } from '../migrations/apply.ts';
import { REGISTRY_MIGRATIONS } from '../migrations/registry.ts';
import type { TaskKind } from '../src/tasks/ids.ts';
import { ACCEPT_LEASE_MS, MAX_ACTIVE_BATCHES } from '../src/tasks/settings.ts';
import type { Admission } from '../src/tasks/store.ts';

export interface RegistryEntry {
  id: string;
  /** As stored; not necessarily a kind this version knows. */
  kind: string;
  accepting: boolean;
  since: number;
}

export class TaskRegistry extends DurableObject<Env> {
  readonly #sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.#sql = ctx.storage.sql;
    applyMigrations(ctx.storage, REGISTRY_MIGRATIONS);
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

  /** A task of a kind without admission rules (a crawl), listed for the sweep from its creation on. */
  register(id: string, kind: TaskKind, now: number): void {
    this.#sql.exec('INSERT OR IGNORE INTO tasks (id, kind, accepting, since) VALUES (?, ?, 0, ?)', id, kind, now);
  }

  /** The task reached a final state, or its creation failed. */
  release(id: string): void {
    this.#sql.exec('DELETE FROM tasks WHERE id = ?', id);
  }

  list(): RegistryEntry[] {
    return this.#sql
      .exec<{ id: string; kind: string; accepting: number; since: number }>('SELECT id, kind, accepting, since FROM tasks ORDER BY since')
      .toArray()
      .map((r) => ({ id: r.id, kind: r.kind, accepting: r.accepting === 1, since: r.since }));
  }
}
