// Crawls end to end on the real local service: a 500-page fixture site crawled with maxPages 200 and includePaths
// fetches exactly 200 pages (robots-disallowed links are listed as blocked without using the budget, decision D225),
// never requests a robots-disallowed or out-of-scope path (the fixture's request log proves it), and a site with
// `Crawl-delay: 1` sees its page requests at least one second apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidEvidenceRecord } from '../helpers/evidence-schema.ts';
import { removeDataDir, startService, type Service } from '../helpers/service.ts';
import { pagesHandler, startSite, type Site } from '../helpers/site.ts';
import { duplicatesAndGaps, readList, waitTask } from '../helpers/tasks.ts';

let svc: Service;
let big: Site;
let slow: Site;

const PAGES = 450;
const PRIVATE = 50;

function page(title: string, links: string[]): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1><p>Fixture page ${title} of the crawl test. It has a first paragraph of ordinary prose so that the extractor sees readable content on the page.</p><p>A second paragraph follows with a few more sentences. The links below lead to other pages of the same fixture site.</p>${links
    .map((l) => `<a href="${l}">${l}</a>`)
    .join(' ')}</main></body></html>`;
}

/** 450 pages /p/N in a ternary tree, each also linking a disallowed /private/ page, an out-of-scope /other/ page and another host. */
function bigSite(path: string): string | null {
  let m = /^\/p\/(\d+)$/.exec(path);
  if (m && Number(m[1]) < PAGES) {
    const n = Number(m[1]);
    const kids = [3 * n + 1, 3 * n + 2, 3 * n + 3].filter((k) => k < PAGES).map((k) => `/p/${k}#section`);
    return page(`p${n}`, [...kids, `/private/${n % PRIVATE}`, `/other/${n}`, '/p/0', 'http://elsewhere.invalid/p/1']);
  }
  m = /^\/(private|other)\/(\d+)$/.exec(path);
  return m ? page(`${m[1]}${m[2]}`, ['/p/1']) : null;
}

beforeAll(async () => {
  big = await startSite({ '*': pagesHandler('User-agent: *\nDisallow: /private/\n', bigSite) });
  slow = await startSite({
    '*': pagesHandler('User-agent: *\nCrawl-delay: 1\n', (path) => {
      const m = /^\/d\/(\d+)$/.exec(path);
      if (!m || Number(m[1]) > 20) return null;
      const n = Number(m[1]);
      return page(`d${n}`, [`/d/${n + 1}`, `/d/${n + 2}`]);
    }),
  });
  // A Worker reload (wrangler dev restarts workerd when a source file changes) empties the local queue like a crash
  // would; a short sweep interval keeps such a hiccup from stalling the test.
  svc = await startService({ env: { SVC_SCHEDULER_INTERVAL_MS: '3000', SVC_TASK_STALE_MS: '15000' } });
});

afterAll(async () => {
  await svc?.stop();
  await big?.close();
  await slow?.close();
  if (svc) removeDataDir(svc.dataDir);
});

describe('POST /v1/crawls (end to end)', () => {
  it('fetches maxPages 200 pages, lists refused links as blocked outside the budget, never requests them', async () => {
    const started = Date.now();
    const created = await svc.post('/v1/crawls', {
      url: `${big.origin}/p/0`,
      maxPages: 200,
      includePaths: ['^/(p|private)/'],
      formats: ['markdown'],
      timeout: 10_000,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'crawl', status: 'running', maxPages: 200, includePaths: ['^/(p|private)/'] });
    const id = created.body.id as string;
    const { entries } = await readList(svc, `/v1/crawls/${id}/pages`, 50);
    const seconds = (Date.now() - started) / 1000;
    const record = (await svc.get(`/v1/crawls/${id}`)).body;
    const blocked = entries.filter((e) => e.status === 'blocked');
    expect(blocked.length).toBeGreaterThan(0);
    expect(blocked.length).toBeLessThanOrEqual(PRIVATE);
    expect(record).toMatchObject({ status: 'completed', counts: { discovered: entries.length, queued: 0, done: entries.length } });
    expect(entries).toHaveLength(200 + blocked.length);
    expect(duplicatesAndGaps(entries.map((e) => e.index), 0).duplicates).toEqual([]);
    expect(new Set(entries.map((e) => e.url)).size).toBe(entries.length);
    for (const e of blocked) {
      expect(e.url).toMatch(/\/private\/\d+$/);
      expect(e.reason).toBe('robots_disallowed');
    }
    // maxPages counts pages fetched: all 200 of them, however many refused links were found on the way.
    expect(entries.filter((e) => e.status === 'success')).toHaveLength(200);
    expect(record.counts.byStatus).toMatchObject({ success: 200, blocked: blocked.length });
    for (const e of entries) {
      expectValidEvidenceRecord(e.evidenceRecord);
      expect(e.links).toBeUndefined();
      expect(e.url).not.toContain('#');
    }
    // The request log: robots.txt, then only in-scope allowed pages, each once.
    const paths = big.requests.map((r) => r.path);
    expect(paths.filter((p) => p.startsWith('/private/'))).toEqual([]);
    expect(paths.filter((p) => p.startsWith('/other/'))).toEqual([]);
    const pagePaths = paths.filter((p) => p.startsWith('/p/'));
    expect(pagePaths).toHaveLength(200);
    expect(new Set(pagePaths).size).toBe(pagePaths.length);
    console.log(`crawl of 200 pages (${blocked.length} robots-blocked) finished in ${seconds.toFixed(1)} s`);
  });

  it('honours Crawl-delay: page requests to the host at least one second apart', async () => {
    const created = await svc.post('/v1/crawls', { url: `${slow.origin}/d/0`, maxPages: 4 });
    const record = await waitTask(svc, `/v1/crawls/${created.body.id}`, (r) => r.status === 'completed', 60_000);
    expect(record.counts.done).toBe(4);
    const times = slow.requests.filter((r) => r.path.startsWith('/d/')).map((r) => r.at);
    expect(times).toHaveLength(4);
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(1000);
    console.log(`Crawl-delay 1 s: gaps between page requests ${gaps.join(', ')} ms`);
  });

  it('cancels a running crawl; cancel and resume then answer conflict; limit is refused', async () => {
    const created = await svc.post('/v1/crawls', { url: `${slow.origin}/d/5`, maxPages: 10 });
    expect(created.status).toBe(201);
    const cancelled = await svc.post(`/v1/crawls/${created.body.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', counts: { queued: 0 } });
    expect((await svc.post(`/v1/crawls/${created.body.id}/cancel`, {})).status).toBe(409);
    expect((await svc.post(`/v1/crawls/${created.body.id}/resume`, {})).body.code).toBe('conflict');
    expect((await svc.post('/v1/crawls', { url: `${slow.origin}/d/0`, limit: 3 })).body).toMatchObject({
      code: 'unsupported_parameter',
      details: { parameters: ['limit'] },
    });
    expect((await svc.post('/v1/crawls', { url: `${slow.origin}/d/0`, includePaths: ['(('] })).body.code).toBe('invalid_request');
    expect((await svc.get('/v1/crawls/crawl_000000000000000000000000')).status).toBe(404);
  });
});
