// The /fc routes against a small in-memory stand-in of the /v1 routes (the shapes of README "Routes" and D9–D11),
// run in process through one Hono app as in createApp: paging with `next`, status mapping, errors, cancel, refusals.
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/config.ts';
import { ApiError, errorResponse } from '../../../errors.ts';
import type { AppEnv } from '../../context.ts';
import { fcRoutes } from './routes.ts';

const ID = 'crawl_0123456789abcdef01234567';

interface Fake {
  received: Array<{ method: string; path: string; body: unknown; auth: string | null }>;
  status: string;
  entries: Array<Record<string, unknown>>;
}

function entry(index: number, status = 'success', reason: string | null = null): Record<string, unknown> {
  return {
    index,
    url: `http://a.test/${index}`,
    status,
    reason,
    markdown: `# ${index}`,
    metadata: { title: `p${index}` },
    evidenceRecord: { finalUrl: `http://a.test/${index}`, httpStatus: 200, fetchedAt: null },
  };
}

/** /v1 stand-in: one crawl; list pages of `limit` (default 2) with the cursor as the index reached. */
function fakeV1(fake: Fake): Hono<AppEnv> {
  const v1 = new Hono<AppEnv>();
  v1.use('/v1/*', async (c, next) => {
    const text = c.req.method === 'GET' ? '' : await c.req.raw.clone().text();
    fake.received.push({ method: c.req.method, path: c.req.path + (new URL(c.req.url).search || ''), body: text ? JSON.parse(text) : null, auth: c.req.header('authorization') ?? null });
    await next();
  });
  const known = (id: string) => {
    if (id !== ID) throw new ApiError('not_found', `crawl not found: ${id}`);
  };
  const record = () => ({ id: ID, object: 'crawl', status: fake.status, counts: { discovered: 3, queued: 0, done: fake.entries.length } });
  v1.post('/v1/crawls', (c) => c.json(record(), 201));
  v1.get('/v1/crawls/:id', (c) => (known(c.req.param('id')), c.json(record())));
  v1.get('/v1/crawls/:id/pages', (c) => {
    known(c.req.param('id'));
    const from = Number(c.req.query('cursor') ?? '0');
    const limit = Number(c.req.query('limit') ?? '2');
    const data = fake.entries.slice(from, from + limit);
    const hasMore = from + data.length < fake.entries.length;
    const finished = fake.status !== 'running';
    return c.json({ object: 'list', data, nextCursor: finished && !hasMore ? null : String(from + data.length), hasMore });
  });
  v1.post('/v1/crawls/:id/cancel', (c) => {
    known(c.req.param('id'));
    if (fake.status !== 'running') throw new ApiError('conflict', `crawl is ${fake.status}`);
    fake.status = 'cancelled';
    return c.json(record());
  });
  v1.post('/v1/scrape', async (c) => c.json({ ...entry(0), url: ((await c.req.json()) as { url: string }).url }));
  return v1;
}

let fake: Fake;
let app: Hono<AppEnv>;

beforeEach(async () => {
  fake = { received: [], status: 'completed', entries: [entry(0), entry(1, 'blocked', 'robots_disallowed'), entry(2, 'failed', 'http_500')] };
  const config = await loadConfig({});
  app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('config', config);
    await next();
  });
  app.route('/', fakeV1(fake));
  app.route('/fc', fcRoutes(app));
  app.onError((err) => errorResponse(err, false));
});

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const init: RequestInit = { method, headers: { authorization: 'Bearer k', 'content-type': 'application/json' } };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await app.request(path.startsWith('http') ? path : `http://h.test${path}`, init);
  return { status: res.status, body: await res.json() };
}

