/// <reference types="@cloudflare/vitest-plugin/types" />
// The spec's error tables (400, 401, 404) through the API Worker's fetch handler inside workerd (the app.request()
// way: no wrangler, no sockets). Also the issue 11 limits: URL length (D200), request body size per route (D201), bounded echoes (D202),
// and Hono's own exceptions in the error shape.
import { describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH } from '../../src/request/capture-options.ts';
import { BATCH_BODY_MAX, SINGLE_URL_BODY_MAX, SMALL_BODY_MAX } from '../../src/request/body-limits.ts';
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../workers/api.ts';
import { answerProblem } from '../fuzz/check.ts';
import { FIXTURE } from './helpers.ts';

type WorkerEnv = Parameters<typeof worker.fetch>[1];
const TOKEN_ENV: WorkerEnv = Object.assign({}, env, { SVC_API_TOKENS: 'abc' });
const AUTH = { authorization: 'Bearer abc' };

interface Answer {
  status: number;
  body: any;
  text: string;
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, e: WorkerEnv = env): Promise<Answer> {
  const init: RequestInit = { method, headers: { 'content-type': 'application/json', ...headers } };
  if (body !== undefined) init.body = typeof body === 'string' || body instanceof ReadableStream ? body : JSON.stringify(body);
  const res = await worker.fetch(new Request(`http://api.test${path}`, init), e, createExecutionContext());
  const text = await res.text();
  // Every answer of these tables is also held to the fuzz test's rules (error shape, codes, bounded echo).
  expect(answerProblem(method, res.status, res.headers.get('content-type'), text, [200, 201])).toBeNull();
  return { status: res.status, body: text === '' ? null : JSON.parse(text), text };
}

const post = (path: string, body: unknown) => call('POST', path, body);

/** A body of `bytes` bytes streamed in 64 KiB chunks, without a Content-Length. */
function streamed(bytes: number): ReadableStream<Uint8Array> {
  let left = bytes;
  return new ReadableStream({
    pull(controller) {
      const n = Math.min(left, 64 * 1024);
      if (n === 0) return controller.close();
      controller.enqueue(new Uint8Array(n).fill(0x20));
      left -= n;
    },
  });
}

