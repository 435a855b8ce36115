// What the batch and crawl objects share: their SQLite storage brought to the newest schema when the object starts
// (migrations/), tables created only by `create` (so looking up an unknown id leaves no empty object behind), and
// leaving the registry once the task is final.
import { DurableObject } from 'cloudflare:workers';
import { applyMigrations, tableExists, type Migration } from '../migrations/apply.ts';
import { loadConfig, type Config } from '../src/config/config.ts';
import type { ServiceEnv } from '../src/config/bindings.ts';
import { emitCompletionEvent } from './deliver-events.ts';
import { registryStub } from './stubs.ts';

export interface TaskSchema {
  /** The table holding the task's one row; its presence means the task exists. */
  table: string;
  migrations: readonly Migration[];
}

export abstract class TaskObject extends DurableObject<Env> {
  protected readonly sql: SqlStorage;
  readonly #schema: TaskSchema;
  #ready: boolean;
  #config: Promise<Config> | null = null;

  constructor(ctx: DurableObjectState, env: Env, schema: TaskSchema) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.#schema = schema;
    this.#ready = tableExists(this.sql, schema.table);
    // Synchronous SQL in the constructor runs before the object serves any call.
    if (this.#ready) applyMigrations(ctx.storage, schema.migrations);
  }

  protected get ready(): boolean {
    return this.#ready;
  }

  /** Creates (or upgrades) the tables; only `create` calls it. */
  protected ensureTables(): void {
    if (this.#ready) return;
    applyMigrations(this.ctx.storage, this.#schema.migrations);
    this.#ready = true;
  }

  /** The service settings (the same variables the Worker reads), for lease lengths (D222). */
  protected config(): Promise<Config> {
    const env: ServiceEnv = this.env;
    this.#config ??= loadConfig(env);
    return this.#config;
  }

  /** A final task leaves the registry once its completion event reached the ledger (until then the sweep asks again). */
  protected async releaseOnceEmitted(id: string): Promise<void> {
    if (await emitCompletionEvent(this.sql, this.env)) await this.releaseFromRegistry(id);
  }

  protected async releaseFromRegistry(id: string): Promise<void> {
    try {
      await registryStub(this.env).release(id);
    } catch (err) {
      // The sweep asks again: a final task answers `finished` and is released then.
      console.error(`${id}: registry release failed:`, err);
    }
  }
}