describe('/fc routes over /v1 in process', () => {
  it('starts a crawl through POST /v1/crawls with the translated body and the caller token; answers 200 with a status URL', async () => {
    const res = await call('POST', '/fc/v1/crawl', { url: 'http://a.test/', limit: 3, origin: 'js-sdk@4.42.0' });
    expect(res).toEqual({ status: 200, body: { success: true, id: ID, url: `http://h.test/fc/v1/crawl/${ID}` } });
    expect(fake.received).toEqual([{ method: 'POST', path: '/v1/crawls', body: { url: 'http://a.test/', formats: ['markdown'], maxPages: 3 }, auth: 'Bearer k' }]);
  });

  it('pages a finished crawl with absolute `next` URLs and leaves the key out on the last page', async () => {
    const first = await call('GET', `/fc/v1/crawl/${ID}`);
    expect(first.body).toMatchObject({ success: true, status: 'completed', total: 3, completed: 3, next: `http://h.test/fc/v1/crawl/${ID}?cursor=2` });
    expect(first.body.data.map((d: any) => d.metadata.sourceURL)).toEqual(['http://a.test/0', 'http://a.test/1']);
    expect(first.body.data[1].metadata.error).toBe('robots_disallowed');
    const last = await call('GET', first.body.next);
    expect(last.body.data.map((d: any) => d.metadata.error)).toEqual(['http_500']);
    expect(last.body).not.toHaveProperty('next');
    const limited = await call('GET', `/fc/v1/crawl/${ID}?limit=3`);
    expect(limited.body.data).toHaveLength(3);
    expect(limited.body).not.toHaveProperty('next');
  });

  it('a running crawl is `scraping` and keeps a `next` to continue from', async () => {
    fake.status = 'running';
    const res = await call('GET', `/fc/v1/crawl/${ID}?limit=3`);
    expect(res.body).toMatchObject({ status: 'scraping', next: `http://h.test/fc/v1/crawl/${ID}?limit=3&cursor=3` });
  });

  it('answers the errors listing to GET and DELETE, reading every page', async () => {
    const listing = { errors: [{ id: `${ID}:2`, url: 'http://a.test/2', code: 'failed', error: 'http_500' }], robotsBlocked: ['http://a.test/1'] };
    expect((await call('DELETE', `/fc/v1/crawl/${ID}/errors`)).body).toEqual(listing);
    expect((await call('GET', `/fc/v1/crawl/${ID}/errors`)).body).toEqual(listing);
    expect(fake.received.filter((r) => r.method === 'GET').map((r) => r.path)).toContain(`/v1/crawls/${ID}/pages?limit=100`);
  });

  it('cancels with DELETE; a crawl that already ended is a conflict in the /fc error shape', async () => {
    fake.status = 'running';
    expect(await call('DELETE', `/fc/v1/crawl/${ID}`)).toEqual({ status: 200, body: { success: true, status: 'cancelled' } });
    expect(await call('DELETE', `/fc/v1/crawl/${ID}`)).toEqual({ status: 409, body: { success: false, error: 'crawl is cancelled', code: 'conflict' } });
  });

  it('passes /v1 errors through and renders its own refusals as {success: false, error, code, details?}', async () => {
    expect(await call('GET', '/fc/v1/crawl/crawl_ffffffffffffffffffffffff')).toEqual({
      status: 404,
      body: { success: false, error: 'crawl not found: crawl_ffffffffffffffffffffffff', code: 'not_found' },
    });
    expect((await call('GET', `/fc/v1/crawl/${ID}?skip=2`)).body).toMatchObject({ success: false, code: 'unsupported_parameter', details: { parameters: ['skip'] } });
    expect((await call('POST', '/fc/v1/scrape?x=1', { url: 'http://a.test/' })).body).toMatchObject({ code: 'unsupported_parameter', details: { parameters: ['x'] } });
    expect((await call('DELETE', `/fc/v1/crawl/${ID}?force=1`)).body).toMatchObject({ code: 'unsupported_parameter', details: { parameters: ['force'] } });
    expect((await call('GET', `/fc/v1/crawl/${ID}/errors?limit=1`)).body).toMatchObject({ code: 'unsupported_parameter', details: { parameters: ['limit'] } });
    expect(await call('POST', '/fc/v1/scrape', '{nope')).toMatchObject({ status: 400, body: { success: false, code: 'invalid_json' } });
    expect(await call('POST', '/fc/v1/scrape', { url: 'http://a.test/', formats: ['html'] })).toMatchObject({
      status: 400,
      body: { success: false, code: 'unsupported_format', details: { formats: ['html'] } },
    });
    expect(fake.received).toEqual([
      expect.objectContaining({ path: '/v1/crawls/crawl_ffffffffffffffffffffffff' }),
    ]);
  });

  it('answers 404 not_found for the other vendor v2 API and any unknown /fc path', async () => {
    for (const [method, path] of [['POST', '/fc/v2/scrape'], ['GET', '/fc/v2/crawl/x'], ['POST', '/fc/v1/map']]) {
      const res = await call(method, path, method === 'POST' ? { url: 'http://a.test/' } : undefined);
      expect(res).toMatchObject({ status: 404, body: { success: false, code: 'not_found' } });
    }
  });

  it('serves an apiUrl written with a trailing slash (/fc//v1/...) as the same route', async () => {
    const res = await call('POST', '/fc//v1/crawl', { url: 'http://a.test/' });
    expect(res).toEqual({ status: 200, body: { success: true, id: ID, url: `http://h.test/fc/v1/crawl/${ID}` } });
    expect((await call('GET', `/fc//v1/crawl/${ID}?limit=3`)).body).toMatchObject({ status: 'completed', total: 3 });
  });

  it('scrape: a Firecrawl document from the /v1 scrape result', async () => {
    const res = await call('POST', '/fc/v1/scrape', { url: 'http://a.test/s', formats: ['markdown'] });
    expect(res).toEqual({ status: 200, body: { success: true, data: { markdown: '# 0', metadata: { title: 'p0', sourceURL: 'http://a.test/s', url: 'http://a.test/0', statusCode: 200 } } } });
  });
});
