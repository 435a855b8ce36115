// Tables of one crawl object (durable-objects/crawl.ts), versioned; applied when the object starts.
import type { Migration } from './apply.ts';
import { LOG_COUNTS_SQL, UNITS_V1, UNITS_V2 } from './units.ts';
import { TASK_HOOKS_SQL } from './deliveries.ts';

// A unit's share of the sums: 1, the budget it used, 1 when robots.txt refused it.
const used = (u: string) => `COALESCE(${u}.fetched, 1)`;
const refused = (u: string) => `(${u}.fetched IS 0)`;
const add = (u: string) =>
  `INSERT INTO unit_counts (state, n, used, refused) VALUES (${u}.state, 1, ${used(u)}, ${refused(u)})
      ON CONFLICT (state) DO UPDATE SET n = n + 1, used = used + excluded.used, refused = refused + excluded.refused;`;
const remove = (u: string) => `UPDATE unit_counts SET n = n - 1, used = used - ${used(u)}, refused = refused - ${refused(u)} WHERE state = ${u}.state;`;

const UNIT_COUNTS_SQL = `CREATE TABLE IF NOT EXISTS unit_counts (state TEXT PRIMARY KEY, n INTEGER NOT NULL, used INTEGER NOT NULL, refused INTEGER NOT NULL);
    DELETE FROM unit_counts;
    INSERT INTO unit_counts (state, n, used, refused) SELECT state, COUNT(*), SUM(COALESCE(fetched, 1)), SUM(fetched IS 0) FROM units GROUP BY state;
    CREATE TRIGGER IF NOT EXISTS units_counted_insert AFTER INSERT ON units BEGIN ${add('new')} END;
    CREATE TRIGGER IF NOT EXISTS units_counted_update AFTER UPDATE OF state, fetched ON units
      WHEN old.state IS NOT new.state OR old.fetched IS NOT new.fetched BEGIN ${remove('old')} ${add('new')} END;
    CREATE TRIGGER IF NOT EXISTS units_counted_delete AFTER DELETE ON units BEGIN ${remove('old')} END;`;

export const CRAWL_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sql: `CREATE TABLE IF NOT EXISTS crawl (
      id TEXT PRIMARY KEY, status TEXT NOT NULL, url TEXT NOT NULL, max_pages INTEGER NOT NULL,
      include_paths TEXT NOT NULL, options TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
      completed_at INTEGER, crawl_delay_ms INTEGER, next_at INTEGER NOT NULL
    );${UNITS_V1}
    CREATE UNIQUE INDEX IF NOT EXISTS units_url ON units(url);`,
  },
  {
    version: 2,
    // `fetched`: the page's capture sent a request to the host (1) or robots.txt refused it (0); only fetched pages
    // use the maxPages budget (decision D225). NULL = not finished, or finished before this column existed.
    sql: `${UNITS_V2}
    ALTER TABLE units ADD COLUMN fetched INTEGER;`,
  },
  // Destinations of the crawl.completed event (issue 14).
  { version: 3, sql: TASK_HOOKS_SQL },
  {
    version: 4,
    // The budget is counted on every recorded page (states, and fetched/refused among the done units): with `fetched`
    // in the index the count reads the index alone instead of every done unit's row (issue 17).
    sql: 'CREATE INDEX IF NOT EXISTS units_state_fetched ON units(state, fetched);',
  },
  {
    version: 5,
    // The budget as running sums instead of a count (D288): `unit_counts` holds, per unit state, the units, the
    // budget they used (COALESCE(fetched, 1)) and those robots.txt refused (fetched = 0), kept by triggers on every
    // insert, state or fetched change and delete of a unit. Reading it is six rows however large the frontier; the
    // count of migration 4 read every unit's index entry for every recorded page. Filled from the units as they stand.
    sql: `${UNIT_COUNTS_SQL}
    DROP INDEX IF EXISTS units_state_fetched;`,
  },
  { version: 6, sql: LOG_COUNTS_SQL },
];
