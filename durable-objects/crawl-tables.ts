// SQLite of one crawl: the crawl row (record fields, host gate) beside the shared units/log tables (migrations/crawl.ts).
// Crawl units are unique by normalised URL, so the frontier never holds a page twice (decision D50).
//
// The page budget (decision D225): `maxPages` caps pages fetched. A page robots.txt refused is recorded as `blocked`
// and gives its share of the budget back; such entries have their own bound, MAX_CRAWL_BLOCKED. The frontier
// therefore holds up to maxPages + MAX_CRAWL_BLOCKED units; units the budget never reached are `dropped` at the end.
import type { CaptureOptions } from '../src/request/capture-options.ts';
import { scopeFor, type Scope } from '../src/tasks/frontier.ts';
import type { HostGate } from '../src/tasks/politeness.ts';
import type { CrawlStatus } from '../src/tasks/records.ts';
import { MAX_CRAWL_BLOCKED } from '../src/tasks/settings.ts';
import { UNIT_DONE, type UnitState } from './units.ts';

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
  const { states } = budgetOf(sql, row);
  return { crawlDelayMs: row.crawl_delay_ms, inflight: states.queued + states.leased, nextAt: row.next_at };
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

/** The state counts and the done units' fetched/blocked sums, kept by triggers (crawl migration 5, D288). */
export const BUDGET_SQL = 'SELECT state, n, used, refused FROM unit_counts';

export function budgetOf(sql: SqlStorage, row: CrawlRow): Budget {
  // Six rows, whatever the size of the frontier (this runs for every recorded page).
  const states: Record<UnitState, number> = { pending: 0, queued: 0, leased: 0, done: 0, cancelled: 0, dropped: 0 };
  let fetched = 0;
  let blocked = 0;
  const rows = sql.exec<{ state: string; n: number; used: number; refused: number }>(BUDGET_SQL);
  for (const r of rows) {
    if (r.state in states) states[r.state as UnitState] = r.n;
    if (r.state === 'done') [fetched, blocked] = [r.used, r.refused];
  }
  const inflight = states.queued + states.leased;
  return { states, inflight, remaining: Math.max(0, row.max_pages - fetched - inflight), blocked };
}

/** What never changes after `create`: the parsed options and includePaths, the frontier's bound and scope. */
export interface CrawlSettings {
  id: string;
  options: CaptureOptions;
  includePaths: string[];
  /** Units the frontier may hold (D225). */
  bound: number;
  /** Compiled on first use: only pages with links need it. */
  scope: () => Scope;
}

export function crawlSettings(row: CrawlRow): CrawlSettings {
  const includePaths = JSON.parse(row.include_paths) as string[];
  let scope: Scope | null = null;
  return {
    id: row.id,
    options: JSON.parse(row.options) as CaptureOptions,
    includePaths,
    bound: row.max_pages + MAX_CRAWL_BLOCKED,
    scope: () => (scope ??= scopeFor(row.url, includePaths)),
  };
}

/**
 * Admits a page's admissible links (normalised, in scope, de-duplicated: frontier.ts admissibleLinks) as pending
 * units, in page order, while the frontier is below `bound` (D50, D225). One statement: links already in the frontier
 * are skipped and the rest numbered on after the highest idx (units are numbered from 0 and never deleted, so that is
 * the count, read from the primary key's last entry instead of counting every unit). SQLite reads the whole SELECT
 * before inserting (its source reads the target table), so the checks see the frontier as it was before this page.
 */
export function admitLinks(sql: SqlStorage, bound: number, urls: readonly string[]): void {
  if (urls.length === 0) return;
  sql.exec(
    `INSERT INTO units (idx, url, state)
      SELECT idx, url, 'pending' FROM (
        SELECT (SELECT COALESCE(MAX(idx), -1) FROM units) + ROW_NUMBER() OVER (ORDER BY link.key) AS idx, link.value AS url
        FROM json_each(?) AS link WHERE NOT EXISTS (SELECT 1 FROM units WHERE units.url = link.value)
      ) WHERE idx < ? ORDER BY idx`,
    JSON.stringify(urls),
    bound,
  );
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

/**
 * A recorded page's unit is done, and marked fetched (it used the budget) or refused by robots.txt (it did not):
 * what units.ts appendResult does after the log row, with `fetched` in the same statement.
 */
export function markDone(sql: SqlStorage, idx: number, fetched: boolean): void {
  sql.exec(`UPDATE units SET ${UNIT_DONE}, fetched = ? WHERE idx = ?`, fetched ? 1 : 0, idx);
}
