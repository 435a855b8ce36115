// Fetching robots.txt (RFC 9309 §2.3): status handling, redirects, size cap, timeout. The HTTP request itself is
// injected (`deps.fetch`), so the caller's SSRF guard and proxy apply to every hop, including cross-origin ones.

import type { RobotsCache, RobotsFetchOutcome } from './cache.ts';
import { parseRobots } from './parse.ts';
import { sha256Hex } from '../files/sha256.ts';
import { abortable, readCapped } from '../io/read-capped.ts';
import { REDIRECT_STATUSES } from '../io/redirects.ts';

export interface RobotsFetchDeps {
  /** Performs ONE request; it is called with `redirect: 'manual'` and must not follow redirects itself. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  userAgent: string;
  /** Product tokens in priority order, e.g. `['svc-capture']` or `['service-preview', 'service']`. */
  tokens: readonly string[];
  /** Budget for the whole robots.txt read: every redirect hop and the body. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Clock for the cache, ms since epoch. */
  now?: () => number;
  cache?: RobotsCache;
  /**
   * Reads of robots.txt under way, by robots.txt URL. Concurrent checks of one origin then share one request. Give
   * each Worker invocation its own map: a promise must not be awaited across workerd request contexts.
   */
  inflight?: RobotsInflight;
}

export type RobotsInflight = Map<string, Promise<RobotsFetchResult>>;

/** RFC 9309 §2.5: at least 500 KiB must be parsed. We read, parse and hash exactly this much at most. */
export const MAX_ROBOTS_BYTES = 500 * 1024;
/** RFC 9309 §2.3.1.2: follow at least five consecutive redirects. */
export const MAX_ROBOTS_REDIRECTS = 5;

const MAX_REASON_CHARS = 200;

export interface RobotsFetchResult {
  outcome: RobotsFetchOutcome;
  /** False for outcomes caused by this call's time budget (timeout, caller abort): they say nothing about the site. */
  cacheable: boolean;
}


function discard(res: Response): void {
  res.body?.cancel().catch(() => undefined);
}

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  // undici reports "fetch failed" and keeps the useful part (ECONNREFUSED, ENOTFOUND ...) in `cause`.
  const cause: unknown = err.cause;
  const detail = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : '';
  return detail && detail !== err.message ? `${err.message} (${detail})` : err.message;
}



/**
 * UTF-8 text to parse (RFC 9309 §2.3; the decoder drops a BOM). When the body was cut at the size cap, the last,
 * partial line is dropped too: `Allow: /private-reports` cut to `Allow: /p` would allow far more than written.
 */
function decodeBody(bytes: Uint8Array, truncated: boolean): string {
  const text = new TextDecoder('utf-8').decode(bytes);
  if (!truncated) return text;
  const cut = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
  return cut >= 0 ? text.slice(0, cut + 1) : '';
}

function unreachable(reason: string, cacheable = true): RobotsFetchResult {
  return { outcome: { kind: 'unreachable', reason: reason.slice(0, MAX_REASON_CHARS) }, cacheable };
}

function resolveRedirect(location: string | null, base: string): string | null {
  if (!location) return null;
  let next: URL;
  try {
    next = new URL(location, base);
  } catch {
    return null;
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') return null;
  next.hash = '';
  return next.href;
}

async function fetchChain(robotsUrl: string, deps: RobotsFetchDeps, signal: AbortSignal): Promise<RobotsFetchResult> {
  let url = robotsUrl;
  for (let redirects = 0; ; redirects++) {
    signal.throwIfAborted();
    const res = await abortable(
      deps.fetch(url, {
        method: 'GET',
        redirect: 'manual',
        signal,
        headers: { 'user-agent': deps.userAgent, accept: 'text/plain, */*;q=0.1' },
      }),
      signal,
    );
    const status = res.status;
    if (REDIRECT_STATUSES.has(status)) {
      discard(res);
      // RFC 9309 §2.3.1.2: after five redirects the file MAY be assumed unavailable; we take the stricter reading
      // (unreachable, so no fetch) because the spec stops the fetch whenever robots.txt cannot be read.
      if (redirects >= MAX_ROBOTS_REDIRECTS) return unreachable('too_many_redirects');
      const next = resolveRedirect(res.headers.get('location'), url);
      if (next === null) return unreachable('invalid_redirect');
      // Followed across origins too; the rules still apply to the page's own origin (RFC 9309 §2.3.1.2).
      url = next;
      continue;
    }
    if (status >= 200 && status < 300) {
      const { bytes, truncated } = await readCapped(res.body, MAX_ROBOTS_BYTES, signal);
      const sha256 = await sha256Hex(bytes);
      return { outcome: { kind: 'rules', rules: parseRobots(decodeBody(bytes, truncated)), sha256, bytes: bytes.byteLength }, cacheable: true };
    }
    discard(res);
    // RFC 9309 §2.3.1.3: 4xx means "unavailable" and crawling may proceed. 429 is the server asking us to slow
    // down, so like 5xx (§2.3.1.4) it counts as unreachable. Other codes (3xx without a usable redirect) too.
    if (status >= 400 && status < 500 && status !== 429) return { outcome: { kind: 'no_robots' }, cacheable: true };
    return unreachable(`http_${status}`);
  }
}

function isTimeoutReason(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'TimeoutError';
}

/** Fetches and parses robots.txt at `robotsUrl` within `deps.timeoutMs`. Never throws for network conditions. */
export async function fetchRobots(robotsUrl: string, deps: RobotsFetchDeps): Promise<RobotsFetchResult> {
  const ctl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctl.abort(new DOMException('robots.txt timed out', 'TimeoutError'));
  }, deps.timeoutMs);
  const outer = deps.signal;
  const onOuterAbort = (): void => ctl.abort(outer?.reason);
  if (outer?.aborted) ctl.abort(outer.reason);
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    return await fetchChain(robotsUrl, deps, ctl.signal);
  } catch (err) {
    if (timedOut) return unreachable('timeout', false);
    if (outer?.aborted) return unreachable(isTimeoutReason(outer.reason) ? 'timeout' : 'aborted', false);
    return unreachable(`network_error: ${describeError(err)}`);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}
