// Preview quotas (spec "Limits"): 3 previews per visitor and 100 site-wide per UTC day. The counting itself is
// pure so that it is tested without a runtime; durable-objects/preview-quota.ts runs it inside one Durable Object,
// whose synchronous SQLite calls make `tryStart` atomic (no await between reading and counting).
import { formatAddress, parseAddress } from '../net/ip.ts';

export const VISITOR_DAILY_LIMIT = 3;
export const SITE_DAILY_LIMIT = 100;

export interface QuotaLimits {
  visitor: number;
  site: number;
}

export const PREVIEW_LIMITS: QuotaLimits = { visitor: VISITOR_DAILY_LIMIT, site: SITE_DAILY_LIMIT };

export interface QuotaCount {
  limit: number;
  used: number;
  remaining: number;
}

/** The body of `GET /api/quota` and the `quota` of every preview response. */
export interface QuotaView {
  visitor: QuotaCount;
  site: QuotaCount;
  resetsAt: string;
}

export type StartOutcome = { started: true; quota: QuotaView } | { started: false; exhausted: 'visitor' | 'site'; quota: QuotaView };

/** Synchronous counter storage (a Durable Object's SQLite, or a Map in tests). */
export interface CounterStore {
  get(day: string, key: string): number;
  set(day: string, key: string, value: number): void;
  /** Drops every row of another day (and, in the Durable Object, of another launcher epoch). */
  dropOtherDays(day: string): void;
}

const SITE_KEY = 'site';

/** The UTC day a moment falls in, `YYYY-MM-DD`. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** The next UTC midnight after `now`, when every count starts again. */
export function nextReset(now: number): string {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)).toISOString();
}

/**
 * The visitor a connecting address stands for: an IPv4 address as is, an IPv6 address by its /64 (one household or
 * host usually holds a whole /64), an IPv4-mapped IPv6 address as its IPv4. A missing or unreadable address is one
 * shared visitor `unknown`, so it cannot be used to get a fresh allowance.
 */
export function visitorKey(connectingIp: string | null | undefined): string {
  const bytes = parseAddress(connectingIp ?? '');
  if (!bytes) return 'unknown';
  if (bytes.length === 4) return formatAddress(bytes);
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return bytes.slice(12).join('.');
  return `${formatAddress([...bytes.slice(0, 8), 0, 0, 0, 0, 0, 0, 0, 0]).replace(/(:0)+$/, '')}::/64`;
}

function count(limit: number, used: number): QuotaCount {
  return { limit, used, remaining: Math.max(0, limit - used) };
}

/** The allowance as it stands; spends nothing. */
export function readQuota(store: CounterStore, visitor: string, now: number, limits: QuotaLimits = PREVIEW_LIMITS): QuotaView {
  const day = utcDay(now);
  return {
    visitor: count(limits.visitor, store.get(day, `v:${visitor}`)),
    site: count(limits.site, store.get(day, SITE_KEY)),
    resetsAt: nextReset(now),
  };
}

/** Checks both allowances and, when both have room, counts the preview against both, in one step. */
export function tryStart(store: CounterStore, visitor: string, now: number, limits: QuotaLimits = PREVIEW_LIMITS): StartOutcome {
  const day = utcDay(now);
  store.dropOtherDays(day);
  const before = readQuota(store, visitor, now, limits);
  if (before.visitor.remaining === 0) return { started: false, exhausted: 'visitor', quota: before };
  if (before.site.remaining === 0) return { started: false, exhausted: 'site', quota: before };
  store.set(day, `v:${visitor}`, before.visitor.used + 1);
  store.set(day, SITE_KEY, before.site.used + 1);
  return { started: true, quota: readQuota(store, visitor, now, limits) };
}

/** An in-memory CounterStore (tests; the Durable Object keeps the same rows in SQLite). */
export function memoryCounterStore(): CounterStore {
  const rows = new Map<string, number>();
  return {
    get: (day, key) => rows.get(`${day}|${key}`) ?? 0,
    set: (day, key, value) => void rows.set(`${day}|${key}`, value),
    dropOtherDays: (day) => {
      for (const k of rows.keys()) if (!k.startsWith(`${day}|`)) rows.delete(k);
    },
  };
}
