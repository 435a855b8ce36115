// Reading response bodies: a peek at the first bytes (for detection) without losing them, a capped read for pages,
// charset decoding (WHATWG Encoding: header charset, then BOM, then <meta>, then UTF-8) and SHA-256 helpers.

export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const d = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface Peeked {
  head: Uint8Array;
  /** The whole body again, head included. */
  stream: ReadableStream<Uint8Array>;
}

/** Reads at least `n` bytes (or to the end) and returns them plus a stream that replays them before the rest. */
export async function peek(body: ReadableStream<Uint8Array>, n: number): Promise<Peeked> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < n) {
    const r = await reader.read();
    if (r.done) {
      done = true;
      break;
    }
    chunks.push(r.value);
    size += r.value.byteLength;
  }
  const head = concat(chunks, size);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (head.byteLength > 0) controller.enqueue(head);
      if (done) controller.close();
    },
    async pull(controller) {
      if (done) return;
      const r = await reader.read();
      if (r.done) {
        done = true;
        controller.close();
      } else controller.enqueue(r.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { head, stream };
}

export function concat(chunks: Uint8Array[], size?: number): Uint8Array {
  const total = size ?? chunks.reduce((s, c) => s + c.byteLength, 0);
  const out = new Uint8Array(total);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.byteLength;
  }
  return out;
}

/** Reads up to `max` bytes; the rest is cancelled and reported as truncated. */
export async function readCapped(body: ReadableStream<Uint8Array>, max: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const r = await reader.read();
    if (r.done) return { bytes: concat(chunks, size), truncated: false };
    const room = max - size;
    if (r.value.byteLength > room) {
      chunks.push(r.value.subarray(0, room));
      size += room;
      await reader.cancel('page size cap reached');
      return { bytes: concat(chunks, size), truncated: true };
    }
    chunks.push(r.value);
    size += r.value.byteLength;
  }
}

export function charsetFromContentType(contentType: string | null): string | null {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return m ? m[1].toLowerCase() : null;
}

/** `<meta charset>` or `<meta http-equiv=content-type content="…charset=…">` in the first 1024 bytes (HTML §13.2.3.2). */
export function charsetFromMeta(head: Uint8Array): string | null {
  const text = new TextDecoder('latin1').decode(head.subarray(0, 1024));
  const direct = /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i.exec(text);
  return direct ? direct[1].toLowerCase() : null;
}

function bomCharset(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** Decodes an HTML body; an unknown label falls back to UTF-8 with replacement characters (never throws). */
export function decodeHtml(bytes: Uint8Array, contentType: string | null): { text: string; charset: string } {
  const candidates = [bomCharset(bytes), charsetFromContentType(contentType), charsetFromMeta(bytes), 'utf-8'];
  for (const label of candidates) {
    if (!label) continue;
    try {
      return { text: new TextDecoder(label).decode(bytes), charset: label };
    } catch {
      // Unknown or unsupported label: try the next source, as browsers do.
    }
  }
  return { text: new TextDecoder('utf-8').decode(bytes), charset: 'utf-8' };
}
