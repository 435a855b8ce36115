// Reading page bodies: a capped read, charset decoding (WHATWG Encoding: BOM, then header charset, then <meta>, then UTF-8) and a text digest.
import { charsetParam, concatBytes, sha256Hex, sniffBom } from '../files/index.ts';

/** SHA-256 of a string's UTF-8 bytes (markdown, decoded HTML). */
export async function sha256Text(text: string): Promise<string> {
  return sha256Hex(new TextEncoder().encode(text));
}


/** Reads up to `max` bytes; the rest is cancelled and reported as truncated. */
export async function readCapped(body: ReadableStream<Uint8Array>, max: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const r = await reader.read();
    if (r.done) return { bytes: concatBytes(chunks, size), truncated: false };
    const room = max - size;
    if (r.value.byteLength > room) {
      chunks.push(r.value.subarray(0, room));
      size += room;
      await reader.cancel('page size cap reached');
      return { bytes: concatBytes(chunks, size), truncated: true };
    }
    chunks.push(r.value);
    size += r.value.byteLength;
  }
}


/** `<meta charset>` or `<meta http-equiv=content-type content="…charset=…">` in the first 1024 bytes (HTML §13.2.3.2). */
export function charsetFromMeta(head: Uint8Array): string | null {
  const text = new TextDecoder('latin1').decode(head.subarray(0, 1024));
  const direct = /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i.exec(text);
  return direct ? direct[1].toLowerCase() : null;
}


/** Decodes an HTML body; an unknown label falls back to UTF-8 with replacement characters (never throws). */
export function decodeHtml(bytes: Uint8Array, contentType: string | null): { text: string; charset: string } {
  const candidates = [sniffBom(bytes)?.encoding, charsetParam(contentType), charsetFromMeta(bytes), 'utf-8'];
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
