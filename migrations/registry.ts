// Tables of the task registry (durable-objects/registry.ts), versioned; applied when the object starts.
import type { Migration } from './apply.ts';

export const REGISTRY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `CREATE TABLE IF NOT EXISTS tasks (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      accepting INTEGER NOT NULL,
      since INTEGER NOT NULL
    );`,
  },
];
