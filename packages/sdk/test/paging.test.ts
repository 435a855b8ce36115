// Batch and crawl creation, cursor paging (docs/decisions.md D9–D11) and the combined create-and-wait calls.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, SvcError, type BatchItem, type SvcClient } from '../src/index.ts';
import { startMockApi, type MockApi } from './mock-server.ts';

let api: MockApi;
let sdk: SvcClient;
beforeEach(async () => {
  api = await startMockApi();
  sdk = createClient({ baseUrl: api.baseUrl, env: {}, pollIntervalMs: 5 });
});
afterEach(async () => {
  await api.close();
});

const urls = (n: number): string[] => Array.from({ length: n }, (_, i) => `https://a.example/${i}`);

describe('batches', () => {
  it('createBatch posts urls with the options and returns the record', async () => {
    const batch = await sdk.createBatch(urls(2), { formats: ['markdown'], maxFileBytes: 1_000 });
    expect(batch).toMatchObject({ object: 'batch', status: 'accepting', total: 2, done: 0 });
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/batches',
      body: { urls: urls(2), formats: ['markdown'], maxFileBytes: 1_000 },
    });
  });

  it('listBatchItems pages with limit and cursor', async () => {
    const { id } = await sdk.createBatch(urls(5));
    await sdk.waitBatch(id);
    const first = await sdk.listBatchItems(id, { limit: 2 });
    expect(first.data.map((i) => i.index)).toEqual([4, 3]);
    expect(first).toMatchObject({ object: 'list', hasMore: true });
    const second = await sdk.listBatchItems(id, { limit: 2, cursor: first.nextCursor });
    expect(second.data.map((i) => i.index)).toEqual([2, 1]);
    const third = await sdk.listBatchItems(id, { limit: 2, cursor: second.nextCursor });
    expect(third).toMatchObject({ hasMore: false, nextCursor: null });
    expect(api.requests.at(-1)?.path).toBe(`/v1/batches/${id}/items?limit=2&cursor=${encodeURIComponent(second.nextCursor!)}`);
  });

  it('iterateBatchItems yields each item exactly once while the batch is still running', async () => {
    const { id } = await sdk.createBatch(urls(7));
    const items: BatchItem[] = [];
    const collecting = (async () => {
      for await (const item of sdk.iterateBatchItems(id, { limit: 2, pollIntervalMs: 3 })) items.push(item);
    })();
    await sdk.waitBatch(id, { pollIntervalMs: 15 });
    await collecting;
    expect(items.map((i) => i.index)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(items[6]).toMatchObject({ url: 'https://a.example/0', status: 'success' });
    // It read before the batch finished: some pages came back empty with an open cursor.
    const emptyPolls = api.requests.filter((r) => r.path.includes('/items')).length;
    expect(emptyPolls).toBeGreaterThan(4);
  });

  it('iterateBatchItems retries a 503 and a reset while paging', async () => {
    const { id } = await sdk.createBatch(urls(3));
    await sdk.waitBatch(id);
    api.inject('GET', /\/items$/, { status: 503 }, { reset: true });
    const indexes: number[] = [];
    for await (const item of sdk.iterateBatchItems(id)) indexes.push(item.index);
    expect(indexes).toEqual([2, 1, 0]);
  });

  it('iterateBatchItems throws a 400 (bad cursor) at once', async () => {
    const { id } = await sdk.createBatch(urls(1));
    const run = async (): Promise<void> => {
      for await (const _ of sdk.iterateBatchItems(id, { cursor: 'not-a-cursor' })) break;
    };
    await expect(run()).rejects.toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('batchAndWait returns the completed batch and every item ordered by index', async () => {
    const progress: number[] = [];
    const { batch, items } = await sdk.batchAndWait(urls(150), {}, { onProgress: (b) => progress.push(b.done) });
    expect(batch).toMatchObject({ status: 'completed', total: 150, done: 150 });
    expect(items.map((i) => i.index)).toEqual(Array.from({ length: 150 }, (_, i) => i));
    expect(items.map((i) => i.url)).toEqual(urls(150));
    expect(progress.at(-1)).toBe(150);
    const listing = api.requests.filter((r) => r.path.includes('/items'));
    expect(listing.map((r) => new URL(r.path, 'http://x').searchParams.get('limit'))).toEqual(['100', '100']);
  });

  it('batchAndWait passes a refused creation through at once', async () => {
    api.inject('POST', /^\/v1\/batches$/, { status: 400, body: { error: 'another batch is being accepted', code: 'invalid_request' } });
    await expect(sdk.batchAndWait(urls(2))).rejects.toBeInstanceOf(SvcError);
    expect(api.requests).toHaveLength(1);
  });
});

describe('crawls', () => {
  it('crawlAndWait sends maxPages and includePaths and returns every page', async () => {
    const { crawl, pages } = await sdk.crawlAndWait('https://docs.example/', { maxPages: 4, includePaths: ['/docs/*'] });
    expect(api.requests[0].body).toEqual({ url: 'https://docs.example/', maxPages: 4, includePaths: ['/docs/*'] });
    expect(crawl).toMatchObject({ object: 'crawl', status: 'completed', counts: { done: 4 } });
    expect(pages.map((p) => p.url)).toEqual([
      'https://docs.example/',
      'https://docs.example/p1',
      'https://docs.example/p2',
      'https://docs.example/p3',
    ]);
  });

  it('crawlAndWait returns an interrupted crawl with the pages so far; resumeCrawl continues it', async () => {
    const created = await sdk.createCrawl('https://docs.example/', { maxPages: 6 });
    api.crawls.get(created.id)!.interruptAt = 3;
    const crawl = await sdk.waitCrawl(created.id);
    expect(crawl.status).toBe('interrupted');
    const all: number[] = [];
    for await (const page of sdk.iterateCrawlPages(created.id, { limit: 2 })) {
      all.push(page.index);
      if (all.length === 3) break;
    }
    expect(all).toEqual([0, 1, 2]);
    expect((await sdk.resumeCrawl(created.id)).status).toBe('running');
    expect((await sdk.waitCrawl(created.id)).status).toBe('completed');
    const pages = await sdk.listCrawlPages(created.id, { limit: 100 });
    expect(pages).toMatchObject({ nextCursor: null, hasMore: false });
    expect(pages.data).toHaveLength(6);
  });

  it('crawlAndWait stops collecting at an interrupted crawl whose cursor stays open', async () => {
    const { crawl, pages } = await sdk.crawlAndWait('https://docs.example/', { maxPages: 9 }, {
      onProgress: (c) => {
        const mock = api.crawls.get(c.id);
        if (mock && mock.interruptAt === null && c.status === 'running') mock.interruptAt = 2;
      },
    });
    expect(crawl.status).toBe('interrupted');
    expect(pages.map((p) => p.index)).toEqual([0, 1]);
  });

  it('cancelCrawl of a finished crawl is a conflict; resumeCrawl of a running one too', async () => {
    const { id } = await sdk.createCrawl('https://docs.example/', { maxPages: 1 });
    const running = await sdk.resumeCrawl(id).catch((err: unknown) => err);
    expect(running).toMatchObject({ status: 409, code: 'conflict', method: 'POST', path: `/v1/crawls/${id}/resume` });
    await sdk.waitCrawl(id);
    const finished = (await sdk.cancelCrawl(id).catch((err: unknown) => err)) as SvcError;
    expect(finished).toBeInstanceOf(SvcError);
    expect(finished.message).toBe(`POST /v1/crawls/${id}/cancel failed: 409 {"error":"crawl is completed","code":"conflict"}`);
  });
});
