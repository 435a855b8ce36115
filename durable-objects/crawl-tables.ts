// SQLite of one crawl: the crawl row (record fields, host gate) beside the shared units/log tables. Crawl units are
// unique by normalised URL, so the frontier never holds a page twice (decision D50).
import { admissibleLinks, scopeFor } from '../src/tasks/frontier.ts';
import type { HostGate } from '../src/tasks/politeness.ts';
import type { CrawlStatus } from '../src/tasks/records.ts';
import { createUnitTables, stateCounts } from './units.ts';

export type CrawlRow = {
  id: string;
  status: CrawlStatus;
  url: string;
  max_pages: number;
  include_paths: string;
  options: string;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
  crawl_delay_ms: number | null;
  next_at: number;
};

export function createCrawlTables(sql: SqlStorage): void {
  sql.exec(`CREATE TABLE IF NOT EXISTS crawl (
    id TEXT PRIMARY KEY, status TEXT NOT NULL, url TEXT NOT NULL, max_pages INTEGER NOT NULL,
    include_paths TEXT NOT NULL, options TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
    completed_at INTEGER, crawl_delay_ms INTEGER, next_at INTEGER NOT NULL
  )`);
  createUnitTables(sql);
  sql.exec('CREATE UNIQUE INDEX IF NOT EXISTS units_url ON units(url)');
}

export function crawlRow(sql: SqlStorage): CrawlRow | null {
  return sql.exec<CrawlRow>('SELECT * FROM crawl').toArray()[0] ?? null;
}

export function hostGate(sql: SqlStorage, row: CrawlRow): HostGate {
  const s = stateCounts(sql);
  return { crawlDelayMs: row.crawl_delay_ms, inflight: s.queued + s.leased, nextAt: row.next_at };
}

/** Admits the in-scope links of a page as pending units, in page order, until the crawl holds maxPages units. */
export function admitLinks(sql: SqlStorage, row: CrawlRow, links: readonly string[]): number {
  let total = sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM units').one().n;
  if (total >= row.max_pages || links.length === 0) return 0;
  const scope = scopeFor(row.url, JSON.parse(row.include_paths) as string[]);
  let added = 0;
  for (const url of admissibleLinks(links, scope)) {
    if (total >= row.max_pages) break;
    if (sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM units WHERE url = ?', url).one().n > 0) continue;
    sql.exec("INSERT INTO units (idx, url, state) VALUES (?, ?, 'pending')", total, url);
    total++;
    added++;
  }
  return added;
}

/** Units of a cancelled crawl that will never be captured. */
export function cancelOpenUnits(sql: SqlStorage): void {
  sql.exec("UPDATE units SET state = 'cancelled', lease_until = NULL, lease_token = NULL WHERE state IN ('pending', 'queued', 'leased')");
}

/** Units of an interrupted crawl wait as pending until it is resumed. */
export function parkUnits(sql: SqlStorage, idxs: readonly number[]): void {
  for (const idx of idxs) {
    sql.exec("UPDATE units SET state = 'pending', due_at = NULL, lease_until = NULL, lease_token = NULL WHERE idx = ? AND state != 'done'", idx);
  }
}
