// The shim runs every /fc request as the equivalent /v1 request through the same Hono app, in process (no network):
// same bindings, same execution context, same auth, so /fc stays a pure translation of /v1 (decision D100).
import type { Context, Hono } from 'hono';
import { ApiError, ERROR_STATUS, type ErrorCode, type ErrorDetails } from '../../../errors.ts';
import { isObject, type JsonObject } from '../../../request/body.ts';
import type { AppEnv } from '../../context.ts';

/** The app whose /v1 routes answer the translated requests (the one createApp builds). */
export type V1App = Pick<Hono<AppEnv>, 'fetch'>;

export type V1Call = (method: 'GET' | 'POST', path: string, body?: JsonObject) => Promise<JsonObject>;

const isCode = (v: unknown): v is ErrorCode => typeof v === 'string' && v in ERROR_STATUS;

/** A /v1 error answer as the same ApiError again, so the one error handler renders it (in the /fc shape). */
export function errorFromV1(status: number, body: unknown): ApiError {
  if (isObject(body) && isCode(body.code) && typeof body.error === 'string') {
    const details = isObject(body.details) ? (body.details as ErrorDetails) : undefined;
    return new ApiError(body.code, body.error, details);
  }
  return new ApiError('internal_error', `the /v1 route answered HTTP ${status} without an error body`);
}

export function executionCtxOf(c: Context<AppEnv>): Context<AppEnv>['executionCtx'] | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined; // app.request() in tests has none
  }
}

/** Calls /v1 of `app` with the caller's Authorization header; a /v1 error is thrown as ApiError. */
export function v1Caller(c: Context<AppEnv>, app: V1App): V1Call {
  const origin = new URL(c.req.url).origin;
  const auth = c.req.header('authorization');
  const ctx = executionCtxOf(c);
  return async (method, path, body) => {
    const headers = new Headers();
    if (auth !== undefined) headers.set('authorization', auth);
    if (body !== undefined) headers.set('content-type', 'application/json');
    const req = new Request(origin + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const res = await app.fetch(req, c.env, ctx);
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // left null: reported below
    }
    if (!res.ok) throw errorFromV1(res.status, parsed);
    if (!isObject(parsed)) throw new ApiError('internal_error', `the /v1 route ${method} ${path} answered no JSON object`);
    return parsed;
  };
}
