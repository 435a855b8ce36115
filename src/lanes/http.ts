// The `http` lane: plain HTTP(S) requests, redirects followed by hand so that every hop is listed, checked against the
// profile's address policy and against the robots.txt of its own origin before it is requested (RFC 9309 §2.2:
// rules apply per origin). It returns the one lane result type; the pipeline never sees a lane-specific shape.
import type { AddressPolicy } from '../capture/profile.ts';
import type { RobotsDecision } from '../capture/types.ts';
import { errorMessage } from '../io/errors.ts';
import { REDIRECT_STATUSES } from '../io/redirects.ts';
import { urlHostAddress } from '../net/ip.ts';
import type { FetchFn, LaneResult } from './types.ts';

export type { FetchFn } from './types.ts';

/** Redirects followed before `too_many_redirects` (decision D12); browsers stop at about 20, we allow a little more. */
export const MAX_REDIRECTS = 30;

export interface RobotsGate {
  (url: URL): Promise<{ allowed: boolean; decision: RobotsDecision; reason: 'robots_disallowed' | 'robots_unreachable' | null }>;
}

export interface HttpLaneRequest {
  url: URL;
  userAgent: string;
  signal: AbortSignal;
  fetch: FetchFn;
  robots: RobotsGate;
  policy: AddressPolicy;
  /** `host:port` of the proxy a request for this URL goes through, or null (evidence `proxy`). */
  routeOf: (url: URL) => string | null;
  now: () => number;
}

interface Hops {
  answered: string[];
  robots: RobotsDecision | null;
}

/**
 * workerd answers a fetch whose host name does not resolve with an opaque "internal error; reference = …" (a refused
 * connection reads "Network connection lost."); undici reports ENOTFOUND / EAI_AGAIN in the cause. Both mean the
 * host could not be found: a page result, not a service fault (decision D61).
 */
export function isHostNotFound(message: string): boolean {
  return /^internal error; reference = /i.test(message) || /ENOTFOUND|EAI_AGAIN|getaddrinfo/i.test(message);
}

/** A request to `url` that got no answer: `dns_error` when its host name did not resolve, else `fetch_failed`. */
function connectionFailure(url: URL, message: string): Ending {
  if (isHostNotFound(message) && urlHostAddress(url) === null) {
    return { kind: 'failed', reason: 'dns_error', message: `host not found: ${url.hostname}`, httpStatus: null };
  }
  return { kind: 'failed', reason: 'fetch_failed', message, httpStatus: null };
}

function fetchFailure(hops: Hops, url: URL, err: unknown, req: HttpLaneRequest): LaneResult {
  const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
  return done(hops, req, connectionFailure(url, errorMessage(err, 'connection failed') + cause));
}

export type Ending =
  | { kind: 'blocked'; reason: string; detail: string | null }
  | { kind: 'failed'; reason: string; message: string; httpStatus: number | null }
  | { kind: 'timeout' };

function done(hops: Hops, req: HttpLaneRequest, end: Ending): LaneResult {
  const common = {
    lane: 'http' as const,
    chain: { urls: hops.answered, complete: true },
    robots: hops.robots,
    // identity.userAgent: as sent with a page request; null when no page request got an answer.
    userAgent: hops.answered.length > 0 ? req.userAgent : null,
    proxy: null,
  };
  return { ...common, ...end };
}

/** The checks before a hop is requested: address policy, then robots.txt. Null = go ahead (browser lanes use it too). */
export async function gateHop(url: URL, hops: { robots: RobotsDecision | null }, req: Pick<HttpLaneRequest, 'policy' | 'robots' | 'signal'>): Promise<Ending | null> {
  const verdict = await req.policy.check(url, req.signal);
  if (!verdict.allowed) {
    return verdict.reason === 'dns_error'
      ? { kind: 'failed', reason: 'dns_error', message: verdict.detail, httpStatus: null }
      : { kind: 'blocked', reason: 'policy_denied', detail: verdict.detail };
  }
  const gate = await req.robots(url);
  hops.robots = gate.decision;
  if (gate.allowed) return null;
  // robots.txt unreachable at the network level (DNS failure, refused connection) means the host itself cannot be
  // reached: the page was not requested and the honest verdict is a failed fetch, not a site policy block.
  const unreachable = gate.decision.unreachable ?? '';
  if (gate.reason === 'robots_unreachable' && unreachable.startsWith('network_error')) {
    return connectionFailure(url, unreachable.replace(/^network_error:?\s*/, '') || 'connection failed');
  }
  return { kind: 'blocked', reason: gate.reason ?? 'robots_disallowed', detail: null };
}

/** The next hop of a redirect, or why the chain ends here. */
function nextHop(res: Response, url: URL, seen: Set<string>, hop: number): URL | Ending {
  const location = res.headers.get('location') ?? '';
  let next: URL;
  try {
    next = new URL(location, url);
  } catch {
    return { kind: 'failed', reason: 'bad_redirect', message: `invalid Location header: ${location.slice(0, 200)}`, httpStatus: res.status };
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    return { kind: 'failed', reason: 'bad_redirect', message: `redirect to a non-HTTP URL: ${next.href.slice(0, 200)}`, httpStatus: res.status };
  }
  next.hash = '';
  if (seen.has(next.href)) {
    return { kind: 'failed', reason: 'redirect_loop', message: `redirect loop back to ${next.href.slice(0, 200)}`, httpStatus: res.status };
  }
  if (hop + 1 > MAX_REDIRECTS) {
    return { kind: 'failed', reason: 'too_many_redirects', message: `more than ${MAX_REDIRECTS} redirects`, httpStatus: res.status };
  }
  return next;
}

export async function fetchOverHttpLane(req: HttpLaneRequest): Promise<LaneResult> {
  const hops: Hops = { answered: [], robots: null };
  const seen = new Set<string>();
  // A fragment is never part of a request target (RFC 9112 §3.2); the lane requests and lists URLs without one.
  let url = new URL(req.url);
  url.hash = '';
  for (let hop = 0; ; hop++) {
    if (req.signal.aborted) return done(hops, req, { kind: 'timeout' });
    const refused = await gateHop(url, hops, req);
    if (refused) return done(hops, req, refused);
    if (req.signal.aborted) return done(hops, req, { kind: 'timeout' });
    let res: Response;
    try {
      res = await req.fetch(url.href, {
        method: 'GET',
        redirect: 'manual',
        signal: req.signal,
        headers: { 'user-agent': req.userAgent, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
    } catch (err) {
      if (req.signal.aborted) return done(hops, req, { kind: 'timeout' });
      return fetchFailure(hops, url, err, req);
    }
    const fetchedAt = new Date(req.now()).toISOString();
    hops.answered.push(url.href);
    seen.add(url.href);
    if (!REDIRECT_STATUSES.has(res.status) || res.headers.get('location') === null) {
      const base = done(hops, req, { kind: 'timeout' });
      return { ...base, kind: 'response', status: res.status, headers: res.headers, body: { kind: 'stream', stream: res.body }, fetchedAt, proxy: req.routeOf(url), warnings: [] };
    }
    await res.body?.cancel();
    const next = nextHop(res, url, seen, hop);
    if (!(next instanceof URL)) return done(hops, req, next);
    url = next;
  }
}
