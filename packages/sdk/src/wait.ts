// Polling with retries (spec "Errors", SDK rules 4 and 5). Pure control flow: the status read is injected, so the
// same loop serves batches and crawls.

import { isRetryable, SvcError, WaitTimeoutError } from './errors.ts';

export const DEFAULT_POLL_INTERVAL_MS = 1_000;
export const DEFAULT_MAX_RETRIES = 5;
/** Default bound of a wait (docs/decisions.md D19). */
export const DEFAULT_WAIT_TIMEOUT_MS = 1_800_000;
/** Backoff between retries never exceeds this, so a 5-retry run stays around a minute. */
const MAX_BACKOFF_MS = 30_000;
/** Longest delay a timer can hold (setTimeout clamps larger values to 1 ms). */
const MAX_TIMER_MS = 2_147_483_647;

export interface PollSettings<R> {
  taskId: string;
  timeoutMs: number;
  pollIntervalMs: number;
  maxRetries: number;
  onProgress?: (record: R) => void;
  signal?: AbortSignal;
}

/**
 * Reads the status until `isDone` holds. Retryable failures (network error, 408, 429, 5xx) are retried with backoff
 * up to `maxRetries` in a row, then the last one is thrown; any other failure is thrown at once. When `timeoutMs`
 * runs out — also in the middle of a read — WaitTimeoutError carries the last record read.
 */
export async function pollUntil<R>(
  read: (signal: AbortSignal | undefined) => Promise<R>,
  isDone: (record: R) => boolean,
  settings: PollSettings<R>,
): Promise<R> {
  const { taskId, timeoutMs, signal } = settings;
  const deadline = Date.now() + timeoutMs;
  let last: R | null = null;
  let failures = 0;
  for (;;) {
    signal?.throwIfAborted();
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new WaitTimeoutError<R>(taskId, timeoutMs, last);
    const deadlineSignal = remaining <= MAX_TIMER_MS ? AbortSignal.timeout(remaining) : undefined;
    const readSignal = combine(deadlineSignal, signal);
    let delay: number;
    try {
      const record = await read(readSignal);
      last = record;
      failures = 0;
      settings.onProgress?.(record);
      if (isDone(record)) return record;
      delay = settings.pollIntervalMs;
    } catch (err) {
      signal?.throwIfAborted();
      if (deadlineSignal?.aborted) throw new WaitTimeoutError<R>(taskId, timeoutMs, last);
      if (!isRetryable(err) || failures >= settings.maxRetries) throw err;
      failures += 1;
      delay = retryDelay(err, failures, settings.pollIntervalMs);
    }
    await sleep(Math.min(delay, Math.max(0, deadline - Date.now())), signal);
  }
}

/**
 * Runs one request with the wait retry policy but no deadline (used by the iterators, so paging through a running
 * task survives the same transient failures a wait survives).
 */
export async function withRetries<T>(
  run: () => Promise<T>,
  maxRetries: number,
  pollIntervalMs: number,
  signal?: AbortSignal,
): Promise<T> {
  let failures = 0;
  for (;;) {
    signal?.throwIfAborted();
    try {
      return await run();
    } catch (err) {
      signal?.throwIfAborted();
      if (!isRetryable(err) || failures >= maxRetries) throw err;
      failures += 1;
      await sleep(retryDelay(err, failures, pollIntervalMs), signal);
    }
  }
}

/** Exponential backoff from the poll interval; a longer `Retry-After` (429/503) wins, both capped. */
export function retryDelay(err: unknown, failures: number, pollIntervalMs: number): number {
  const backoff = Math.min(pollIntervalMs * 2 ** (failures - 1), MAX_BACKOFF_MS);
  const asked = err instanceof SvcError && err.retryAfterMs !== null ? Math.min(err.retryAfterMs, MAX_BACKOFF_MS) : 0;
  return Math.max(backoff, asked);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function combine(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  if (a && b) return AbortSignal.any([a, b]);
  return a ?? b;
}
