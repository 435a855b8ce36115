// Small encoders shared by the surfaces: base64 and hex of bytes (signatures, sealed session state, digests), random
// ids, HTML escaping for the few server-rendered pages (the preview, the MCP consent page), and text counts.

export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Text for an HTML element or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Lowercase hex of bytes (digests, ids). */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += HEX[b];
  return out;
}

/** `<prefix>_` and 24 lowercase hex characters (96 random bits): task, run, event, destination and delivery ids. */
export function randomId(prefix: string): string {
  return `${prefix}_${toHex(crypto.getRandomValues(new Uint8Array(12)))}`;
}

/** True for the characters JavaScript's `\s` matches (ECMA-262 WhiteSpace and LineTerminator). */
export function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * Characters of `text` that are not whitespace, counted up to `max`: what `text.replace(/\s+/g, '').length` gives,
 * without building the copy (the extractor and the shell check count every text node of every page).
 */
export function nonSpaceLength(text: string, max = Number.POSITIVE_INFINITY): number {
  let n = 0;
  for (let i = 0; i < text.length && n < max; i++) {
    const c = text.charCodeAt(i);
    // Printable ASCII first: nearly every character of a page, decided without a call.
    if ((c > 32 && c < 127) || !isSpace(c)) n++;
  }
  return n;
}

/** Bytes of `text` in UTF-8, counted without encoding it (a lone surrogate counts 3, as TextEncoder writes U+FFFD). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
