// Waits against the mock API with injected failures (spec "Errors", SDK rules 4 and 5).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, SvcError, WaitTimeoutError, type BatchRecord, type SvcClient } from '../src/index.ts';
import { startMockApi, type Fault, type MockApi } from './mock-server.ts';

let api: MockApi;
let sdk: SvcClient;
beforeEach(async () => {
  api = await startMockApi();
  sdk = createClient({ baseUrl: api.baseUrl, env: {}, pollIntervalMs: 5 });
});
afterEach(async () => {
  await api.close();
});

const URLS = ['https://a.example/1', 'https://a.example/2', 'https://a.example/3'];
const statusReads = (id: string): number => api.requests.filter((r) => r.method === 'GET' && r.path === `/v1/batches/${id}`).length;

describe('waitBatch', () => {
  it('polls until completed and reports every status read', async () => {
    const { id } = await sdk.createBatch(URLS);
    const seen: Array<[string, number]> = [];
    const batch = await sdk.waitBatch(id, { onProgress: (b) => seen.push([b.status, b.done]) });
    expect(batch).toMatchObject({ id, status: 'completed', done: 3, total: 3 });
    expect(seen).toEqual([
      ['running', 1],
      ['running', 2],
      ['completed', 3],
    ]);
  });

  const retried: Array<{ name: string; faults: Fault[] }> = [
    { name: '429 then success', faults: [{ status: 429, headers: { 'retry-after': '0' } }] },
    { name: '408', faults: [{ status: 408 }] },
    { name: '503 x5 (exactly maxRetries)', faults: Array.from({ length: 5 }, () => ({ status: 503 })) },
    { name: '500 and 502', faults: [{ status: 500 }, { status: 502, body: 'Bad Gateway' }] },
    { name: 'connection resets', faults: [{ reset: true }, { reset: true }] },
  ];
  for (const c of retried) {
    it(`retries ${c.name}`, async () => {
      const { id } = await sdk.createBatch(URLS);
      api.inject('GET', /^\/v1\/batches\/[^/]+$/, ...c.faults);
      const batch = await sdk.waitBatch(id);
      expect(batch.status).toBe('completed');
      expect(statusReads(id)).toBe(3 + c.faults.length);
    });
  }

  it('throws the last SvcError once maxRetries retries in a row have failed', async () => {
    const { id } = await sdk.createBatch(URLS);
    api.inject('GET', /^\/v1\/batches\/[^/]+$/, ...Array.from({ length: 6 }, (_, n) => ({ status: 503, body: { error: `busy ${n}`, code: 'internal_error' } })));
    const error = (await sdk.waitBatch(id).catch((err: unknown) => err)) as SvcError;
    expect(error).toBeInstanceOf(SvcError);
    expect(error.status).toBe(503);
    expect(error.body).toEqual({ error: 'busy 5', code: 'internal_error' });
    expect(statusReads(id)).toBe(6);
  });

  it('honours a smaller maxRetries and rethrows a network error as is', async () => {
    const { id } = await sdk.createBatch(URLS);
    api.inject('GET', /^\/v1\/batches\/[^/]+$/, { reset: true }, { reset: true });
    const error = await sdk.waitBatch(id, { maxRetries: 1 }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(TypeError);
    expect(statusReads(id)).toBe(2);
  });

  it('counts failures in a row only: a success in between resets the count', async () => {
    const { id } = await sdk.createBatch(URLS);
    const busy: Fault = { status: 503 };
    api.inject('GET', /^\/v1\/batches\/[^/]+$/, busy, busy, busy, { delayMs: 0 }, busy, busy, busy);
    const batch = await sdk.waitBatch(id, { maxRetries: 3 });
    expect(batch.status).toBe('completed');
  });

  it('throws a 400 at once', async () => {
    const { id } = await sdk.createBatch(URLS);
    api.inject('GET', /^\/v1\/batches\/[^/]+$/, { status: 400, body: { error: 'bad', code: 'invalid_request' } });
    const error = await sdk.waitBatch(id).catch((err: unknown) => err);
    expect(error).toMatchObject({ name: 'SvcError', status: 400, code: 'invalid_request' });
    expect(statusReads(id)).toBe(1);
  });

  it('throws "batch not found: <id>" at once for a missing batch', async () => {
    const error = await sdk.waitBatch('batch_000000000000000000000bad').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(SvcError);
    expect((error as SvcError).message).toBe('batch not found: batch_000000000000000000000bad');
    expect(api.requests).toHaveLength(1);
  });

  it('throws WaitTimeoutError with the last status read', async () => {
    const { id } = await sdk.createBatch(URLS);
    api.batches.get(id)!.stalled = true;
    const started = Date.now();
    const error = (await sdk.waitBatch(id, { timeoutMs: 200, pollIntervalMs: 20 }).catch((err: unknown) => err)) as WaitTimeoutError<BatchRecord>;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error).toMatchObject({ taskId: id, timeoutMs: 200 });
    expect(error.last).toMatchObject({ id, status: 'running', done: 0 });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('throws WaitTimeoutError with last null when a status read hangs past the deadline', async () => {
    const { id } = await sdk.createBatch(URLS);
    api.inject('GET', /^\/v1\/batches\/[^/]+$/, { hang: true });
    const started = Date.now();
    const error = (await sdk.waitBatch(id, { timeoutMs: 250 }).catch((err: unknown) => err)) as WaitTimeoutError;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.last).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('stops when the caller aborts', async () => {
    const { id } = await sdk.createBatch(URLS);
    api.batches.get(id)!.stalled = true;
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stop')), 50);
    await expect(sdk.waitBatch(id, { signal: controller.signal })).rejects.toThrow('stop');
  });
});

describe('waitCrawl', () => {
  it('finishes at completed', async () => {
    const { id } = await sdk.createCrawl('https://docs.example/', { maxPages: 3 });
    const crawl = await sdk.waitCrawl(id);
    expect(crawl).toMatchObject({ status: 'completed', counts: { done: 3 } });
  });

  it('finishes at interrupted', async () => {
    const { id } = await sdk.createCrawl('https://docs.example/', { maxPages: 5 });
    api.crawls.get(id)!.interruptAt = 2;
    expect(await sdk.waitCrawl(id)).toMatchObject({ status: 'interrupted', counts: { done: 2 } });
  });

  it('finishes at cancelled', async () => {
    const { id } = await sdk.createCrawl('https://docs.example/', { maxPages: 50 });
    const seen: string[] = [];
    let cancelled: Promise<unknown> | null = null;
    const crawl = await sdk.waitCrawl(id, {
      onProgress: (c) => {
        seen.push(c.status);
        if (c.counts.done === 2 && cancelled === null) cancelled = sdk.cancelCrawl(id);
      },
      pollIntervalMs: 30,
    });
    expect(await cancelled).toMatchObject({ status: 'cancelled' });
    expect(crawl.status).toBe('cancelled');
    expect(seen.slice(0, 2)).toEqual(['running', 'running']);
    expect(seen.at(-1)).toBe('cancelled');
  });

  it('retries 503 and throws "crawl not found" at once', async () => {
    const { id } = await sdk.createCrawl('https://docs.example/', { maxPages: 2 });
    api.inject('GET', /^\/v1\/crawls\/[^/]+$/, { status: 503 }, { status: 429 });
    expect((await sdk.waitCrawl(id)).status).toBe('completed');
    await expect(sdk.waitCrawl('crawl_nope')).rejects.toThrow(/^crawl not found: crawl_nope$/);
  });
});
