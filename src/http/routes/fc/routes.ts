// /fc: the Firecrawl v1 API shape over /v1 (spec Surfaces 4; decisions D100–D110). Each route translates the
// Firecrawl request, runs the /v1 request in process (inner.ts) and translates the answer back. Mounted at /fc, so a
// Firecrawl client's `apiUrl` is `http://host:port/fc`.
import { Hono, type Context } from 'hono';
import { ApiError, errorAnswer } from '../../../errors.ts';
import { readJsonObject, refuseUnknownKeys, type JsonObject } from '../../../request/body.ts';
import { limitRequestBody } from '../../../request/body-limits.ts';
import { MAX_CRAWL_MAX_PAGES } from '../../../tasks/settings.ts';
import { requireToken } from '../../auth.ts';
import type { AppEnv } from '../../context.ts';
import { executionCtxOf, v1Caller, type V1App, type V1Call } from './inner.ts';
import { translateBatch, translateCrawl, translateScrape } from './requests.ts';
import { errorsListing, readEntry, readProgress, scrapeAnswer, statusPage, type V1Entry } from './responses.ts';

const NO_KEYS: ReadonlySet<string> = new Set();
const STATUS_QUERY_KEYS: ReadonlySet<string> = new Set(['cursor', 'limit']);
/** Largest /v1 list page (D10), used to read a whole task for its errors listing. */
const LIST_MAX = 100;

/**
 * The one error answer with Firecrawl's `success: false` in front: request-level errors on /fc keep the spec's
 * `{error, code, details?}` after it (spec Endpoints).
 */
export function fcErrorResponse(err: unknown, hosted: boolean): Response {
  const { status, body } = errorAnswer(err, hosted);
  return Response.json({ success: false, ...body }, { status });
}

/** `/v1/batches/<id>` or `/v1/crawls/<id>`: the client polls /v1/crawl/{id} for batch scrapes too (D106). */
function taskPath(id: string): { record: string; list: string } {
  const record = id.startsWith('batch_') ? `/v1/batches/${encodeURIComponent(id)}` : `/v1/crawls/${encodeURIComponent(id)}`;
  return { record, list: id.startsWith('batch_') ? `${record}/items` : `${record}/pages` };
}

/** The absolute URL of this mount (`http://host:port/fc`), for status URLs handed back to the client. */
function mountUrl(c: Context<AppEnv>): string {
  const u = new URL(c.req.url);
  return u.origin + u.pathname.slice(0, u.pathname.indexOf('/v1/'));
}

const entriesOf = (list: JsonObject): V1Entry[] => (Array.isArray(list.data) ? list.data.map(readEntry) : []);

async function statusHandler(c: Context<AppEnv>, v1: V1Call): Promise<Response> {
  const query = c.req.query();
  refuseUnknownKeys(query, STATUS_QUERY_KEYS);
  const paths = taskPath(c.req.param('id') ?? '');
  // Record first: a `completed` record means the list read after it is final, so `next` is then exact.
  const record = await v1('GET', paths.record);
  const params = new URLSearchParams(query);
  const list = await v1('GET', `${paths.list}${params.size > 0 ? `?${params}` : ''}`);
  let next: string | null = null;
  if (typeof list.nextCursor === 'string') {
    const u = new URL(c.req.url);
    u.searchParams.set('cursor', list.nextCursor);
    next = u.href;
  }
  return c.json(statusPage(readProgress(record), entriesOf(list), next));
}

/** Every page of a task, read through the /v1 list in its largest pages. */
async function allEntries(v1: V1Call, listPath: string): Promise<V1Entry[]> {
  const out: V1Entry[] = [];
  let cursor: string | null = null;
  for (;;) {
    const list: JsonObject = await v1('GET', `${listPath}?limit=${LIST_MAX}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    out.push(...entriesOf(list));
    if (list.hasMore !== true || typeof list.nextCursor !== 'string') return out;
    cursor = list.nextCursor;
  }
}

function idOf(record: JsonObject): string {
  if (typeof record.id !== 'string') throw new ApiError('internal_error', 'the /v1 task record has no id');
  return record.id;
}

/** `/fc//v1/...` (an apiUrl written with a trailing slash) is the same route, asked again; anything else is not_found. */
async function unknownPath(c: Context<AppEnv>, app: V1App): Promise<Response> {
  const u = new URL(c.req.url);
  if (u.pathname.includes('//')) {
    u.pathname = u.pathname.replace(/\/{2,}/g, '/');
    return app.fetch(new Request(u.href, c.req.raw), c.env, executionCtxOf(c));
  }
  const hint = /\/v1\//.test(c.req.path) ? '' : ' (this shim speaks the Firecrawl v1 API: /fc/v1/...)';
  throw new ApiError('not_found', `no route matches ${c.req.method} ${c.req.path}${hint}`);
}

export function fcRoutes(app: V1App): Hono<AppEnv> {
  const fc = new Hono<AppEnv>();
  // Auth as on /v1, inside this app so a refusal is rendered in the /fc error shape too.
  fc.use('*', requireToken());
  // The same per-route body limits as /v1 (src/request/body-limits.ts), refused in the /fc error shape.
  fc.use('*', limitRequestBody());
  // Options travel in the body; only the status pages take a query (cursor, limit). Nothing is ignored silently.
  fc.use('*', async (c, next) => {
    if (c.req.method !== 'GET' || c.req.path.endsWith('/errors')) refuseUnknownKeys(c.req.query(), NO_KEYS);
    await next();
  });

  fc.post('/v1/scrape', async (c) => {
    const v1 = v1Caller(c, app);
    const result = await v1('POST', '/v1/scrape', translateScrape(await readJsonObject(c.req.raw)));
    return c.json(scrapeAnswer(readEntry(result)));
  });

  fc.post('/v1/crawl', async (c) => {
    const v1 = v1Caller(c, app);
    const record = await v1('POST', '/v1/crawls', translateCrawl(await readJsonObject(c.req.raw), MAX_CRAWL_MAX_PAGES));
    const id = idOf(record);
    return c.json({ success: true, id, url: `${mountUrl(c)}/v1/crawl/${id}` });
  });

  fc.post('/v1/batch/scrape', async (c) => {
    const v1 = v1Caller(c, app);
    const batch = translateBatch(await readJsonObject(c.req.raw));
    const id = idOf(await v1('POST', '/v1/batches', batch.v1));
    return c.json({ success: true, id, url: `${mountUrl(c)}/v1/batch/scrape/${id}`, invalidURLs: batch.invalidURLs });
  });

  for (const kind of ['crawl', 'batch/scrape']) {
    fc.get(`/v1/${kind}/:id`, (c) => statusHandler(c, v1Caller(c, app)));
    // The official client reads errors with DELETE (Firecrawl's API documents GET): both answer the same listing.
    fc.on(['GET', 'DELETE'], `/v1/${kind}/:id/errors`, async (c) => {
      const id = c.req.param('id');
      return c.json(errorsListing(id, await allEntries(v1Caller(c, app), taskPath(id).list)));
    });
  }

  fc.delete('/v1/crawl/:id', async (c) => {
    await v1Caller(c, app)('POST', `/v1/crawls/${encodeURIComponent(c.req.param('id'))}/cancel`);
    return c.json({ success: true, status: 'cancelled' });
  });

  fc.all('*', (c) => unknownPath(c, app));
  fc.onError((err, c) => fcErrorResponse(err, c.get('config')?.hosted ?? true));
  return fc;
}
