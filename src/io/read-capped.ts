// Reading a response body up to a cap, without downloading the rest. One reader for pages, robots.txt and any other
// body the service reads whole; files are streamed to storage instead (src/files/store.ts).
import { concatBytes } from './bytes.ts';

/** Rejects with the signal's reason as soon as it aborts, even if `p` ignores the signal. */
export function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) {
    p.catch(() => undefined); // its own rejection would otherwise go unhandled
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/**
 * Reads up to `cap` bytes; `truncated` says more bytes existed (they are not downloaded: the stream is cancelled).
 * A `signal` aborts a read that hangs even when the stream itself ignores cancellation.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  cap: number,
  signal?: AbortSignal,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (!body) return { bytes: new Uint8Array(0), truncated: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await abortable(reader.read(), signal);
      if (done) break;
      const room = cap - total;
      if (value.byteLength > room) {
        if (room > 0) chunks.push(value.subarray(0, room));
        total = cap;
        truncated = true;
        break;
      }
      chunks.push(value);
      total += value.byteLength;
    }
  } finally {
    reader.cancel(truncated ? 'size cap reached' : undefined).catch(() => undefined);
  }
  return { bytes: concatBytes(chunks, total), truncated };
}
