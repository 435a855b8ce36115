// Per-origin cache of robots.txt fetch outcomes (RFC 9309 §2.4: crawlers may cache, but "SHOULD NOT use a
// cached version for more than 24 hours"). The cache holds parsed rules, not decisions, because the decision
// depends on the page URL and the product tokens. Bounded in entries (least recently used goes first) and in age.

import type { RobotsRules } from './parse.ts';

export type RobotsFetchOutcome =
  /** 2xx: rules parsed from the body; `sha256` is the hex digest of the bytes read. */
  | { kind: 'rules'; rules: RobotsRules; sha256: string }
  /** 4xx other than 429: "unavailable", crawling is allowed (RFC 9309 §2.3.1.3). */
  | { kind: 'no_robots' }
  /** Could not be read (RFC 9309 §2.3.1.4 and our stricter choices): counts as a disallow. */
  | { kind: 'unreachable'; reason: string };

export interface RobotsCacheOptions {
  maxEntries?: number;
  /** Lifetime of a read robots.txt or a 4xx answer. */
  ttlMs?: number;
  /** Lifetime of an unreachable answer: short, so a site that recovers is read again soon. */
  unreachableTtlMs?: number;
}

export const DEFAULT_ROBOTS_TTL_MS = 10 * 60_000;
export const DEFAULT_UNREACHABLE_TTL_MS = 60_000;
export const DEFAULT_MAX_ROBOTS_ENTRIES = 1000;
/** RFC 9309 §2.4 upper bound on reusing a cached robots.txt. */
export const MAX_ROBOTS_TTL_MS = 24 * 60 * 60_000;

interface Entry {
  outcome: RobotsFetchOutcome;
  expiresAt: number;
}

function clampTtl(value: number | undefined, fallback: number): number {
  const ms = value ?? fallback;
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`robots cache lifetime must be >= 0 ms, got ${ms}`);
  return Math.min(ms, MAX_ROBOTS_TTL_MS);
}

export class RobotsCache {
  readonly maxEntries: number;
  readonly ttlMs: number;
  readonly unreachableTtlMs: number;
  // Map keeps insertion order: re-inserting on every hit makes the first key the least recently used.
  readonly #entries = new Map<string, Entry>();

  constructor(opts: RobotsCacheOptions = {}) {
    const max = opts.maxEntries ?? DEFAULT_MAX_ROBOTS_ENTRIES;
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`robots cache maxEntries must be >= 1, got ${max}`);
    this.maxEntries = max;
    this.ttlMs = clampTtl(opts.ttlMs, DEFAULT_ROBOTS_TTL_MS);
    this.unreachableTtlMs = clampTtl(opts.unreachableTtlMs, DEFAULT_UNREACHABLE_TTL_MS);
  }

  /** Cached outcome for a robots.txt URL, or undefined when absent or expired at `now` (ms since epoch). */
  get(robotsUrl: string, now: number): RobotsFetchOutcome | undefined {
    const entry = this.#entries.get(robotsUrl);
    if (!entry) return undefined;
    this.#entries.delete(robotsUrl);
    if (now >= entry.expiresAt) return undefined;
    this.#entries.set(robotsUrl, entry);
    return entry.outcome;
  }

  set(robotsUrl: string, outcome: RobotsFetchOutcome, now: number): void {
    const ttl = outcome.kind === 'unreachable' ? this.unreachableTtlMs : this.ttlMs;
    this.#entries.delete(robotsUrl);
    if (ttl === 0) return;
    this.#entries.set(robotsUrl, { outcome, expiresAt: now + ttl });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}
