// Cursor paging over batch items and crawl pages (docs/decisions.md D10). The listing is an append-only log in finish
// order: `nextCursor` is null only once the task finished and nothing more exists; otherwise it is passed again later.

import type { IterateOptions, ListPage, PageQuery } from './types.ts';
import { sleep, withRetries } from './wait.ts';

/** Largest page the API serves (D10); used when collecting everything. */
export const MAX_PAGE_LIMIT = 100;

export type PageReader<T> = (page: PageQuery) => Promise<ListPage<T>>;

export interface PagingSettings extends IterateOptions {
  pollIntervalMs: number;
  maxRetries: number;
}

/**
 * Yields every entry exactly once while the task may still be running: a page with `hasMore` is followed at once,
 * a page without it but with a cursor means "nothing new yet", so the same cursor is asked again after the poll
 * interval. Ends when `nextCursor` is null.
 */
export async function* iteratePages<T>(read: PageReader<T>, settings: PagingSettings): AsyncGenerator<T> {
  let cursor = settings.cursor ?? null;
  for (;;) {
    const page = await withRetries(
      () => read({ limit: settings.limit, cursor, signal: settings.signal }),
      settings.maxRetries,
      settings.pollIntervalMs,
      settings.signal,
    );
    yield* page.data;
    if (page.nextCursor === null) return;
    cursor = page.nextCursor;
    if (!page.hasMore || page.data.length === 0) await sleep(settings.pollIntervalMs, settings.signal);
  }
}

/**
 * Reads all entries of a finished task, ordered by `index`. Stops at a null cursor or at the first page without
 * `hasMore`: once a wait said the task is finished nothing new can appear, and an interrupted crawl (which may be
 * resumed, so its cursor stays open) must not be polled forever.
 */
export async function collectAll<T extends { index: number }>(
  read: PageReader<T>,
  settings: PagingSettings,
): Promise<T[]> {
  const entries: T[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await withRetries(
      () => read({ limit: MAX_PAGE_LIMIT, cursor, signal: settings.signal }),
      settings.maxRetries,
      settings.pollIntervalMs,
      settings.signal,
    );
    entries.push(...page.data);
    if (page.nextCursor === null || !page.hasMore) break;
    cursor = page.nextCursor;
  }
  return entries.sort((a, b) => a.index - b.index);
}
