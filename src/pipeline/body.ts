// Decoding page bodies: charset decoding (WHATWG Encoding: BOM, then header charset, then <meta>, then UTF-8).
import { charsetParam, sniffBom } from '../files/index.ts';

/** `<meta charset>` or `<meta http-equiv=content-type content="…charset=…">` in the first 1024 bytes (HTML §13.2.3.2). */
export function charsetFromMeta(head: Uint8Array): string | null {
  const text = new TextDecoder('latin1').decode(head.subarray(0, 1024));
  const direct = /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i.exec(text);
  return direct ? direct[1].toLowerCase() : null;
}


/** Decodes an HTML body; an unknown label falls back to UTF-8 with replacement characters (never throws). */
export function decodeHtml(bytes: Uint8Array, contentType: string | null): { text: string; charset: string } {
  // Tried in order; the <meta> scan runs only when the BOM and the header named nothing usable.
  const candidates: Array<() => string | null | undefined> = [() => sniffBom(bytes)?.encoding, () => charsetParam(contentType), () => charsetFromMeta(bytes), () => 'utf-8'];
  for (const candidate of candidates) {
    const label = candidate();
    if (!label) continue;
    try {
      return { text: new TextDecoder(label).decode(bytes), charset: label };
    } catch {
      // Unknown or unsupported label: try the next source, as browsers do.
    }
  }
  return { text: new TextDecoder('utf-8').decode(bytes), charset: 'utf-8' };
}
