// Numbers of the batch and crawl machinery (docs/decisions.md D48–D54). The one operator setting, SVC_TASK_STALE_MS,
// is read at the Worker's edge (queue / scheduled handlers) and passed down.
import { MIB } from '../files/limits.ts';

/** Batches in `accepting` or `running` at once (spec "Limits": a limit exists; decision D48). */
export const MAX_ACTIVE_BATCHES = 10;
/** An `accepting` registry entry older than this no longer blocks other batches; the sweep finishes its acceptance. */
export const ACCEPT_LEASE_MS = 60_000;
/** URLs per batch request (decision D48). */
export const MAX_BATCH_URLS = 1000;

/** Crawl page cap (decision D49): `maxPages` 1–1000, default 100. */
export const DEFAULT_CRAWL_MAX_PAGES = 100;
export const MAX_CRAWL_MAX_PAGES = 1000;
export const MAX_INCLUDE_PATHS = 50;
/**
 * Pages refused by robots.txt that one crawl lists as `blocked` at most (decision D225). They never use the maxPages
 * budget; this separate bound keeps a site with a million disallowed links from flooding the listing.
 */
export const MAX_CRAWL_BLOCKED = 1000;
/** Pages of one host in flight at once when its robots.txt names no Crawl-delay (decision D51). */
export const HOST_CONCURRENCY = 8;

/** A result whose JSON is larger than this goes to R2 instead of a SQLite row (rows hold at most ~2 MB; D54). */
export const RESULT_INLINE_MAX_BYTES = 1 * MIB;
/** Bytes of results one list page carries at most; a page may therefore hold fewer than `limit` entries. */
export const LIST_MAX_BYTES = 8 * MIB;

/** Messages per Queue send (the Queues sendBatch limit is 100 messages). */
export const SEND_CHUNK = 100;
/** Queues accept a delivery delay of at most 12 hours. */
export const MAX_DELAY_SECONDS = 43_200;
/** A claimed unit's lease: the item's whole budget (leases.ts) plus this margin; after it the unit is offered again. */
export const LEASE_MARGIN_MS = 15_000;
/** A consumer waits in place for a host slot up to this long; a longer wait re-sends the message with a delay. */
export const MAX_CONSUMER_WAIT_MS = 10_000;

/**
 * How long one WORK message keeps taking crawl pages through hand-over (D280, D408): after recording a page the
 * consumer is leased the next pages that may start at once, instead of their messages waiting for the queue's next
 * delivery. The bound keeps one consumer invocation short and fair: past it the crawl sends messages again, which
 * queue behind the other tasks' messages (a local queue delivers one batch at a time, so a crawl must not hold it for
 * long). It is a time, not a page count: a batch ends only when its slowest chain ends, and the host's slots freed
 * meanwhile stay empty until then, so every bound reached costs the crawl a drain and a refill (D408).
 */
export const CRAWL_HANDOVER_MS = 2_000;

/** Pages a chain asks to be handed when it records a page: a host's worth while the message's window is open. */
export function handOverTake(startedAt: number, now: number): number {
  return now - startedAt < CRAWL_HANDOVER_MS ? HOST_CONCURRENCY : 0;
}

/** Default age after which a sent but unclaimed unit counts as lost and is sent again by the sweep (D53). */
export const DEFAULT_STALE_MS = 120_000;
const MIN_STALE_MS = 1_000;

/** SVC_TASK_STALE_MS: whole milliseconds ≥ 1000; anything else falls back to the default. */
export function staleMsFromEnv(env: Record<string, unknown>): number {
  const raw = env.SVC_TASK_STALE_MS;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim())) return DEFAULT_STALE_MS;
  return Math.max(MIN_STALE_MS, Number(raw.trim()));
}
