// Per-host politeness of a crawl (decision D51). A crawl stays on one origin, so its host gate lives in the crawl's
// Durable Object. Until the first page tells us the host's Crawl-delay (robots.txt, read by runCapture), one page is
// in flight; with a Crawl-delay one page at a time and at least the delay between the end of one request and the
// start of the next; without one, up to HOST_CONCURRENCY pages at once.
import { HOST_CONCURRENCY } from './settings.ts';

export interface HostGate {
  /** null until a captured page reported the host's robots decision; 0 = no Crawl-delay. */
  crawlDelayMs: number | null;
  /** Pages sent or being captured. */
  inflight: number;
  /** Earliest start of the next request (ms since epoch). */
  nextAt: number;
}

export interface DispatchPlan {
  /** Pages to send now. */
  count: number;
  /** Delivery delay of those pages. */
  delayMs: number;
}

export function planDispatch(gate: HostGate, waiting: number, now: number): DispatchPlan {
  if (waiting <= 0) return { count: 0, delayMs: 0 };
  if (gate.crawlDelayMs === null || gate.crawlDelayMs > 0) {
    return gate.inflight > 0 ? { count: 0, delayMs: 0 } : { count: 1, delayMs: Math.max(0, gate.nextAt - now) };
  }
  return { count: Math.max(0, Math.min(waiting, HOST_CONCURRENCY - gate.inflight)), delayMs: 0 };
}

/** How long a consumer holding a page must still wait before requesting it. */
export function waitBeforeRequest(gate: HostGate, now: number): number {
  return gate.crawlDelayMs !== null && gate.crawlDelayMs > 0 ? Math.max(0, gate.nextAt - now) : 0;
}

/** Next earliest start after a page finished; a page that sent no request (robots said no) does not move it. */
export function nextStartAfter(gate: HostGate, finishedAt: number, requested: boolean): number {
  if (!requested || gate.crawlDelayMs === null || gate.crawlDelayMs === 0) return gate.nextAt;
  return Math.max(gate.nextAt, finishedAt + gate.crawlDelayMs);
}
