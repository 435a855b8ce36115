// Progress bar text for the CLI (`[#####.....] 37/300`). Pure: the CLI decides where and how often to write it.

import type { BatchRecord, CrawlRecord } from './types.ts';

export interface Progress {
  done: number;
  total: number;
}

export function renderBar({ done, total }: Progress, width = 10): string {
  const ratio = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
  const filled = Math.floor(ratio * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
}

export function batchProgress(batch: BatchRecord): Progress {
  return { done: batch.done, total: batch.total };
}

/**
 * A crawl's total is not known in advance: it is what has been discovered so far, never more than `maxPages`
 * and never less than what is already done.
 */
export function crawlProgress(crawl: CrawlRecord): Progress {
  const done = crawl.counts.done;
  return { done, total: Math.max(done, Math.min(crawl.maxPages, crawl.counts.discovered)) };
}
