/// <reference types="@cloudflare/vitest-plugin/types" />
// The crawl object's frontier statements on real DO SQLite storage: link admission (unique by URL, page order,
// contiguous idx, the frontier bound — D50, D225), the budget counts and the leases handed to a consumer (D280).
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { BUDGET_SQL, admitLinks, budgetOf, markDone, type CrawlRow } from '../../durable-objects/crawl-tables.ts';
import { crawlStub } from '../../durable-objects/stubs.ts';
import { claimUnit, leasePending } from '../../durable-objects/units.ts';
import { applyMigrations } from '../../migrations/apply.ts';
import { CRAWL_MIGRATIONS } from '../../migrations/crawl.ts';
import { newTaskId } from '../../src/tasks/ids.ts';
import { env } from './helpers.ts';

/** Runs `fn` on the SQLite storage of a fresh crawl object that no crawl ever used (so no messages are sent). */
async function withSql(fn: (sql: SqlStorage) => void): Promise<void> {
  await runInDurableObject(crawlStub(env, newTaskId('crawl')), (_instance, state) => {
    applyMigrations(state.storage, CRAWL_MIGRATIONS);
    fn(state.storage.sql);
  });
}

const units = (sql: SqlStorage) => sql.exec<{ idx: number; url: string; state: string }>('SELECT idx, url, state FROM units ORDER BY idx').toArray();
const page = (n: string) => `http://s.test/${n}`;

describe('link admission', () => {
  it('adds new links in page order, numbered on from the frontier, skipping known ones, up to the bound', async () => {
    await withSql((sql) => {
      sql.exec("INSERT INTO units (idx, url, state) VALUES (0, ?, 'leased')", page(''));
      admitLinks(sql, 6, [page('b'), page(''), page('a'), page('c')]);
      expect(units(sql)).toEqual([
        { idx: 0, url: page(''), state: 'leased' },
        { idx: 1, url: page('b'), state: 'pending' },
        { idx: 2, url: page('a'), state: 'pending' },
        { idx: 3, url: page('c'), state: 'pending' },
      ]);
      // Two places left: the first two new links in page order.
      admitLinks(sql, 6, [page('a'), page('e'), page('c'), page('d'), page('f')]);
      expect(units(sql).slice(4)).toEqual([
        { idx: 4, url: page('e'), state: 'pending' },
        { idx: 5, url: page('d'), state: 'pending' },
      ]);
      admitLinks(sql, 6, [page('g')]);
      admitLinks(sql, 100, []);
      expect(units(sql)).toHaveLength(6);
    });
  });
});

describe('budget', () => {
  it('counts states, pages in flight and the budget left; blocked pages give their share back', async () => {
    await withSql((sql) => {
      const rows: Array<[string, number | null]> = [
        ['pending', null],
        ['pending', null],
        ['queued', null],
        ['leased', null],
        ['done', 1],
        ['done', 0],
        ['done', 0],
        ['done', null],
        ['dropped', null],
      ];
      rows.forEach(([state, fetched], i) => sql.exec('INSERT INTO units (idx, url, state, fetched) VALUES (?, ?, ?, ?)', i, page(String(i)), state, fetched));
      const row = { max_pages: 5 } as CrawlRow;
      expect(budgetOf(sql, row)).toEqual({
        states: { pending: 2, queued: 1, leased: 1, done: 4, cancelled: 0, dropped: 1 },
        inflight: 2,
        // 5 - 2 fetched (one marked, one from before the column) - 2 in flight.
        remaining: 1,
        blocked: 2,
      });
      expect(budgetOf(sql, { max_pages: 2 } as CrawlRow).remaining).toBe(0);
    });
  });

  it('reads an empty frontier and done units without a fetched mark', async () => {
    await withSql((sql) => {
      expect(budgetOf(sql, { max_pages: 3 } as CrawlRow)).toMatchObject({ inflight: 0, remaining: 3, blocked: 0 });
      sql.exec("INSERT INTO units (idx, url, state) VALUES (0, ?, 'done')", page(''));
      expect(budgetOf(sql, { max_pages: 3 } as CrawlRow)).toMatchObject({ remaining: 2, blocked: 0 });
      markDone(sql, 0, false);
      expect(budgetOf(sql, { max_pages: 3 } as CrawlRow)).toMatchObject({ remaining: 3, blocked: 1 });
    });
  });
});

