/// <reference types="@cloudflare/vitest-plugin/types" />
// Crawls inside workerd: frontier, page cap, formats delivered as asked, cancel/resume conflicts, dead letters.
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { CrawlObject } from '../../durable-objects/crawl.ts';
import { crawlStub } from '../../durable-objects/stubs.ts';
import type { StoredResult } from '../../src/tasks/result-store.ts';
import { MAX_CRAWL_BLOCKED } from '../../src/tasks/settings.ts';
import type { PageOutcome } from '../../src/tasks/store.ts';
import { api, deliver, env, FIXTURE, readAll, waitFor } from './helpers.ts';

const final = (r: { status: string }) => r.status === 'completed' || r.status === 'cancelled';

describe('crawls in the Workers runtime', () => {
  it('follows same-origin links once each, delivers only the formats asked for, and completes', async () => {
    const created = await api('POST', '/v1/crawls', { url: `${FIXTURE}/site/0`, formats: ['markdown'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'crawl', status: 'running', url: `${FIXTURE}/site/0`, maxPages: 100, includePaths: [] });
    const id = created.body.id as string;
    const record = await waitFor(`/v1/crawls/${id}`, final);
    expect(record.status).toBe('completed');
    expect(record.counts).toMatchObject({ discovered: 6, queued: 0, done: 6, byStatus: { success: 6 } });
    const pages = await readAll(`/v1/crawls/${id}/pages`, 4);
    expect(pages.map((p) => p.url).sort()).toEqual([0, 1, 2, 3, 4, 5].map((n) => `${FIXTURE}/site/${n}`).sort());
    expect(pages.map((p) => p.index).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    for (const p of pages) {
      expect(p.links).toBeUndefined();
      expect(p.markdown).toContain('Fixture page number');
    }
  });

  it('stops at maxPages and keeps to includePaths', async () => {
    const { body } = await api('POST', '/v1/crawls', { url: `${FIXTURE}/site/0`, maxPages: 3, includePaths: ['^/site/[0-4]$'] });
    const record = await waitFor(`/v1/crawls/${body.id}`, final);
    expect(record.counts).toMatchObject({ discovered: 3, done: 3 });
    const pages = await readAll(`/v1/crawls/${body.id}/pages`, 100);
    expect(pages.map((p) => p.url).sort()).toEqual([`${FIXTURE}/site/0`, `${FIXTURE}/site/1`, `${FIXTURE}/site/2`]);
    expect(pages[0].links).toBeDefined();
  });

  it('refuses resume and cancel by state, and cancels a running crawl', async () => {
    const { body } = await api('POST', '/v1/crawls', { url: `${FIXTURE}/slow/1500` });
    expect((await api('POST', `/v1/crawls/${body.id}/resume`)).body.code).toBe('conflict');
    const cancelled = await api('POST', `/v1/crawls/${body.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', counts: { queued: 0 } });
    expect(cancelled.body.completedAt).not.toBeNull();
    const again = await api('POST', `/v1/crawls/${body.id}/cancel`);
    expect(again.status).toBe(409);
    expect((await api('POST', `/v1/crawls/${body.id}/resume`)).status).toBe(409);
    // The capture in flight when it was cancelled is not added afterwards.
    await new Promise((r) => setTimeout(r, 2000));
    const list = await api('GET', `/v1/crawls/${body.id}/pages`);
    expect(list.body).toEqual({ object: 'list', data: [], nextCursor: null, hasMore: false });
    expect((await api('POST', `/v1/crawls/${body.id}/cancel`, { force: true })).body.code).toBe('unsupported_parameter');
  });

  it('becomes interrupted when a page is dead-lettered, and resume finishes it', async () => {
    const { body } = await api('POST', '/v1/crawls', { url: `${FIXTURE}/slow/1200` });
    await deliver('capture-work-dlq', [{ kind: 'crawl_page', taskId: body.id, index: 0 }]);
    const interrupted = await api('GET', `/v1/crawls/${body.id}`);
    expect(interrupted.body.status).toBe('interrupted');
    // Not final: the list hands out a cursor to come back with.
    expect((await api('GET', `/v1/crawls/${body.id}/pages`)).body.nextCursor).not.toBeNull();
    await new Promise((r) => setTimeout(r, 1500));
    const resumed = await api('POST', `/v1/crawls/${body.id}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.status).toMatch(/running|completed/);
    const record = await waitFor(`/v1/crawls/${body.id}`, final);
    expect(record).toMatchObject({ status: 'completed', counts: { done: 1 } });
    expect((await api('POST', `/v1/crawls/${body.id}/resume`)).body.code).toBe('conflict');
  });

  it('validates the request', async () => {
    const cases: Array<[unknown, string]> = [
      [{ url: `${FIXTURE}/site/0`, limit: 5 }, 'unsupported_parameter'],
      [{ url: `${FIXTURE}/site/0`, includePaths: ['(a'] }, 'invalid_request'],
      [{ url: 'javascript:alert(1)' }, 'invalid_request'],
      [{ url: `${FIXTURE}/site/0`, maxPages: 0 }, 'invalid_request'],
    ];
    for (const [req, code] of cases) expect((await api('POST', '/v1/crawls', req)).body.code).toBe(code);
    expect((await api('GET', '/v1/crawls/crawl_000000000000000000000000')).status).toBe(404);
    expect((await api('POST', '/v1/crawls/crawl_000000000000000000000000/cancel')).status).toBe(404);
    expect((await api('GET', '/v1/crawls/crawl_000000000000000000000000/pages')).status).toBe(404);
  });
});

describe('crawl budget (decision D225)', () => {
  it('spends maxPages on fetched pages only; robots.txt refusals are listed as blocked without using the budget', async () => {
    const { body } = await api('POST', '/v1/crawls', { url: 'http://robots.test/p/0', maxPages: 6 });
    const record = await waitFor(`/v1/crawls/${body.id}`, final);
    expect(record.status).toBe('completed');
    const pages = await readAll(`/v1/crawls/${body.id}/pages`, 100);
    const fetched = pages.filter((p) => p.status === 'success');
    const blocked = pages.filter((p) => p.status === 'blocked');
    // Every one of the six pages of the budget was fetched, although refused links were discovered before them.
    expect(fetched.map((p) => p.url).sort()).toEqual([0, 1, 2, 3, 4, 5].map((n) => `http://robots.test/p/${n}`));
    expect(blocked.length).toBeGreaterThan(0);
    for (const p of blocked) {
      expect(p.url).toMatch(/^http:\/\/robots\.test\/private\//);
      expect(p.reason).toBe('robots_disallowed');
      expect(p.evidenceRecord.redirectChain.urls).toEqual([]);
    }
    expect(record.counts).toMatchObject({ queued: 0, done: pages.length, discovered: pages.length });
    expect(record.counts.byStatus).toMatchObject({ success: 6, blocked: blocked.length });
  });
});

describe('blocked entries have their own bound', () => {
  it(`lists at most ${MAX_CRAWL_BLOCKED} robots-refused pages; past that a refused page is dropped, not listed`, async () => {
    const { body } = await api('POST', '/v1/crawls', { url: `${FIXTURE}/slow/1500`, maxPages: 5 });
    const refused: PageOutcome = { links: [], requested: false, crawlDelayMs: 0 };
    const entry = (n: number): StoredResult => ({ status: 'blocked', body: `{"index":${n}}`, r2Key: null, bytes: 12 });
    await runInDurableObject(crawlStub(env, body.id), async (instance: CrawlObject, state) => {
      const sql = state.storage.sql;
      // MAX_CRAWL_BLOCKED - 1 refused pages already recorded, then two more are captured.
      for (let i = 1; i < MAX_CRAWL_BLOCKED; i++) {
        sql.exec("INSERT INTO units (idx, url, state, fetched) VALUES (?, ?, 'done', 0)", i, `${FIXTURE}/private/${i}`);
      }
      for (const idx of [MAX_CRAWL_BLOCKED, MAX_CRAWL_BLOCKED + 1]) {
        sql.exec("INSERT INTO units (idx, url, state, lease_until, lease_token) VALUES (?, ?, 'leased', ?, 't')", idx, `${FIXTURE}/private/${idx}`, Date.now() + 60_000);
      }
      expect(await instance.record(MAX_CRAWL_BLOCKED, entry(MAX_CRAWL_BLOCKED), refused)).toBe(true);
      expect(await instance.record(MAX_CRAWL_BLOCKED + 1, entry(MAX_CRAWL_BLOCKED + 1), refused)).toBe(false);
      const states = sql.exec<{ idx: number; state: string }>('SELECT idx, state FROM units WHERE idx >= ? ORDER BY idx', MAX_CRAWL_BLOCKED).toArray();
      expect(states).toEqual([
        { idx: MAX_CRAWL_BLOCKED, state: 'done' },
        { idx: MAX_CRAWL_BLOCKED + 1, state: 'dropped' },
      ]);
      expect(sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM log WHERE idx > 0').one().n).toBe(1);
    });
    await api('POST', `/v1/crawls/${body.id}/cancel`);
  });
});
