// Generated requests for the fuzz test (test/workers/fuzz.test.ts, in workerd) and `npm run fuzz` (bench/fuzz.ts,
// against the real local service). Pure fast-check, so both runtimes share it. Every URL a generator builds names one
// of the `origins` it is given (fixture hosts or loopback) or is no usable http(s) URL: nothing can reach the internet.
import fc from 'fast-check';

export interface FuzzRequest {
  method: string;
  path: string;
  /** Sent as is (already JSON text, or deliberately not JSON); null = no body. */
  body: string | null;
}

export type PostRoute = '/v1/scrape' | '/v1/batches' | '/v1/crawls';
export const POST_ROUTES: readonly PostRoute[] = ['/v1/scrape', '/v1/batches', '/v1/crawls'];

const PROTO_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

/** True when `raw` is no http(s) URL, or one whose host is among `origins` (so sending it is harmless). */
export function isSafeUrl(raw: string, origins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return true;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return true;
  return origins.some((o) => new URL(o).host === url.host);
}

const text = (origins: readonly string[]) =>
  fc
    .oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom(...PROTO_NAMES, '', ' ', '\u0000', '💥', 'null', '{}'),
      fc.nat({ max: 12_000 }).map((n) => 'k'.repeat(n)),
    )
    .map((s) => (isSafeUrl(s, origins) ? s : 'not-a-url'));

/** A URL-shaped value: good fixture URLs, broken ones, huge ones and values of the wrong type. */
export function urlValue(origins: readonly string[]): fc.Arbitrary<unknown> {
  const origin = fc.constantFrom(...origins);
  const safePath = fc.oneof(
    fc.constantFrom('item/1', 'item/2', 'site/0', 'missing', '', '?q=1', '#frag', '%00', '..%2f..%2f', 'a b', 'ü'),
    fc.string({ maxLength: 30 }),
  );
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(origin, safePath).map(([o, p]) => `${o}/${p}`) },
    {
      weight: 1,
      arbitrary: fc.tuple(origin, fc.constantFrom(8_100, 8_200, 9_000, 40_000)).map(([o, n]) => `${o}/${'a'.repeat(n)}`),
    },
    { weight: 1, arbitrary: fc.constantFrom('ftp://x/', 'javascript:alert(1)', 'file:///etc/passwd', 'data:,x', 'http://', 'http://user:pw@127.0.0.1:1/', '//127.0.0.1:1/', 'mailto:a@b') },
    { weight: 2, arbitrary: text(origins) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 1 })) },
  ).map((v) => (typeof v === 'string' && !isSafeUrl(v, origins) ? 'not-a-url' : v));
}

const schema = fc.oneof(
  fc.constant({ type: 'object', properties: { title: { type: 'string' } }, required: ['title'] }),
  fc.constant({ type: 'object', required: ['__proto__', 'constructor'] }),
  fc.constant({ allOf: [] }),
  fc.constant({ type: 'string', pattern: '(a+)+$' }),
  fc.constant({ $ref: '#/nowhere' }),
  fc.nat({ max: 12 }).map((d) => {
    let s: object = { type: 'string' };
    for (let i = 0; i < d; i++) s = { type: 'object', properties: { x: s } };
    return s;
  }),
  fc.jsonValue({ maxDepth: 2 }),
);

const format = fc.oneof(
  fc.constantFrom('markdown', 'links', 'json', 'html', 'rawHtml', 'screenshot', '', '__proto__'),
  fc.record({ type: fc.constantFrom('markdown', 'links', 'html') }),
  fc.record({ type: fc.constant('json'), schema, prompt: fc.option(fc.string({ maxLength: 20 })), modelFallback: fc.option(fc.boolean()) }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('markdown'), extra: fc.jsonValue({ maxDepth: 1 }) }),
  fc.jsonValue({ maxDepth: 1 }),
);

/** Mostly a valid value (so generated requests also get past validation), else one of the wrong ones. */
const mostly = <T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: invalid });

const int = (good: number[], bad: number[]) =>
  mostly(fc.constantFrom(...good), fc.oneof(fc.constantFrom(...bad), fc.integer(), fc.double(), fc.string({ maxLength: 5 }), fc.constant(null)));

function captureOptions(origins: readonly string[]) {
  return {
    formats: mostly(fc.array(fc.constantFrom('markdown', 'links'), { minLength: 1, maxLength: 2 }), fc.oneof(fc.array(format, { maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }))),
    timeout: int([1_000, 5_000, 30_000], [300_001, 0, -1, 999]),
    maxFileBytes: int([1, 1_000_000], [0, 600 * 1024 * 1024]),
    onlyMainContent: mostly(fc.boolean(), fc.jsonValue({ maxDepth: 0 })),
    mode: mostly(fc.constant('standard'), fc.oneof(fc.constantFrom('research', 'stealth'), text(origins))),
  };
}

/** Extra keys: unknown names (also prototype names and huge ones) the service must refuse by name, bounded. */
const extraKeys = (origins: readonly string[]) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(text(origins), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom<object>({ limit: 5 }, { actions: [] }, { proxy: 'x' }, JSON.parse('{"__proto__":{"url":1}}') as object) },
  );

