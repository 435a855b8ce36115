// The task records of decisions D9 (batch) and D11 (crawl), and the list page of D10.
import type { CaptureStatus } from '../capture/types.ts';
import type { OptionsEcho } from './requests.ts';

export const CAPTURE_STATUSES: readonly CaptureStatus[] = [
  'success',
  'partial',
  'incomplete',
  'blocked',
  'timeout',
  'quota_exceeded',
  'invalid_url',
  'failed',
];

export type StatusCounts = Record<CaptureStatus, number>;

/** Every status is present, so a caller can read `counts.failed` without a guard. */
export function statusCounts(rows: ReadonlyArray<{ status: string; n: number }>): StatusCounts {
  const out = Object.fromEntries(CAPTURE_STATUSES.map((s) => [s, 0])) as StatusCounts;
  for (const r of rows) if (r.status in out) out[r.status as CaptureStatus] = r.n;
  return out;
}

export type BatchStatus = 'accepting' | 'running' | 'completed';

export interface BatchRecord {
  id: string;
  object: 'batch';
  status: BatchStatus;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  total: number;
  done: number;
  counts: StatusCounts;
  options: OptionsEcho;
}

export type CrawlStatus = 'running' | 'completed' | 'cancelled' | 'interrupted';

export interface CrawlRecord {
  id: string;
  object: 'crawl';
  status: CrawlStatus;
  url: string;
  maxPages: number;
  includePaths: string[];
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  counts: { discovered: number; queued: number; done: number; byStatus: StatusCounts };
  options: OptionsEcho;
}

export const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
