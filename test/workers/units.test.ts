/// <reference types="@cloudflare/vitest-plugin/types" />
// The shared unit/log tables of the task Durable Objects, on real DO SQLite storage: leases, idempotent recording,
// lapsed units and the byte-bounded list page.
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  appendResult,
  claimUnit,
  lapsedUnits,
  listLog,
  markQueued,
  queuePending,
  releaseUnit,
  resultCounts,
} from '../../durable-objects/units.ts';
import { applyMigrations } from '../../migrations/apply.ts';
import { BATCH_MIGRATIONS } from '../../migrations/batch.ts';
import { batchStub } from '../../durable-objects/stubs.ts';
import { newTaskId } from '../../src/tasks/ids.ts';
import type { StoredResult } from '../../src/tasks/result-store.ts';
import { env } from './helpers.ts';

const statesOf = (sql: SqlStorage): Record<string, number> => ({
  pending: 0,
  queued: 0,
  leased: 0,
  done: 0,
  ...Object.fromEntries(sql.exec<{ state: string; n: number }>('SELECT state, COUNT(*) AS n FROM units GROUP BY state').toArray().map((r) => [r.state, r.n])),
});

const stored = (status: StoredResult['status'], body: string): StoredResult => ({ status, body, r2Key: null, bytes: body.length });

/** Runs `fn` on the SQLite storage of a fresh Durable Object that no batch ever used (so no messages are sent). */
async function withSql(fn: (sql: SqlStorage) => void): Promise<void> {
  await runInDurableObject(batchStub(env, newTaskId('batch')), (_instance, state) => {
    applyMigrations(state.storage, BATCH_MIGRATIONS);
    fn(state.storage.sql);
  });
}

describe('unit leases', () => {
  it('gives a unit to one message at a time, to the same message again, and to another once the lease lapsed', async () => {
    await withSql((sql) => {
      sql.exec("INSERT INTO units (idx, url, state) VALUES (0, 'http://a.test/', 'pending')");
      markQueued(sql, [0], 1000);
      expect(claimUnit(sql, 0, 1000, 500, 'm1')).toEqual({ kind: 'capture', url: 'http://a.test/', attempt: 1 });
      expect(claimUnit(sql, 0, 1200, 500, 'm2')).toEqual({ kind: 'busy' });
      expect(claimUnit(sql, 0, 1300, 500, 'm1')).toMatchObject({ kind: 'capture', attempt: 2 });
      expect(claimUnit(sql, 0, 1801, 500, 'm2')).toMatchObject({ kind: 'capture', attempt: 3 });
      expect(claimUnit(sql, 9, 1801, 500, 'm2')).toEqual({ kind: 'missing' });
    });
  });

  it('gives a lease back only to its holder', async () => {
    await withSql((sql) => {
      sql.exec("INSERT INTO units (idx, url, state) VALUES (0, 'http://a.test/', 'pending')");
      claimUnit(sql, 0, 1000, 10_000, 'm1');
      releaseUnit(sql, 0, 'm2', 1100);
      expect(claimUnit(sql, 0, 1200, 10_000, 'm3')).toEqual({ kind: 'busy' });
      releaseUnit(sql, 0, 'm1', 1300);
      expect(statesOf(sql)).toMatchObject({ queued: 1, leased: 0 });
      expect(claimUnit(sql, 0, 1400, 10_000, 'm3')).toMatchObject({ kind: 'capture' });
    });
  });

  it('records a unit once and then refuses it to every claim', async () => {
    await withSql((sql) => {
      sql.exec("INSERT INTO units (idx, url, state) VALUES (0, 'http://a.test/', 'pending'), (1, 'http://b.test/', 'pending')");
      claimUnit(sql, 0, 1000, 500, 'm1');
      expect(appendResult(sql, 0, stored('success', '{"index":0}'))).toBe(true);
      expect(appendResult(sql, 0, stored('failed', '{"index":0,"again":true}'))).toBe(false);
      expect(claimUnit(sql, 0, 5000, 500, 'm9')).toEqual({ kind: 'done' });
      expect(appendResult(sql, 1, stored('blocked', '{"index":1}'))).toBe(true);
      expect(resultCounts(sql)).toMatchObject({ done: 2, byStatus: { success: 1, blocked: 1, failed: 0 } });
    });
  });
});

