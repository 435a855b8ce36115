// Tables of one monitor object (durable-objects/monitor.ts), versioned; applied when the object starts.
import type { Migration } from './apply.ts';

export const MONITOR_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `CREATE TABLE IF NOT EXISTS monitor (
      id TEXT PRIMARY KEY, url TEXT NOT NULL, interval_minutes INTEGER NOT NULL, options TEXT NOT NULL,
      destinations TEXT NOT NULL, status TEXT NOT NULL, revision INTEGER NOT NULL, deleted INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, next_run_at INTEGER
    );
    CREATE TABLE IF NOT EXISTS runs (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, trigger TEXT NOT NULL, status TEXT NOT NULL,
      queued_at INTEGER NOT NULL, sent_at INTEGER NOT NULL, started_at INTEGER, completed_at INTEGER,
      lease_token TEXT, lease_at INTEGER, lease_until INTEGER, attempt INTEGER NOT NULL DEFAULT 0,
      body TEXT, r2_key TEXT, markdown_sha TEXT, json_sha TEXT, json TEXT, change TEXT, events TEXT
    );`,
  },
  {
    // Runs are kept, about 1,440 a day at the shortest interval: the per-tick look-ups (the run in progress, the last
    // completed run before one, runs with events still to hand over) use indexes instead of scanning every run.
    version: 2,
    sql: `CREATE INDEX IF NOT EXISTS runs_by_status ON runs (status, seq);
    CREATE INDEX IF NOT EXISTS runs_with_events ON runs (seq) WHERE events IS NOT NULL;`,
  },
];
