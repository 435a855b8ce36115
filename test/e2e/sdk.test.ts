// The SDK (packages/sdk) against the real local service: scrape, batches, crawls, iterators and its errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, SvcError, WaitTimeoutError } from '../../packages/sdk/src/index.ts';
import { expectValidEvidenceRecord } from '../helpers/evidence-schema.ts';
import { removeDataDir, startService, type Service } from '../helpers/service.ts';
import { html, startSite, text, type Site } from '../helpers/site.ts';

let svc: Service;
let site: Site;
const TOKEN = 'sdk-token';

const page = (n: number, links: number[] = []) =>
  html(`<html><head><title>P${n}</title></head><body><article><h1>Page ${n}</h1><p>Body text of page number ${n}, long enough to count as the content of this page.</p>${links.map((l) => `<a href="/p/${l}">to ${l}</a>`).join(' ')}</article></body></html>`);

beforeAll(async () => {
  const routes: Record<string, ReturnType<typeof html>> = { '/robots.txt': text('User-agent: *\nDisallow: /p/secret\n', 'text/plain') };
  for (let i = 0; i < 12; i++) routes[`/p/${i}`] = page(i, [i + 1, i + 2]);
  routes['/p/secret'] = page(99);
  site = await startSite(routes);
  svc = await startService({ tokens: [TOKEN] });
});

afterAll(async () => {
  await svc?.stop();
  if (svc) removeDataDir(svc.dataDir);
  await site?.close();
});

const client = () => createClient({ baseUrl: svc.base, token: TOKEN, pollIntervalMs: 200 });

describe('SDK against the local service', () => {
  it('scrapes one page', async () => {
    const r = await client().scrape(`${site.origin}/p/1`, { formats: ['markdown'] });
    expect(r.status).toBe('success');
    expect(r.markdown).toContain('Body text of page number 1');
    expectValidEvidenceRecord(r.evidenceRecord);
  });

  it('throws SvcError with the spec message shape for a refused request', async () => {
    const err = await client().scrape('ftp://nope').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SvcError);
    const e = err as SvcError;
    expect(e.status).toBe(400);
    expect(e.code).toBe('invalid_request');
    expect(e.method).toBe('POST');
    expect(e.path).toBe('/v1/scrape');
    expect(e.message).toMatch(/^POST \/v1\/scrape failed: 400 \{/);
  });

  it('sends the token from SVC_API_TOKEN when no option is given, and fails without one', async () => {
    const fromEnv = createClient({ baseUrl: svc.base, env: { SVC_API_TOKEN: TOKEN } });
    expect((await fromEnv.scrape(`${site.origin}/p/2`)).status).toBe('success');
    const none = createClient({ baseUrl: svc.base, env: {} });
    const err = (await none.scrape(`${site.origin}/p/2`).catch((e: unknown) => e)) as SvcError;
    expect(err).toBeInstanceOf(SvcError);
    expect(err.status).toBe(401);
    expect(err.code).toBe('unauthorized');
  });

  it('runs a batch to completion and returns every item once', async () => {
    const urls = [0, 1, 2, 3, 4].map((i) => `${site.origin}/p/${i}`).concat(['not a url', `${site.origin}/p/secret`]);
    const { batch, items } = await client().batchAndWait(urls, { formats: ['markdown'] }, { timeoutMs: 120_000 });
    expect(batch.status).toBe('completed');
    expect(items.map((i) => i.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(items[5].status).toBe('invalid_url');
    expect(items[6]).toMatchObject({ status: 'blocked', reason: 'robots_disallowed' });
    for (const it of items) expectValidEvidenceRecord(it.evidenceRecord);
  });

  it('crawls a site and iterates its pages', async () => {
    const { crawl, pages } = await client().crawlAndWait(`${site.origin}/p/0`, { maxPages: 6 }, { timeoutMs: 120_000 });
    expect(crawl.status).toBe('completed');
    expect(pages).toHaveLength(6);
    expect(new Set(pages.map((p) => p.url)).size).toBe(6);
    expect(site.hits('/p/secret')).toHaveLength(0);
  });

  it('names missing batches and crawls', async () => {
    const c = client();
    await expect(c.getBatch('batch_000000000000000000000000')).rejects.toThrow('batch not found: batch_000000000000000000000000');
    await expect(c.getCrawl('crawl_000000000000000000000000')).rejects.toThrow('crawl not found: crawl_000000000000000000000000');
  });

  it('gives up waiting with WaitTimeoutError carrying the last status', async () => {
    const c = client();
    const created = await c.createBatch([`${site.origin}/p/3`, `${site.origin}/p/4`]);
    const err = (await c.waitBatch(created.id, { timeoutMs: 1 }).catch((e: unknown) => e)) as WaitTimeoutError<unknown>;
    expect(err).toBeInstanceOf(WaitTimeoutError);
    expect(err.taskId).toBe(created.id);
    expect(err.timeoutMs).toBe(1);
    await c.waitBatch(created.id, { timeoutMs: 60_000 });
  });
});