describe('sending units', () => {
  it('marks a list of units queued in one call, and queues the first pending units in order', async () => {
    await withSql((sql) => {
      for (let i = 0; i < 6; i++) sql.exec("INSERT INTO units (idx, url, state) VALUES (?, 'http://a.test/', 'pending')", i);
      claimUnit(sql, 1, 1000, 500, 'm');
      markQueued(sql, [1, 4], 3000, 2000);
      const row = (idx: number) => sql.exec('SELECT state, due_at, sent_at, lease_until, lease_token FROM units WHERE idx = ?', idx).one();
      expect(row(1)).toEqual({ state: 'queued', due_at: 3000, sent_at: 2000, lease_until: null, lease_token: null });
      expect(row(4)).toEqual({ state: 'queued', due_at: 3000, sent_at: 2000, lease_until: null, lease_token: null });
      markQueued(sql, [], 1, 1);
      expect(queuePending(sql, 3, 5000, 4000)).toEqual([0, 2, 3]);
      expect(row(3)).toMatchObject({ state: 'queued', due_at: 5000, sent_at: 4000 });
      expect(queuePending(sql, 0, 5000, 4000)).toEqual([]);
      expect(queuePending(sql, 9, 5000, 4000)).toEqual([5]);
      expect(statesOf(sql)).toMatchObject({ pending: 0, queued: 6 });
    });
  });
});

describe('lapsed units and list pages', () => {
  it('finds units whose message went unclaimed too long or whose lease lapsed', async () => {
    await withSql((sql) => {
      for (let i = 0; i < 4; i++) sql.exec("INSERT INTO units (idx, url, state) VALUES (?, 'http://a.test/', 'pending')", i);
      markQueued(sql, [0], 1000); // sent long ago
      markQueued(sql, [1], 9500); // sent just now
      markQueued(sql, [2, 3], 1000);
      claimUnit(sql, 2, 1000, 20_000, 'm'); // lease runs until 21000
      claimUnit(sql, 3, 1000, 5_000, 'm'); // lease lapsed at 6000
      expect(lapsedUnits(sql, 10_000, 2_000)).toEqual([0, 3]);
    });
  });

  it('pages the log after a position, bounded by count and by bytes', async () => {
    await withSql((sql) => {
      for (let i = 0; i < 5; i++) {
        sql.exec("INSERT INTO units (idx, url, state) VALUES (?, 'http://a.test/', 'pending')", i);
        appendResult(sql, i, stored('success', `{"index":${i},"pad":"${'x'.repeat(90)}"}`));
      }
      const first = listLog(sql, 0, 2, 1_000_000);
      expect(first.rows.map((r) => r.seq)).toEqual([1, 2]);
      expect(first.hasMore).toBe(true);
      expect(listLog(sql, 2, 10, 1_000_000)).toMatchObject({ hasMore: false });
      expect(listLog(sql, 2, 10, 1_000_000).rows.map((r) => r.seq)).toEqual([3, 4, 5]);
      const tight = listLog(sql, 0, 10, 150);
      expect(tight.rows).toHaveLength(1);
      expect(tight.hasMore).toBe(true);
      expect(listLog(sql, 5, 10, 1_000_000)).toEqual({ rows: [], hasMore: false });
    });
  });
});

describe('migrations', () => {
  it('brings an object created before migrations existed to the newest version, keeping its rows', async () => {
    await runInDurableObject(batchStub(env, newTaskId('batch')), (_instance, state) => {
      const sql = state.storage.sql;
      // The version-1 tables exactly as the first release created them, without a schema_migrations table.
      sql.exec(BATCH_MIGRATIONS[0].sql);
      sql.exec("INSERT INTO units (idx, url, state, due_at) VALUES (0, 'http://a.test/', 'queued', 5)");
      sql.exec("INSERT INTO log (idx, status, bytes, body) VALUES (0, 'success', 2, '{}')");
      expect(applyMigrations(state.storage, BATCH_MIGRATIONS)).toBe(4);
      expect(sql.exec<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version').toArray()).toEqual([1, 2, 3, 4].map((version) => ({ version })));
      expect(sql.exec('SELECT idx, url, sent_at FROM units').toArray()).toEqual([{ idx: 0, url: 'http://a.test/', sent_at: null }]);
      // Applying again changes nothing; the results recorded before are counted (D289), and later ones too.
      expect(applyMigrations(state.storage, BATCH_MIGRATIONS)).toBe(4);
      expect(resultCounts(sql)).toMatchObject({ done: 1, byStatus: { success: 1 } });
      sql.exec("INSERT INTO log (idx, status, bytes, body) VALUES (1, 'failed', 2, '{}'), (2, 'success', 2, '{}')");
      sql.exec("INSERT INTO log (idx, status, bytes, body) VALUES (2, 'success', 2, '{}') ON CONFLICT (idx) DO NOTHING");
      expect(resultCounts(sql)).toMatchObject({ done: 3, byStatus: { success: 2, failed: 1 } });
      // A unit sent before versions existed (sent_at null) counts as lost to the restart sweep only.
      expect(lapsedUnits(sql, 10, 1_000_000)).toEqual([]);
      expect(lapsedUnits(sql, 10, 1_000_000, 10)).toEqual([0]);
    });
  });
});
