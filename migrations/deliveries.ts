// Tables of the one delivery ledger (durable-objects/deliveries.ts): destinations, events and their deliveries.
import type { Migration } from './apply.ts';

export const DELIVERY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `CREATE TABLE IF NOT EXISTS destinations (
      id TEXT PRIMARY KEY, url TEXT NOT NULL, events TEXT NOT NULL, description TEXT, secret TEXT NOT NULL,
      created_at INTEGER NOT NULL, deleted INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE IF NOT EXISTS events (id TEXT PRIMARY KEY, type TEXT NOT NULL, body TEXT NOT NULL, created_at INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS deliveries (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, event_id TEXT NOT NULL, destination TEXT NOT NULL,
      status TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, delivered_at INTEGER,
      next_at INTEGER, sent_at INTEGER, lease_token TEXT, lease_until INTEGER, attempts TEXT NOT NULL DEFAULT '[]', round_start INTEGER NOT NULL DEFAULT 0,
      UNIQUE (event_id, destination)
    );
    CREATE INDEX IF NOT EXISTS deliveries_status ON deliveries (status, next_at);`,
  },
];

/** The one-row table of a batch or crawl that names the destinations of its completion event (deliver-events.ts). */
export const TASK_HOOKS_SQL = `CREATE TABLE IF NOT EXISTS task_hooks (
  k INTEGER PRIMARY KEY CHECK (k = 1), destinations TEXT NOT NULL, event TEXT, emitted INTEGER NOT NULL DEFAULT 0
);`;
