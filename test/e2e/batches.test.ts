// Batches end to end on the real local service (launcher → wrangler dev → workerd, Durable Objects, Queues, R2):
// a 300-URL batch against a fixture site, paged with limit=7 while it runs, every item seen exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidEvidenceRecord } from '../helpers/evidence-schema.ts';
import { removeDataDir, startService, type Service } from '../helpers/service.ts';
import { html, startSite, type Site } from '../helpers/site.ts';
import { duplicatesAndGaps, readList, waitTask } from '../helpers/tasks.ts';

let svc: Service;
let site: Site;

beforeAll(async () => {
  site = await startSite({
    '/robots.txt': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('User-agent: *\nDisallow: /private/\n');
    },
    '*': (req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      const m = /^\/item\/(\d+)$/.exec(path);
      if (!m) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
        return;
      }
      return html(`<!doctype html><html lang="en"><head><title>Item ${m[1]}</title></head><body><main><h1>Item ${m[1]}</h1><p>Fixture item number ${m[1]} of the batch test, a short paragraph.</p><a href="/item/${Number(m[1]) + 1}">next</a></main></body></html>`)(req, res, site);
    },
  });
  // A Worker reload (wrangler dev restarts workerd when a source file changes) empties the local queue like a crash
  // would; a short sweep interval keeps such a hiccup from stalling the test.
  svc = await startService({ env: { SVC_SCHEDULER_INTERVAL_MS: '3000', SVC_TASK_STALE_MS: '15000' } });
});

afterAll(async () => {
  await svc?.stop();
  await site?.close();
  if (svc) removeDataDir(svc.dataDir);
});

describe('POST /v1/batches (end to end)', () => {
  it('completes a 300-URL batch; paging with limit=7 sees every item exactly once', async () => {
    const urls = Array.from({ length: 300 }, (_, i) => `${site.origin}/item/${i}`);
    urls[17] = 'http://exa mple.invalid/';
    urls[18] = `${site.origin}/private/secret`;
    const started = Date.now();
    const created = await svc.post('/v1/batches', { urls, formats: ['markdown'], timeout: 10_000 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'batch', total: 300, options: { formats: [{ type: 'markdown' }], timeout: 10000 } });
    expect(created.body.id).toMatch(/^batch_[0-9a-f]{24}$/);
    const id = created.body.id as string;

    // Page while the batch is still running: the append-only log hands out each item once.
    const { entries, pages } = await readList(svc, `/v1/batches/${id}/items`, 7);
    const seconds = (Date.now() - started) / 1000;
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(300 / 7));
    expect(duplicatesAndGaps(entries.map((e) => e.index), 300)).toEqual({ duplicates: [], missing: [] });

    const record = (await svc.get(`/v1/batches/${id}`)).body;
    expect(record).toMatchObject({ status: 'completed', total: 300, done: 300 });
    expect(record.counts).toMatchObject({ success: 298, invalid_url: 1, blocked: 1 });
    for (const e of entries) {
      expect(e.url).toBe(urls[e.index]);
      expectValidEvidenceRecord(e.evidenceRecord);
      expect(e.links).toBeUndefined();
    }
    expect(entries.find((e) => e.index === 17)).toMatchObject({ status: 'invalid_url' });
    expect(entries.find((e) => e.index === 18)).toMatchObject({ status: 'blocked', reason: 'robots_disallowed' });
    expect(entries.find((e) => e.index === 42).markdown).toContain('Fixture item number 42');
    // Each page fetched once (robots.txt allowed them all, none twice), the disallowed one never.
    expect(site.hits('/item/42')).toHaveLength(1);
    expect(site.requests.filter((r) => r.path.startsWith('/private/'))).toEqual([]);
    // robots.txt is read once for the whole batch: concurrent captures of one delivery share the read, later ones
    // use the cache (a Worker reload during the run could add one more read).
    expect(site.hits('/robots.txt').length).toBeLessThanOrEqual(2);
    console.log(`300-URL batch: completed and paged in ${seconds.toFixed(1)} s (${pages} pages of limit 7)`);
  });

  it('refuses bad requests with the spec codes and answers not_found for unknown ids', async () => {
    expect((await svc.post('/v1/batches', { urls: [] })).body.code).toBe('invalid_request');
    expect((await svc.post('/v1/batches', { urls: ['http://a.test/'], screenshot: true })).body).toMatchObject({
      code: 'unsupported_parameter',
      details: { parameters: ['screenshot'] },
    });
    expect((await svc.post('/v1/batches', { urls: ['http://a.test/'], formats: ['html'] })).body.code).toBe('unsupported_format');
    expect((await svc.get('/v1/batches/batch_000000000000000000000000')).body.code).toBe('not_found');
    const created = await svc.post('/v1/batches', { urls: [`${site.origin}/item/1`] });
    expect((await svc.get(`/v1/batches/${created.body.id}/items?cursor=xyz`)).body.code).toBe('invalid_request');
    expect((await svc.get(`/v1/batches/${created.body.id}/items?limit=101`)).body.code).toBe('invalid_request');
    const done = await waitTask(svc, `/v1/batches/${created.body.id}`, (r) => r.status === 'completed');
    expect(done.counts.success).toBe(1);
  });
});