/** `a` and `b` as own properties, `__proto__` included (Object.assign would set the prototype instead). */
function merge(a: object, b: object): object {
  const out: Record<string, unknown> = {};
  for (const src of [a, b]) {
    for (const [k, v] of Object.entries(src)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function bodyFor(route: PostRoute, origins: readonly string[]): fc.Arbitrary<object> {
  const opts = captureOptions(origins);
  const own =
    route === '/v1/scrape'
      ? fc.record({ url: urlValue(origins), ...opts }, { requiredKeys: ['url'] })
      : route === '/v1/batches'
        ? fc.record(
            { urls: mostly(fc.array(urlValue(origins), { minLength: 1, maxLength: 4 }), fc.oneof(urlValue(origins), fc.constant([]), fc.constant(Array(1_001).fill('x')))), ...opts },
            { requiredKeys: ['urls'] },
          )
        : fc.record(
            {
              url: urlValue(origins),
              maxPages: int([1, 2], [0, 1_001]),
              includePaths: mostly(fc.array(fc.constantFrom('^/site', '^/item', '\\p{L}'), { maxLength: 2 }), fc.oneof(fc.array(fc.constantFrom('(a+)+$', '(', ''), { minLength: 1, maxLength: 2 }), fc.jsonValue({ maxDepth: 1 }))),
              ...opts,
            },
            { requiredKeys: ['url'] },
          );
  return fc.tuple(own, extraKeys(origins)).map(([a, b]) => merge(a, b));
}

/** The raw text of a POST body: mostly JSON objects of the route's shape, also broken, huge or non-object JSON. */
export function postBody(route: PostRoute, origins: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 12, arbitrary: bodyFor(route, origins).map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: bodyFor(route, origins).chain((b) => { const t = JSON.stringify(b); return fc.nat({ max: t.length }).map((n) => t.slice(0, n)); }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v) ?? '') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '{}', 'null', '[]', '"x"', '1e999', '{"a":1,"a":2}', '[' .repeat(20_000), '{"url":' + '['.repeat(5_000)) },
  );
}

export function postRequest(route: PostRoute, origins: readonly string[]): fc.Arbitrary<FuzzRequest> {
  return postBody(route, origins).map((body) => ({ method: 'POST', path: route, body }));
}

const segment = fc.oneof(
  fc.constantFrom('v1', 'scrape', 'batches', 'crawls', 'files', 'items', 'pages', 'cancel', 'resume', 'healthz', '..', '.', '%2e%2e', '%00', '%ZZ', '', 'v2'),
  fc.constantFrom('batch_0123456789abcdef01234567', 'crawl_0123456789abcdef01234567', `${'a'.repeat(64)}.pdf`, 'batch_x'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.nat({ max: 10_000 }).map((n) => 'p'.repeat(n)),
);

const query = fc.oneof(
  fc.constant(''),
  fc.constantFrom('?limit=0', '?limit=-1', '?limit=1e3', '?limit=abc', '?cursor=%00', '?cursor=x&limit=2', '?limit=1&limit=2', '?&&', '?=', '?a=%ZZ', '?formats=html'),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }).map((d) => `?${new URLSearchParams(d).toString()}`),
);

/**
 * Odd paths, methods and queries, under /v1 mostly (GET list routes, cancel/resume, files, unknown routes). /fc is left
 * out: its errors have the other vendor's shape.
 */
export function oddRequest(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
      prefix: fc.constantFrom('/v1/', '/v1/batches/', '/v1/crawls/', '/v1/files/', '/', '//'),
      segments: fc.array(segment, { maxLength: 4 }),
      query,
      body: fc.oneof(fc.constant(null), fc.constantFrom('{}', 'x', '{"a":1}')),
    })
    .map(({ method, prefix, segments, query: q, body }) => ({
      method,
      path: prefix + segments.join('/') + q,
      body: method === 'GET' || method === 'HEAD' ? null : body,
    }))
    .filter((r) => !/^\/+fc(\/|\?|$)/.test(r.path));
}

const KNOWN_SEGMENTS = new Set(['v1', 'scrape', 'batches', 'crawls', 'files', 'items', 'pages', 'cancel', 'resume', 'healthz']);

/** A request's route for counting: known path segments kept, any other one as `*`, the query left out. */
export function routeShape(method: string, path: string): string {
  const segments = path.split('?')[0].split('/').slice(1, 3);
  return `${method} /${segments.map((s) => (KNOWN_SEGMENTS.has(s) ? s : '*')).join('/')}`;
}

const b64url = (text: string): string => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Queries of a list route of the task `taskId`: good and bad limits, cursors of this task, of others, and garbage. */
export function listQuery(taskId: string): fc.Arbitrary<string> {
  const limit = fc.oneof(fc.constantFrom('1', '20', '100', '0', '101', '-1', '1.5', '1e2', '', 'abc', '0001', '99999'), fc.string({ maxLength: 6 }));
  const cursor = fc.oneof(
    fc.nat({ max: 50 }).map((n) => b64url(`c1:${taskId}:${n}`)),
    fc.constantFrom(b64url('c1:batch_0123456789abcdef01234567:1'), b64url(`c1:${taskId}:-1`), b64url(`c1:${taskId}:99999999999999999999`), b64url(`c2:${taskId}:1`), '', '===', '%00', 'not a cursor'),
    fc.string({ unit: 'binary-ascii', maxLength: 40 }).map(b64url),
    fc.string({ maxLength: 20 }),
  );
  return fc
    .record({ limit, cursor, extra: fc.option(fc.constantFrom('formats', 'status', 'limit', 'cursor')) }, { requiredKeys: [] })
    .map((q) => {
      const params = new URLSearchParams();
      if (q.limit !== undefined) params.append('limit', q.limit);
      if (q.cursor !== undefined) params.append('cursor', q.cursor);
      if (q.extra) params.append(q.extra, '1');
      const text = params.toString();
      return text === '' ? '' : `?${text}`;
    });
}