describe('pages handed to a consumer', () => {
  it('leases the first pending pages in frontier order, as a claim would, each under its own token', async () => {
    await withSql((sql) => {
      for (const [i, state] of ['queued', 'pending', 'pending', 'pending'].entries()) {
        sql.exec('INSERT INTO units (idx, url, state) VALUES (?, ?, ?)', i, page(String(i)), state);
      }
      expect(leasePending(sql, 2, 1000, 500, 'msg')).toEqual([
        { index: 1, url: page('1'), attempt: 1, token: 'msg/1' },
        { index: 2, url: page('2'), attempt: 1, token: 'msg/2' },
      ]);
      expect(leasePending(sql, 0, 1000, 500, 'msg')).toEqual([]);
      const leased = sql.exec('SELECT state, lease_until, lease_token, sent_at FROM units WHERE idx = 1').one();
      expect(leased).toEqual({ state: 'leased', lease_until: 1500, lease_token: 'msg/1', sent_at: 1000 });
      // The lease is the one a claim takes: another token waits, the same token may claim it again.
      expect(claimUnit(sql, 1, 1200, 500, 'other')).toEqual({ kind: 'busy' });
      expect(claimUnit(sql, 1, 1200, 500, 'msg/1')).toMatchObject({ kind: 'capture', attempt: 2 });
      expect(leasePending(sql, 5, 2000, 500, 'm2')).toEqual([{ index: 3, url: page('3'), attempt: 1, token: 'm2/3' }]);
    });
  });
});

describe('budget count', () => {
  it('is kept by triggers through inserts, state and fetched changes and deletes, as a count of the units would give', async () => {
    await withSql((sql) => {
      const count = () =>
        sql
          .exec('SELECT state, COUNT(*) AS n, SUM(COALESCE(fetched, 1)) AS used, SUM(fetched IS 0) AS refused FROM units GROUP BY state ORDER BY state')
          .toArray();
      const kept = () => sql.exec('SELECT state, n, used, refused FROM unit_counts WHERE n > 0 ORDER BY state').toArray();
      sql.exec("INSERT INTO units (idx, url, state) VALUES (0, ?, 'pending')", page(''));
      admitLinks(sql, 10, [page('a'), page('b'), page('c')]);
      expect(leasePending(sql, 2, 1000, 500, 'm')).toHaveLength(2);
      markDone(sql, 0, true);
      markDone(sql, 1, false);
      sql.exec("UPDATE units SET attempts = 5, lease_token = 'x' WHERE idx = 2");
      sql.exec('DELETE FROM units WHERE idx = 3');
      expect(kept()).toEqual(count());
      expect(kept()).toEqual([
        { state: 'done', n: 2, used: 1, refused: 1 },
        { state: 'pending', n: 1, used: 1, refused: 0 },
      ]);
      expect(sql.exec<{ detail: string }>(`EXPLAIN QUERY PLAN ${BUDGET_SQL}`).toArray().map((r) => r.detail).join(' | ')).not.toContain('units');
    });
  });

  it('starts from the units a crawl already had when migration 5 runs', async () => {
    await runInDurableObject(crawlStub(env, newTaskId('crawl')), (_instance, state) => {
      applyMigrations(state.storage, CRAWL_MIGRATIONS.filter((m) => m.version < 5));
      const sql = state.storage.sql;
      sql.exec("INSERT INTO units (idx, url, state, fetched) VALUES (0, 'a', 'done', 1), (1, 'b', 'done', 0), (2, 'c', 'done', NULL), (3, 'd', 'pending', NULL)");
      applyMigrations(state.storage, CRAWL_MIGRATIONS);
      expect(budgetOf(sql, { max_pages: 10 } as CrawlRow)).toMatchObject({ states: { done: 3, pending: 1 }, remaining: 8, blocked: 1 });
    });
  });
});
