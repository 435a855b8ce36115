// Test helper for tasks against the real local service: poll a task (or any probe) until a state, page a list to its
// end by following nextCursor (D10).
import type { Service } from './service.ts';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls GET `path` until `done(record)` holds. */
export async function waitTask(svc: Service, path: string, done: (r: any) => boolean, timeoutMs = 120_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < until) {
    const res = await svc.get(path);
    last = res.body;
    if (res.status === 200 && done(res.body)) return res.body;
    await sleep(200);
  }
  // The service's own output says why (a failed sweep, a reload): its end goes with the error.
  throw new Error(`${path} did not reach the expected state in ${timeoutMs} ms; last: ${JSON.stringify(last)}\n${svc.output().slice(-4000)}`);
}

/** Polls `probe` every `everyMs` until it gives a truthy value, and returns that value. */
export async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number, everyMs = 200): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const v = await probe();
    if (v) return v;
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface PagedRead {
  entries: any[];
  pages: number;
}

/** Reads a list from the start, following nextCursor until it is null (waiting while the task still runs). */
export async function readList(svc: Service, path: string, limit: number, timeoutMs = 120_000): Promise<PagedRead> {
  const until = Date.now() + timeoutMs;
  const entries: any[] = [];
  let cursor: string | null = null;
  let pages = 0;
  while (Date.now() < until) {
    const q: string = `?limit=${limit}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const res = await svc.get(path + q);
    if (res.status !== 200) throw new Error(`${path}${q}: ${res.status} ${JSON.stringify(res.body)}`);
    pages++;
    const data = res.body.data as unknown[];
    if (data.length > limit) throw new Error(`a page of limit ${limit} held ${data.length} entries`);
    entries.push(...data);
    cursor = res.body.nextCursor;
    if (cursor === null) return { entries, pages };
    if (!res.body.hasMore) await sleep(100);
  }
  throw new Error(`${path}: list did not end in ${timeoutMs} ms`);
}

/** Indexes that occur more than once, and indexes of 0..n-1 that never occur. */
export function duplicatesAndGaps(indexes: number[], n: number): { duplicates: number[]; missing: number[] } {
  const seen = new Map<number, number>();
  for (const i of indexes) seen.set(i, (seen.get(i) ?? 0) + 1);
  return {
    duplicates: [...seen].filter(([, c]) => c > 1).map(([i]) => i),
    missing: Array.from({ length: n }, (_, i) => i).filter((i) => !seen.has(i)),
  };
}
