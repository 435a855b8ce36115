// Per-origin cache of robots.txt fetch outcomes (RFC 9309 §2.4: crawlers may cache, but "SHOULD NOT use a
// cached version for more than 24 hours"). The cache holds parsed rules, not decisions, because the decision
// depends on the page URL and the product tokens. Bounded in entries (least recently used goes first) and in age.

import type { RobotsRules } from './parse.ts';

export type RobotsFetchOutcome =
  /** 2xx: rules parsed from the body; `sha256` is the hex digest of the bytes read. */
  | { kind: 'rules'; rules: RobotsRules; sha256: string; bytes?: number }
  /** 4xx other than 429: "unavailable", crawling is allowed (RFC 9309 §2.3.1.3). */
  | { kind: 'no_robots' }
  /** Could not be read (RFC 9309 §2.3.1.4 and our stricter choices): counts as a disallow. */
  | { kind: 'unreachable'; reason: string };

export interface RobotsCacheOptions {
  maxEntries?: number;
  /** Bound on the robots.txt bytes behind the cached rules (the parsed form is a few times larger). */
  maxBytes?: number;
  /** Lifetime of a read robots.txt or a 4xx answer. */
  ttlMs?: number;
  /** Lifetime of an unreachable answer: short, so a site that recovers is read again soon. */
  unreachableTtlMs?: number;
}

export const DEFAULT_ROBOTS_TTL_MS = 10 * 60_000;
export const DEFAULT_UNREACHABLE_TTL_MS = 60_000;
export const DEFAULT_MAX_ROBOTS_ENTRIES = 1000;
/**
 * 1,000 robots.txt files of up to 500 KiB each could hold half a gigabyte in an isolate of 128 MB; the cache keeps
 * at most 8 MiB of robots.txt text (decision D68), evicting the least recently used first.
 */
export const DEFAULT_MAX_ROBOTS_BYTES = 8 * 1024 * 1024;
/** What an entry without rules costs (its key and the small outcome object). */
const ENTRY_OVERHEAD_BYTES = 256;
/** RFC 9309 §2.4 upper bound on reusing a cached robots.txt. */
export const MAX_ROBOTS_TTL_MS = 24 * 60 * 60_000;

interface Entry {
  outcome: RobotsFetchOutcome;
  expiresAt: number;
  weight: number;
}

function weightOf(url: string, outcome: RobotsFetchOutcome): number {
  return url.length + ENTRY_OVERHEAD_BYTES + (outcome.kind === 'rules' ? (outcome.bytes ?? 0) : 0);
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
  readonly maxBytes: number;
  #bytes = 0;
  // Map keeps insertion order: re-inserting on every hit makes the first key the least recently used.
  readonly #entries = new Map<string, Entry>();

  constructor(opts: RobotsCacheOptions = {}) {
    const max = opts.maxEntries ?? DEFAULT_MAX_ROBOTS_ENTRIES;
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`robots cache maxEntries must be >= 1, got ${max}`);
    this.maxEntries = max;
    this.maxBytes = opts.maxBytes ?? DEFAULT_MAX_ROBOTS_BYTES;
    this.ttlMs = clampTtl(opts.ttlMs, DEFAULT_ROBOTS_TTL_MS);
    this.unreachableTtlMs = clampTtl(opts.unreachableTtlMs, DEFAULT_UNREACHABLE_TTL_MS);
  }

  /** Cached outcome for a robots.txt URL, or undefined when absent or expired at `now` (ms since epoch). */
  get(robotsUrl: string, now: number): RobotsFetchOutcome | undefined {
    const entry = this.#entries.get(robotsUrl);
    if (!entry) return undefined;
    this.#entries.delete(robotsUrl);
    if (now >= entry.expiresAt) {
      this.#bytes -= entry.weight;
      return undefined;
    }
    this.#entries.set(robotsUrl, entry);
    return entry.outcome;
  }

  set(robotsUrl: string, outcome: RobotsFetchOutcome, now: number): void {
    const ttl = outcome.kind === 'unreachable' ? this.unreachableTtlMs : this.ttlMs;
    this.#drop(robotsUrl);
    if (ttl === 0) return;
    const weight = weightOf(robotsUrl, outcome);
    if (weight > this.maxBytes) return;
    this.#entries.set(robotsUrl, { outcome, expiresAt: now + ttl, weight });
    this.#bytes += weight;
    while (this.#entries.size > this.maxEntries || this.#bytes > this.maxBytes) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#drop(oldest.value);
    }
  }

  #drop(robotsUrl: string): void {
    const entry = this.#entries.get(robotsUrl);
    if (!entry) return;
    this.#entries.delete(robotsUrl);
    this.#bytes -= entry.weight;
  }

  /** Robots.txt bytes (plus a small overhead per entry) held now. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}
