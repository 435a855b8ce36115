// Looking at the first bytes of a response body without losing them: detection by bytes needs the head, and the
// store needs every byte, head included, so the cap counts and the digest cover the whole body.

import { concatBytes } from '../io/bytes.ts';
import { detectContent, isOpaqueContentType, type Detection } from './detect.ts';

/** How many bytes sniffing wants (enough for ZIP entry names and an OLE directory in most files). */
export const SNIFF_BYTES = 4096;

export interface PeekedBody {
  /** At least `size` bytes unless the body was shorter (then `complete`). */
  head: Uint8Array;
  /** True when `head` is the whole body. */
  complete: boolean;
  /** A stream yielding `head` and then the rest of the original body. */
  body: ReadableStream<Uint8Array>;
}

export async function peekHead(body: ReadableStream<Uint8Array>, size = SNIFF_BYTES): Promise<PeekedBody> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let complete = false;
  while (total < size) {
    const r = await reader.read();
    if (r.done) {
      complete = true;
      break;
    }
    chunks.push(r.value);
    total += r.value.length;
  }
  const head = concatBytes(chunks, total);
  const replay = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (head.length > 0) controller.enqueue(head);
        if (complete) controller.close();
      },
      async pull(controller) {
        const r = await reader.read();
        if (r.done) controller.close();
        else controller.enqueue(r.value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    // Pull only when the consumer reads: the body is never buffered ahead of the store.
    { highWaterMark: 0 },
  );
  return { head, complete, body: replay };
}

/**
 * Classifies a response, peeking at the body only when the Content-Type leaves it open. Returns the body to use from
 * here on (the original one, or a replaying one when bytes were peeked).
 */
export async function classifyResponse(
  contentType: string | null,
  body: ReadableStream<Uint8Array> | null,
): Promise<{ detection: Detection; body: ReadableStream<Uint8Array> | null }> {
  if (!body || !isOpaqueContentType(contentType)) return { detection: detectContent(contentType, new Uint8Array(0)), body };
  const peeked = await peekHead(body);
  return { detection: detectContent(contentType, peeked.head, peeked.complete), body: peeked.body };
}

/** Content-Length as a number of bytes (RFC 9110 §8.6), or null when absent or not a plain decimal. */
export function declaredBytesOf(headers: Headers): number | null {
  const v = headers.get('content-length');
  if (v === null || !/^\s*\d+\s*$/.test(v)) return null;
  const n = Number(v.trim());
  return Number.isSafeInteger(n) ? n : null;
}
