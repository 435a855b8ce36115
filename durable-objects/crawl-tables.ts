// SQLite of one crawl: the crawl row (record fields, host gate) beside the shared units/log tables (migrations/crawl.ts).
// Crawl units are unique by normalised URL, so the frontier never holds a page twice (decision D50).
//
// The page budget (decision D225): `maxPages` caps pages fetched. A page robots.txt refused is recorded as `blocked`
// and gives its share of the budget back; such entries have their own bound, MAX_CRAWL_BLOCKED. The frontier
// therefore holds up to maxPages + MAX_CRAWL_BLOCKED units; units the budget never reached are `dropped` at the end.
import { admissibleLinks, scopeFor } from '../src/tasks/frontier.ts';
import type { HostGate } from '../src/tasks/politeness.ts';
import type { CrawlStatus } from '../src/tasks/records.ts';
import { MAX_CRAWL_BLOCKED } from '../src/tasks/settings.ts';
import { stateCounts, type UnitState } from './units.ts';

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

export function crawlRow(sql: SqlStorage): CrawlRow | null {
  return sql.exec<CrawlRow>('SELECT * FROM crawl').toArray()[0] ?? null;
}

export function hostGate(sql: SqlStorage, row: CrawlRow): HostGate {
  const s = stateCounts(sql);
  return { crawlDelayMs: row.crawl_delay_ms, inflight: s.queued + s.leased, nextAt: row.next_at };
}

/** Where the crawl stands against its budget. */
export interface Budget {
  states: Record<UnitState, number>;
  inflight: number;
  /** Pages that may still be sent: maxPages minus pages fetched and pages in flight (in flight may yet be blocked). */
  remaining: number;
  /** Blocked entries recorded so far. */
  blocked: number;
}

export function budgetOf(sql: SqlStorage, row: CrawlRow): Budget {
  const states = stateCounts(sql);
  const inflight = states.queued + states.leased;
  const done = sql
    .exec<{ fetched: number; blocked: number }>(
      "SELECT COALESCE(SUM(COALESCE(fetched, 1)), 0) AS fetched, COALESCE(SUM(fetched = 0), 0) AS blocked FROM units WHERE state = 'done'",
    )
    .one();
  return { states, inflight, remaining: Math.max(0, row.max_pages - done.fetched - inflight), blocked: done.blocked };
}

/** Admits the in-scope links of a page as pending units, in page order, while the frontier is below its bound. */
export function admitLinks(sql: SqlStorage, row: CrawlRow, links: readonly string[]): number {
  const bound = row.max_pages + MAX_CRAWL_BLOCKED;
  let total = sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM units').one().n;
  if (total >= bound || links.length === 0) return 0;
  const scope = scopeFor(row.url, JSON.parse(row.include_paths) as string[]);
  let added = 0;
  for (const url of admissibleLinks(links, scope)) {
    if (total >= bound) break;
    if (sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM units WHERE url = ?', url).one().n > 0) continue;
    sql.exec("INSERT INTO units (idx, url, state) VALUES (?, ?, 'pending')", total, url);
    total++;
    added++;
  }
  return added;
}

/** Pending units beyond the first `keep` (in frontier order) will never be sent: they are dropped. */
export function dropSurplus(sql: SqlStorage, keep: number): void {
  sql.exec(
    "UPDATE units SET state = 'dropped' WHERE state = 'pending' AND idx NOT IN (SELECT idx FROM units WHERE state = 'pending' ORDER BY idx LIMIT ?)",
    Math.max(0, keep),
  );
}

/** Units of a cancelled crawl that will never be captured (those the budget would have reached). */
export function cancelOpenUnits(sql: SqlStorage, row: CrawlRow): void {
  dropSurplus(sql, budgetOf(sql, row).remaining);
  sql.exec("UPDATE units SET state = 'cancelled', lease_until = NULL, lease_token = NULL WHERE state IN ('pending', 'queued', 'leased')");
}

/** Units of an interrupted crawl wait as pending until it is resumed. */
export function parkUnits(sql: SqlStorage, idxs: readonly number[]): void {
  for (const idx of idxs) {
    sql.exec("UPDATE units SET state = 'pending', due_at = NULL, lease_until = NULL, lease_token = NULL WHERE idx = ? AND state != 'done'", idx);
  }
}

/** Marks whether a recorded page was fetched (it used the budget) or refused by robots.txt (it did not). */
export function markFetched(sql: SqlStorage, idx: number, fetched: boolean): void {
  sql.exec('UPDATE units SET fetched = ? WHERE idx = ?', fetched ? 1 : 0, idx);
}
