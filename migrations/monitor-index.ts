// Table of the one monitor index (durable-objects/monitor-index.ts): every monitor's id in creation order.
import type { Migration } from './apply.ts';

export const MONITOR_INDEX_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: 'CREATE TABLE IF NOT EXISTS monitors (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL);',
  },
];
