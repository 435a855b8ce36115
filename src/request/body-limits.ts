// Request body limits per route (decision D201). A body is read into memory to be parsed, so each route takes only
// what its largest valid request needs; more is refused with `invalid_request` before any of it is parsed or stored.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { invalidRequest } from '../errors.ts';
import { MAX_URL_LENGTH } from './capture-options.ts';

const KiB = 1024;
const MiB = 1024 * KiB;

/** Room for one URL of MAX_URL_LENGTH, a 64 KiB schema, its prompt and the other options, with a wide margin. */
export const SINGLE_URL_BODY_MAX = 1 * MiB;
/** 1,000 URLs of MAX_URL_LENGTH (8 MiB) plus the options. */
export const BATCH_BODY_MAX = 8 * MiB + SINGLE_URL_BODY_MAX;
/** Routes that take no body or `{}` (cancel, resume) and any other route. */
export const SMALL_BODY_MAX = 64 * KiB;

// /v1 and the /fc shim's routes of the same kind (the shim mounts the middleware inside its own app, so a refusal is
// rendered in its error shape).
const ROUTE_LIMITS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^\/v1\/scrape\/?$/, SINGLE_URL_BODY_MAX],
  [/^\/v1\/crawls\/?$/, SINGLE_URL_BODY_MAX],
  [/^\/v1\/batches\/?$/, BATCH_BODY_MAX],
  // A monitor carries one URL and the scrape options (a JSON schema among them), on create and on PATCH.
  [/^\/v1\/monitors(\/[^/]+)?\/?$/, SINGLE_URL_BODY_MAX],
  [/^\/fc\/+v1\/+scrape\/?$/, SINGLE_URL_BODY_MAX],
  [/^\/fc\/+v1\/+crawl\/?$/, SINGLE_URL_BODY_MAX],
  [/^\/fc\/+v1\/+batch\/+scrape\/?$/, BATCH_BODY_MAX],
];

/** The most bytes a request body to `path` may hold. */
export function bodyLimitFor(path: string): number {
  for (const [pattern, max] of ROUTE_LIMITS) if (pattern.test(path)) return max;
  return SMALL_BODY_MAX;
}

const describe = (bytes: number): string => (bytes >= MiB ? `${bytes / MiB} MiB` : `${bytes / KiB} KiB`);

const limiters = new Map<number, MiddlewareHandler>();

function limiter(max: number): MiddlewareHandler {
  let handler = limiters.get(max);
  if (!handler) {
    handler = bodyLimit({
      maxSize: max,
      onError: (c) => {
        throw invalidRequest(`the request body exceeds ${describe(max)}, the limit of ${c.req.method} ${c.req.path}`);
      },
    });
    limiters.set(max, handler);
  }
  return handler;
}

/** Hono middleware: refuses a body over its route's limit (Content-Length, or counted while it streams in). */
export function limitRequestBody(): MiddlewareHandler {
  return (c, next) => limiter(bodyLimitFor(c.req.path))(c, next);
}
