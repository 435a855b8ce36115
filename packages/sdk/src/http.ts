// One JSON request against the API. Error responses become SvcError (spec SDK rule 1); a request that never reached the
// API lets the fetch's own error through untouched (spec SDK rule 2).

import { ResponseFormatError, SvcError } from './errors.ts';
import type { FetchLike } from './types.ts';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8787';

export interface Transport {
  baseUrl: string;
  token: string | undefined;
  fetch: FetchLike;
}

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path with query string, e.g. `/v1/batches/batch_…/items?limit=20`. */
  path: string;
  body?: unknown;
  signal?: AbortSignal;
  /** For lookups by id: a 404 says `<kind> not found: <id>` (spec SDK rule 1). */
  lookup?: { kind: 'batch' | 'crawl' | 'monitor' | 'run' | 'destination' | 'delivery'; id: string };
}

export async function requestJson<T>(transport: Transport, spec: RequestSpec): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (transport.token) headers.authorization = `Bearer ${transport.token}`;
  const init: RequestInit = { method: spec.method, headers };
  if (spec.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(spec.body);
  }
  if (spec.signal) init.signal = spec.signal;

  const response = await transport.fetch(joinUrl(transport.baseUrl, spec.path), init);
  const text = await response.text();
  const parsed = parseJson(text);

  if (!response.ok) {
    const notFound = response.status === 404 && spec.lookup;
    throw new SvcError({
      status: response.status,
      method: spec.method,
      path: spec.path,
      body: parsed.ok ? parsed.value : text,
      bodyText: text,
      message: notFound ? `${spec.lookup!.kind} not found: ${spec.lookup!.id}` : undefined,
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
    });
  }
  if (!parsed.ok) throw new ResponseFormatError(spec.method, spec.path, response.status, text);
  return parsed.value as T;
}

export function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, '') + path;
}

/** Query string from defined values only; `?` included when anything is left. */
export function query(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** `Retry-After` is delay-seconds or an HTTP-date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // HTTP-date forms all name a weekday/month; this keeps Date.parse's leniency ("-1" is a year) out.
  const date = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
