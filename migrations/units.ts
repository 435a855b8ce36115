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
