// SDK requests against the mock API: request shapes, authentication (spec Authentication rule 6), error objects
// (spec SDK rules 1 and 2) and the scrape wait (rule 3).

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, DEFAULT_BASE_URL, SvcClient, SvcError } from '../src/index.ts';
import { startMockApi, type MockApi } from './mock-server.ts';

let api: MockApi;
beforeEach(async () => {
  api = await startMockApi();
});
afterEach(async () => {
  await api.close();
});

const client = (extra: ConstructorParameters<typeof SvcClient>[0] = {}): SvcClient =>
  createClient({ baseUrl: api.baseUrl, env: {}, ...extra });

describe('scrape', () => {
  it('posts url and options, never the signal', async () => {
    const controller = new AbortController();
    const result = await client().scrape('https://example.com/a', {
      formats: ['markdown', { type: 'json', schema: { type: 'object' } }],
      timeout: 5_000,
      signal: controller.signal,
    });
    expect(result.status).toBe('success');
    expect(result.markdown).toContain('https://example.com/a');
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/scrape',
      body: { url: 'https://example.com/a', formats: ['markdown', { type: 'json', schema: { type: 'object' } }], timeout: 5_000 },
    });
    expect(Object.keys(api.requests[0].body as object).sort()).toEqual(['formats', 'timeout', 'url']);
    expect(api.requests[0].headers['content-type']).toBe('application/json');
  });

  it('keeps waiting past the request timeout for the API answer (timeout + grace)', async () => {
    api.scrapeDelayMs = 1_300;
    const result = await client().scrape('https://example.com/slow', { timeout: 1_000 });
    expect(result.status).toBe('success');
  });

  it('gives up at timeout + grace with the client-side timeout error', async () => {
    api.inject('POST', /^\/v1\/scrape$/, { hang: true });
    const started = Date.now();
    const error = await client({ scrapeGraceMs: 400 })
      .scrape('https://example.com/hang', { timeout: 1_000 })
      .catch((err: unknown) => err);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('TimeoutError');
    expect(elapsed).toBeGreaterThanOrEqual(1_350);
    expect(elapsed).toBeLessThan(3_000);
  });

  it('a connection reset throws the HTTP client error, not SvcError (spec SDK rule 2)', async () => {
    api.inject('POST', /^\/v1\/scrape$/, { reset: true });
    const error = await client().scrape('https://example.com/').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(SvcError);
  });

  it('an unreachable API throws the HTTP client error', async () => {
    const error = await createClient({ baseUrl: 'http://127.0.0.1:9', env: {} })
      .scrape('https://example.com/')
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(TypeError);
  });
});

describe('authentication and base URL', () => {
  const cases: Array<{ name: string; token?: string; env: Record<string, string>; expected: string | undefined }> = [
    { name: 'token option', token: 'opt-token', env: {}, expected: 'Bearer opt-token' },
    { name: 'SVC_API_TOKEN when no option', env: { SVC_API_TOKEN: 'env-token' }, expected: 'Bearer env-token' },
    { name: 'option wins over env', token: 'opt-token', env: { SVC_API_TOKEN: 'env-token' }, expected: 'Bearer opt-token' },
    { name: 'no token, no header', env: {}, expected: undefined },
    { name: 'empty env token, no header', env: { SVC_API_TOKEN: '' }, expected: undefined },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      await createClient({ baseUrl: api.baseUrl, token: c.token, env: c.env }).scrape('https://example.com/');
      expect(api.requests[0].headers.authorization).toBe(c.expected);
    });
  }

  it('reads SVC_API_TOKEN and SVC_BASE_URL from process.env by default', async () => {
    const saved = { token: process.env.SVC_API_TOKEN, base: process.env.SVC_BASE_URL };
    process.env.SVC_API_TOKEN = 'process-token';
    process.env.SVC_BASE_URL = api.baseUrl;
    try {
      const sdk = new SvcClient();
      expect(sdk.baseUrl).toBe(api.baseUrl);
      await sdk.scrape('https://example.com/');
      expect(api.requests[0].headers.authorization).toBe('Bearer process-token');
    } finally {
      restore('SVC_API_TOKEN', saved.token);
      restore('SVC_BASE_URL', saved.base);
    }
  });

  it('defaults to http://127.0.0.1:8787', () => {
    expect(createClient({ env: {} }).baseUrl).toBe('http://127.0.0.1:8787');
    expect(DEFAULT_BASE_URL).toBe('http://127.0.0.1:8787');
  });

  it('a server with tokens refuses a wrong one with SvcError 401 unauthorized', async () => {
    const secured = await startMockApi({ token: 'right' });
    try {
      const error = await createClient({ baseUrl: secured.baseUrl, token: 'wrong', env: {} })
        .getBatch('batch_1')
        .catch((err: unknown) => err);
      expect(error).toBeInstanceOf(SvcError);
      expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
      const ok = await createClient({ baseUrl: secured.baseUrl, token: 'right', env: {} }).createBatch(['https://a.example/']);
      expect(ok.object).toBe('batch');
    } finally {
      await secured.close();
    }
  });
});

describe('SvcError', () => {
  it('carries status, code, method, path, parsed body and the spec message shape', async () => {
    const body = { error: 'urls required', code: 'invalid_request' };
    const error = (await client().createBatch([]).catch((err: unknown) => err)) as SvcError;
    expect(error).toBeInstanceOf(SvcError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request', method: 'POST', path: '/v1/batches', body });
    expect(error.message).toBe(`POST /v1/batches failed: 400 ${JSON.stringify(body)}`);
  });

  it('keeps a non-JSON body as text and has no code', async () => {
    api.inject('GET', /^\/v1\/batches\//, { status: 502, body: 'Bad Gateway' });
    const error = (await client().getBatch('batch_x').catch((err: unknown) => err)) as SvcError;
    expect(error).toMatchObject({ status: 502, code: undefined, body: 'Bad Gateway' });
    expect(error.message).toBe('GET /v1/batches/batch_x failed: 502 Bad Gateway');
  });

  const lookups: Array<{ name: string; run: (sdk: SvcClient) => Promise<unknown>; message: string; path: string }> = [
    { name: 'getBatch', run: (s) => s.getBatch('batch_missing'), message: 'batch not found: batch_missing', path: '/v1/batches/batch_missing' },
    { name: 'listBatchItems', run: (s) => s.listBatchItems('batch_missing', { limit: 5 }), message: 'batch not found: batch_missing', path: '/v1/batches/batch_missing/items?limit=5' },
    { name: 'getCrawl', run: (s) => s.getCrawl('crawl_missing'), message: 'crawl not found: crawl_missing', path: '/v1/crawls/crawl_missing' },
    { name: 'listCrawlPages', run: (s) => s.listCrawlPages('crawl_missing'), message: 'crawl not found: crawl_missing', path: '/v1/crawls/crawl_missing/pages' },
    { name: 'cancelCrawl', run: (s) => s.cancelCrawl('crawl_missing'), message: 'crawl not found: crawl_missing', path: '/v1/crawls/crawl_missing/cancel' },
  ];
  for (const l of lookups) {
    it(`404 on ${l.name} says "${l.message}"`, async () => {
      const error = (await l.run(client()).catch((err: unknown) => err)) as SvcError;
      expect(error).toBeInstanceOf(SvcError);
      expect(error.message).toBe(l.message);
      expect(error).toMatchObject({ status: 404, code: 'not_found', path: l.path });
    });
  }
});

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
