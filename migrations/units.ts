// The `units` and `log` tables shared by the batch and crawl objects (durable-objects/units.ts explains the states).
// Each object's own migration list includes these statements at the same versions.

/** Version 1: units with their delivery state, and the append-only log of finished results (decision D10). */
export const UNITS_V1 = `
CREATE TABLE IF NOT EXISTS units (
  idx INTEGER PRIMARY KEY,
  url TEXT NOT NULL,
  state TEXT NOT NULL,
  due_at INTEGER,
  lease_until INTEGER,
  lease_token TEXT,
  attempts INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS units_state ON units(state, idx);
CREATE TABLE IF NOT EXISTS log (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  idx INTEGER NOT NULL UNIQUE,
  status TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  body TEXT,
  r2_key TEXT
);`;

/**
 * Version 2: when a unit's message was last sent or claimed (`sent_at`), so the sweep that runs when the local
 * service starts knows which messages died with the previous process (decision D223).
 */
export const UNITS_V2 = 'ALTER TABLE units ADD COLUMN sent_at INTEGER;';

/**
 * Results per status (batch version 4, crawl version 6; decision D289): kept by triggers on the log (which the
 * service only appends to), filled from the log as it stands. Counting the log itself read every result's row,
 * bodies of up to a megabyte included, on every status read.
 */
export const LOG_COUNTS_SQL = `
CREATE TABLE IF NOT EXISTS log_counts (status TEXT PRIMARY KEY, n INTEGER NOT NULL);
DELETE FROM log_counts;
INSERT INTO log_counts (status, n) SELECT status, COUNT(*) FROM log GROUP BY status;
CREATE TRIGGER IF NOT EXISTS log_counted AFTER INSERT ON log BEGIN
  INSERT INTO log_counts (status, n) VALUES (new.status, 1) ON CONFLICT (status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER IF NOT EXISTS log_uncounted AFTER DELETE ON log BEGIN
  UPDATE log_counts SET n = n - 1 WHERE status = old.status;
END;`;
