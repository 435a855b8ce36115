// The `http` lane: plain HTTP(S) requests, redirects followed by hand so that every hop is listed and checked against
// the robots.txt of its own origin before it is requested (RFC 9309 §2.2: rules apply per origin).
import type { RobotsDecision } from '../capture/types.ts';

export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

/** Redirects followed before `too_many_redirects` (decision D12); browsers stop at about 20, we allow a little more. */
export const MAX_REDIRECTS = 30;
/** A page that keeps moving keeps its first URL and the last 20 (spec "Limits"). */
export const CHAIN_TAIL = 20;

export interface RobotsGate {
  (url: URL): Promise<{ allowed: boolean; decision: RobotsDecision; reason: 'robots_disallowed' | 'robots_unreachable' | null }>;
}

export interface HttpLaneRequest {
  url: URL;
  userAgent: string;
  signal: AbortSignal;
  fetch: FetchFn;
  robots: RobotsGate;
}

interface Hops {
  /** Every URL that answered, in order. */
  answered: string[];
  robots: RobotsDecision | null;
}

export type HttpLaneOutcome =
  | (Hops & { kind: 'response'; response: Response; fetchedAt: string })
  | (Hops & { kind: 'blocked'; reason: 'robots_disallowed' | 'robots_unreachable' })
  | (Hops & { kind: 'failed'; reason: string; message: string; httpStatus: number | null })
  | (Hops & { kind: 'timeout' });

const REDIRECT_CODES = new Set([301, 302, 303, 307, 308]);

/** `urls` runs from requestedUrl to finalUrl; a chain over 21 URLs keeps the first and the last 20 (complete = false). */
export function redirectChainOf(answered: string[]): { urls: string[]; complete: boolean } {
  if (answered.length <= CHAIN_TAIL + 1) return { urls: [...answered], complete: true };
  return { urls: [answered[0], ...answered.slice(-CHAIN_TAIL)], complete: false };
}

function describeFetchError(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  return msg || 'connection failed';
}

export async function fetchOverHttpLane(req: HttpLaneRequest): Promise<HttpLaneOutcome> {
  const hops: Hops = { answered: [], robots: null };
  const seen = new Set<string>();
  // A fragment is never part of a request target (RFC 9112 §3.2); the lane requests and lists URLs without one.
  let url = new URL(req.url);
  url.hash = '';
  for (let hop = 0; ; hop++) {
    if (req.signal.aborted) return { ...hops, kind: 'timeout' };
    const gate = await req.robots(url);
    hops.robots = gate.decision;
    if (!gate.allowed) {
      // robots.txt unreachable at the network level (DNS failure, refused connection) means the host itself cannot be
      // reached: the page was not requested and the honest verdict is a failed fetch, not a site policy block.
      const unreachable = gate.decision.unreachable ?? '';
      if (gate.reason === 'robots_unreachable' && unreachable.startsWith('network_error')) {
        const message = unreachable.replace(/^network_error:?\s*/, '') || 'connection failed';
        return { ...hops, kind: 'failed', reason: 'fetch_failed', message, httpStatus: null };
      }
      return { ...hops, kind: 'blocked', reason: gate.reason ?? 'robots_disallowed' };
    }
    if (req.signal.aborted) return { ...hops, kind: 'timeout' };
    let res: Response;
    try {
      res = await req.fetch(url.href, {
        method: 'GET',
        redirect: 'manual',
        signal: req.signal,
        headers: { 'user-agent': req.userAgent, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
    } catch (err) {
      if (req.signal.aborted) return { ...hops, kind: 'timeout' };
      return { ...hops, kind: 'failed', reason: 'fetch_failed', message: describeFetchError(err), httpStatus: null };
    }
    const fetchedAt = new Date().toISOString();
    hops.answered.push(url.href);
    seen.add(url.href);
    const location = res.headers.get('location');
    if (!REDIRECT_CODES.has(res.status) || location === null) {
      return { ...hops, kind: 'response', response: res, fetchedAt };
    }
    await res.body?.cancel();
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      return { ...hops, kind: 'failed', reason: 'bad_redirect', message: `invalid Location header: ${location}`, httpStatus: res.status };
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      return { ...hops, kind: 'failed', reason: 'bad_redirect', message: `redirect to a non-HTTP URL: ${next.href}`, httpStatus: res.status };
    }
    next.hash = '';
    if (seen.has(next.href)) {
      return { ...hops, kind: 'failed', reason: 'redirect_loop', message: `redirect loop back to ${next.href}`, httpStatus: res.status };
    }
    if (hop + 1 > MAX_REDIRECTS) {
      return { ...hops, kind: 'failed', reason: 'too_many_redirects', message: `more than ${MAX_REDIRECTS} redirects`, httpStatus: res.status };
    }
    url = next;
  }
}