describe('401 unauthorized (server with a token)', () => {
  it.each([
    ['no header', {}],
    ['a wrong token', { authorization: 'Bearer nope' }],
    ['another scheme', { authorization: 'Basic abc' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('%s → 401 unauthorized on every /v1 route', async (_name, headers) => {
    for (const [method, path] of [['POST', '/v1/scrape'], ['POST', '/v1/batches'], ['GET', '/v1/crawls/crawl_0123456789abcdef01234567'], ['GET', '/v1/nope']]) {
      const r = await call(method, path, method === 'POST' ? { url: `${FIXTURE}/item/1` } : undefined, headers, TOKEN_ENV);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: expect.any(String), code: 'unauthorized' });
    }
  });

  it('the right token passes, /healthz needs none', async () => {
    expect((await call('GET', '/v1/batches/batch_0123456789abcdef01234567', undefined, AUTH, TOKEN_ENV)).status).toBe(404);
    expect((await call('GET', '/healthz', undefined, {}, TOKEN_ENV)).status).toBe(200);
  });
});

describe('400 tables', () => {
  const url = `${FIXTURE}/item/1`;
  it.each([
    ['not json', 'invalid_json'],
    ['[1,2]', 'invalid_json'],
    ['"x"', 'invalid_json'],
    ['null', 'invalid_json'],
    ['', 'invalid_json'],
    ['['.repeat(50_000), 'invalid_json'],
    [{}, 'invalid_request'],
    [{ url: 'ftp://x' }, 'invalid_request'],
    [{ url: 'not a url' }, 'invalid_request'],
    [{ url: 'http://user:pw@fixture.test/' }, 'invalid_request'],
    [{ url, timeout: 5 }, 'invalid_request'],
    [{ url, maxFileBytes: 600 * 1024 * 1024 }, 'invalid_request'],
    [{ url, formats: [] }, 'invalid_request'],
    [{ url, formats: [{ type: 'json' }] }, 'invalid_request'],
    [{ url, mode: 'research' }, 'invalid_request'],
    [{ url, onlyMainContent: 'yes' }, 'invalid_request'],
  ])('POST /v1/scrape %j → 400 %s', async (body, code) => {
    const r = await post('/v1/scrape', body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(code);
    expect(r.body.details).toBeUndefined();
  });

  it.each([
    [{}, 'invalid_request'],
    [{ urls: [] }, 'invalid_request'],
    [{ urls: 'http://fixture.test/' }, 'invalid_request'],
    [{ urls: [1] }, 'invalid_request'],
    [{ urls: Array(1_001).fill(url) }, 'invalid_request'],
    [{ urls: [url], timeout: 300_001 }, 'invalid_request'],
    [{ urls: [url], formats: ['screenshot'] }, 'unsupported_format'],
    [{ urls: [url], url }, 'unsupported_parameter'],
    [{ urls: [`${url}?${'q'.repeat(9000)}`] }, 'invalid_request'],
  ])('POST /v1/batches %j → 400 %s', async (body, code) => {
    const r = await post('/v1/batches', body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(code);
  });

  it.each([
    [{}, 'invalid_request'],
    [{ url: 'javascript:alert(1)' }, 'invalid_request'],
    [{ url, maxPages: 0 }, 'invalid_request'],
    [{ url, maxPages: 1_001 }, 'invalid_request'],
    [{ url, includePaths: ['('] }, 'invalid_request'],
    [{ url, includePaths: ['(a+)+$'] }, 'invalid_request'],
    [{ url, limit: 5 }, 'unsupported_parameter'],
    [{ url, urls: [url] }, 'unsupported_parameter'],
  ])('POST /v1/crawls %j → 400 %s', async (body, code) => {
    const r = await post('/v1/crawls', body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(code);
  });

  it('names unsupported parameters and formats as sent', async () => {
    expect((await post('/v1/scrape', { url, actions: [], proxy: 'x' })).body).toEqual({
      error: 'unsupported parameters: actions, proxy',
      code: 'unsupported_parameter',
      details: { parameters: ['actions', 'proxy'] },
    });
    expect((await post('/v1/scrape', { url, formats: [{ type: 'markdown', schema: {} }] })).body.details).toEqual({ parameters: ['formats[0].schema'] });
    expect((await post('/v1/crawls', { url, limit: 5 })).body.details).toEqual({ parameters: ['limit'] });
    expect((await post('/v1/scrape', { url, formats: ['markdown', 'html', { type: 'rawHtml' }] })).body).toMatchObject({
      code: 'unsupported_format',
      details: { formats: ['html', 'rawHtml'] },
    });
    expect((await post('/v1/scrape?formats=html', { url })).body).toMatchObject({ code: 'unsupported_parameter', details: { parameters: ['formats'] } });
  });

  it('a JSON schema nested 20,000 levels deep (inside the body limit) is refused, not a 500', async () => {
    const depth = 20_000;
    const schema = `${'{"type":"object","properties":{"a":'.repeat(depth)}{"type":"string"}${'}}'.repeat(depth)}`;
    const r = await post('/v1/scrape', `{"url": "${url}", "formats": [{"type": "json", "schema": ${schema}}]}`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('invalid_request');
  });

  it('cancel and resume take no body keys', async () => {
    const path = '/v1/crawls/crawl_0123456789abcdef01234567/cancel';
    expect((await post(path, { force: true })).body).toMatchObject({ code: 'unsupported_parameter', details: { parameters: ['force'] } });
    expect((await post(path, 'x')).body.code).toBe('invalid_json');
  });
});

describe('404 not_found', () => {
  it.each([
    ['GET', '/v1/nope'],
    ['GET', '/nope'],
    ['GET', '/v2/scrape'],
    ['GET', '/v1/scrape'],
    ['DELETE', '/v1/batches'],
    ['GET', '/v1/batches/batch_0123456789abcdef01234567'],
    ['GET', '/v1/batches/not-an-id/items'],
    ['GET', '/v1/crawls/crawl_0123456789abcdef01234567/pages'],
    ['POST', '/v1/crawls/crawl_0123456789abcdef01234567/resume'],
    ['GET', '/v1/files/nope.pdf'],
    ['GET', `/v1/${'p'.repeat(100_000)}`],
  ])('%s %s → 404', async (method, path) => {
    const r = await call(method, path);
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('not_found');
    expect(r.text.length).toBeLessThan(3_000);
  });
});

describe('URL length limit (D200)', () => {
  const long = (n: number) => `${FIXTURE}/item/1?${'q'.repeat(n - `${FIXTURE}/item/1?`.length)}`;

  it(`refuses a URL over ${MAX_URL_LENGTH} characters with invalid_request, and takes one of exactly that length`, async () => {
    for (const [path, body] of [
      ['/v1/scrape', { url: long(MAX_URL_LENGTH + 1) }],
      ['/v1/crawls', { url: long(MAX_URL_LENGTH + 1) }],
      ['/v1/scrape', { url: long(500_000) }],
    ] as const) {
      const r = await post(path, body);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('invalid_request');
      expect(r.body.error).toContain(`the limit is ${MAX_URL_LENGTH}`);
      expect(r.text.length).toBeLessThan(500);
    }
    // A 10 MB URL never gets that far: its body is over the route's limit.
    expect((await post('/v1/crawls', { url: long(10 * 1024 * 1024) })).body.error).toContain('request body exceeds 1 MiB');
    // At the limit the request is taken and the page requested (what the fixture's outbound hop makes of so long a
    // URL is its own business: here it answers with no HTML).
    const ok = await post('/v1/scrape', { url: long(MAX_URL_LENGTH), formats: ['markdown'] });
    expect(ok.status).toBe(200);
    expect(ok.body.evidenceRecord.requestedUrl).toBe(long(MAX_URL_LENGTH));
  });
});

describe('request body limits per route (D201)', () => {
  it.each([
    ['/v1/scrape', SINGLE_URL_BODY_MAX],
    ['/v1/crawls', SINGLE_URL_BODY_MAX],
    ['/v1/batches', BATCH_BODY_MAX],
    ['/v1/crawls/crawl_0123456789abcdef01234567/cancel', SMALL_BODY_MAX],
  ])('POST %s over %i bytes → 400 invalid_request, sized or streamed', async (path, max) => {
    const sized = await post(path, ' '.repeat(max + 1));
    expect(sized.status).toBe(400);
    expect(sized.body).toEqual({ error: expect.stringContaining('request body exceeds'), code: 'invalid_request' });
    const stream = await post(path, streamed(max + 1));
    expect(stream.status).toBe(400);
    expect(stream.body.code).toBe('invalid_request');
  });

  it('a body just under the limit is read and judged on its content', async () => {
    const padded = `{"url": "${FIXTURE}/item/3", "formats": ["markdown"]}`.padEnd(SINGLE_URL_BODY_MAX, ' ');
    const r = await post('/v1/scrape', streamed(0));
    expect(r.body.code).toBe('invalid_json');
    const ok = await post('/v1/scrape', padded);
    expect(ok.status).toBe(200);
  });
});

describe('bounded echoes (D202)', () => {
  it('a 1 MB unknown key comes back cut, in the message and in details', async () => {
    const key = 'k'.repeat(1_000_000 - 100);
    const r = await post('/v1/scrape', `{"url": "${FIXTURE}/item/1", "${key}": 1}`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('unsupported_parameter');
    expect(r.text.length).toBeLessThan(1_000);
    expect(r.body.details.parameters).toHaveLength(1);
    expect(r.body.details.parameters[0]).toMatch(/^k+… \(999900 characters\)$/);
  });

  it('50,000 unknown keys come back as at most 50 names', async () => {
    const keys = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`x${i}`, 1]));
    const r = await post('/v1/crawls', { url: `${FIXTURE}/site/0`, ...keys });
    expect(r.body.details.parameters).toHaveLength(50);
    expect(r.body.error).toMatch(/and 49950 more$/);
  });
});
