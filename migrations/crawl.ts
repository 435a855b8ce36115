// Tables of one crawl object (durable-objects/crawl.ts), versioned; applied when the object starts.
import type { Migration } from './apply.ts';
import { UNITS_V1, UNITS_V2 } from './units.ts';
import { TASK_HOOKS_SQL } from './deliveries.ts';

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
];
