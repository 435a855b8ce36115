// Byte sources for store tests: deterministic content, delivered in chunks, with observable cancellation.

/** Deterministic pseudo-random bytes (a linear congruential generator), so big test files need no fixtures. */
export function patternBytes(n: number, seed = 1): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed >>> 0;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

export interface TestStream {
  stream: ReadableStream<Uint8Array>;
  /** Bytes handed to the consumer so far. */
  delivered(): number;
  cancelled(): boolean;
}

/** Streams `data` in `chunk`-sized pieces; `failAfter` errors the stream once that many bytes were delivered. */
export function chunkedStream(data: Uint8Array, chunk: number, opts: { failAfter?: number } = {}): TestStream {
  let pos = 0;
  let wasCancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (opts.failAfter !== undefined && pos >= opts.failAfter) {
          controller.error(new Error('connection reset'));
          return;
        }
        if (pos >= data.length) {
          controller.close();
          return;
        }
        const end = Math.min(data.length, pos + chunk);
        // A fresh copy per chunk, as a network stream hands out fresh buffers.
        controller.enqueue(data.slice(pos, end));
        pos = end;
      },
      cancel() {
        wasCancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, delivered: () => pos, cancelled: () => wasCancelled };
}
