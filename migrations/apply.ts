// Applies an object's SQL migrations in order, once each, recording the version reached in `schema_migrations`.
// Objects created before migrations existed hold the version-1 tables without that table: version 1 is written with
// CREATE ... IF NOT EXISTS, so it applies to them as a no-op and later versions follow as for any other object.
export interface Migration {
  version: number;
  /** One or more SQL statements, run in one transaction with the version bump. */
  sql: string;
}

const VERSION_TABLE = 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)';

export function schemaVersion(sql: SqlStorage): number {
  sql.exec(VERSION_TABLE);
  return sql.exec<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations').one().v ?? 0;
}

/** Brings the object's tables to the newest version; returns the version reached. */
export function applyMigrations(storage: DurableObjectStorage, migrations: readonly Migration[], now: number = Date.now()): number {
  const sql = storage.sql;
  let version = schemaVersion(sql);
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (m.version <= version) continue;
    storage.transactionSync(() => {
      sql.exec(m.sql);
      sql.exec('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)', m.version, now);
    });
    version = m.version;
  }
  return version;
}

export function tableExists(sql: SqlStorage, name: string): boolean {
  return sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?", name).one().n > 0;
}
