// Tables of one batch object (durable-objects/batch.ts), versioned; applied when the object starts.
import type { Migration } from './apply.ts';
import { LOG_COUNTS_SQL, UNITS_V1, UNITS_V2 } from './units.ts';
import { TASK_HOOKS_SQL } from './deliveries.ts';

export const BATCH_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `CREATE TABLE IF NOT EXISTS batch (
      id TEXT PRIMARY KEY, status TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
      completed_at INTEGER, total INTEGER NOT NULL, options TEXT NOT NULL
    );${UNITS_V1}`,
  },
  { version: 2, sql: UNITS_V2 },
  // Destinations of the batch.completed event (issue 14).
  { version: 3, sql: TASK_HOOKS_SQL },
  { version: 4, sql: LOG_COUNTS_SQL },
];
