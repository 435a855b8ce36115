// Recognizing a file kind from its first bytes, for responses whose Content-Type says nothing
// (`application/octet-stream`, or none at all). Pure functions over the head of the body.

import type { FileKind } from '../capture/types.ts';

/** What the bytes look like: a file kind, an HTML page, a known-unsupported document, or nothing we accept. */
export type Sniffed =
  | { kind: 'file'; fileKind: FileKind }
  | { kind: 'page' }
  | { kind: 'unsupported'; what: string }
  | { kind: 'unknown' };

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0): boolean =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

const PDF = ascii('%PDF-');
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

// Signatures of kinds the spec refuses (images, audio, video, fonts) so the refusal can name what was seen.
const REFUSED: Array<[string, number[], number]> = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0],
  ['image/jpeg', [0xff, 0xd8, 0xff], 0],
  ['image/gif', ascii('GIF8'), 0],
  ['image/webp', ascii('WEBP'), 8],
  ['audio/wav', ascii('WAVE'), 8],
  ['video/avi', ascii('AVI '), 8],
  ['video/mp4', ascii('ftyp'), 4],
  ['audio/mpeg', ascii('ID3'), 0],
  ['audio/ogg', ascii('OggS'), 0],
  ['audio/flac', ascii('fLaC'), 0],
  ['video/webm', [0x1a, 0x45, 0xdf, 0xa3], 0],
  ['font/woff', ascii('wOFF'), 0],
  ['font/woff2', ascii('wOF2'), 0],
  ['font/otf', ascii('OTTO'), 0],
  ['font/ttf', [0x00, 0x01, 0x00, 0x00, 0x00], 0],
  ['application/rtf', ascii('{\\rtf'), 0],
];

/** Reads the names of the ZIP local file headers found in `head` (APPNOTE.TXT §4.3.7). */
export function zipEntryNames(head: Uint8Array): string[] {
  const names: string[] = [];
  const dec = new TextDecoder();
  // Scanning for the signature rather than hopping by compressed size: entries written with a data descriptor
  // (general purpose flag bit 3) carry size 0 in the local header, so hopping would stop at the first one.
  for (let i = 0; i + 30 <= head.length; i++) {
    if (head[i] !== 0x50 || !startsWith(head, ZIP_LOCAL, i)) continue;
    const nameLen = head[i + 26] | (head[i + 27] << 8);
    if (nameLen === 0 || i + 30 + nameLen > head.length) continue;
    names.push(dec.decode(head.subarray(i + 30, i + 30 + nameLen)));
    i += 29 + nameLen;
  }
  return names;
}

function sniffZip(head: Uint8Array): Sniffed {
  const names = zipEntryNames(head);
  // Office Open XML (ECMA-376 Part 2) puts each application's parts under its own folder.
  if (names.some((n) => n.startsWith('xl/'))) return { kind: 'file', fileKind: 'xlsx' };
  if (names.some((n) => n.startsWith('word/'))) return { kind: 'unsupported', what: 'word-processor document (docx)' };
  if (names.some((n) => n.startsWith('ppt/'))) return { kind: 'unsupported', what: 'presentation (pptx)' };
  // OpenDocument (ODF 1.2 Part 3 §3.3): a first entry `mimetype`, stored uncompressed, holding the media type.
  const text = new TextDecoder('latin1').decode(head.subarray(0, Math.min(head.length, 256)));
  if (names[0] === 'mimetype') {
    if (text.includes('opendocument.text')) return { kind: 'unsupported', what: 'word-processor document (odt)' };
    if (text.includes('opendocument.presentation')) return { kind: 'unsupported', what: 'presentation (odp)' };
  }
  return { kind: 'file', fileKind: 'zip' };
}

/**
 * An OLE compound file (MS-CFB) holds XLS, but also DOC and PPT. When the directory's first sector lies inside
 * `head`, its stream names tell them apart (`Workbook`/`Book` vs `WordDocument` vs `PowerPoint Document`); otherwise
 * it is taken as XLS, the only OLE kind the service accepts.
 */
function sniffOle(head: Uint8Array): Sniffed {
  if (head.length >= 0x34) {
    const sectorShift = head[0x1e] | (head[0x1f] << 8);
    const firstDir = (head[0x30] | (head[0x31] << 8) | (head[0x32] << 16) | (head[0x33] << 24)) >>> 0;
    if (sectorShift === 9 || sectorShift === 12) {
      const size = 1 << sectorShift;
      const start = (firstDir + 1) * size; // sector N starts after the header, which occupies one sector
      if (start + size <= head.length) {
        const names: string[] = [];
        for (let e = start; e + 128 <= start + size; e += 128) {
          const len = head[e + 0x40] | (head[e + 0x41] << 8); // bytes, including the terminating NUL
          if (len < 2 || len > 64) continue;
          names.push(new TextDecoder('utf-16le').decode(head.subarray(e, e + len - 2)));
        }
        if (names.includes('WordDocument')) return { kind: 'unsupported', what: 'word-processor document (doc)' };
        if (names.includes('PowerPoint Document')) return { kind: 'unsupported', what: 'presentation (ppt)' };
      }
    }
  }
  return { kind: 'file', fileKind: 'xls' };
}

type TextEncodingGuess = 'utf-8' | 'utf-16le' | 'utf-16be';

/** Decodes `head` as text when it plausibly is text; null for binary. A cut multi-byte sequence at the end is fine. */
export function headAsText(head: Uint8Array): { text: string; encoding: TextEncodingGuess } | null {
  let encoding: TextEncodingGuess = 'utf-8';
  let body = head;
  if (startsWith(head, [0xef, 0xbb, 0xbf])) body = head.subarray(3);
  else if (startsWith(head, [0xff, 0xfe])) [encoding, body] = ['utf-16le', head.subarray(2)];
  else if (startsWith(head, [0xfe, 0xff])) [encoding, body] = ['utf-16be', head.subarray(2)];
  let text: string;
  try {
    // `stream: true` keeps an incomplete final sequence pending instead of calling it an error.
    text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(body, { stream: true });
  } catch {
    return null;
  }
  // Control characters other than tab, line feed, form feed, carriage return and escape mean binary
  // (the WHATWG MIME Sniffing "binary data byte" set).
  if (/[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f]/.test(text)) return null;
  return { text, encoding };
}

const HTML_START =
  /^\s*<(?:!doctype\s+html|html|head|body|script|iframe|h1|div|font|table|a|style|title|b|br|p|!--)[\s>]/i;

/** Delimiter count of one CSV record, ignoring delimiters inside double quotes (RFC 4180 §2). */
function delimiterCount(line: string, delim: string): number {
  let n = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delim && !quoted) n++;
  }
  return n;
}

/** CSV when the first complete lines (at least two) all have the same non-zero number of one delimiter. */
function looksLikeCsv(text: string, complete: boolean): boolean {
  let lines = text.split(/\r\n|\n|\r/);
  if (!complete) lines = lines.slice(0, -1); // the last line may be cut off
  lines = lines.filter((l) => l.length > 0).slice(0, 20);
  if (lines.length < 2) return false;
  return [',', ';', '\t'].some((d) => {
    const first = delimiterCount(lines[0], d);
    return first > 0 && lines.every((l) => delimiterCount(l, d) === first);
  });
}

function looksLikeJson(text: string, complete: boolean): boolean {
  const t = text.trim();
  if (!/^[[{]/.test(t)) return false;
  if (complete) {
    try {
      JSON.parse(t);
      return true;
    } catch {
      return false;
    }
  }
  // Only the head is known: an object must open with a key or close, an array with a value or close.
  return /^(?:\{\s*(?:"|\})|\[\s*(?:["{[\]\-0-9]|true|false|null))/.test(t);
}

/**
 * Sniffs `head`, the first bytes of a body. `complete` says whether `head` is the whole body (then JSON can be
 * validated fully and the last CSV line trusted).
 */
export function sniffBytes(head: Uint8Array, complete: boolean): Sniffed {
  if (head.length === 0) return { kind: 'unknown' };
  // ISO 32000-1 §7.5.2 puts `%PDF-` first; readers (pdf.js, Acrobat) accept it within the first 1024 bytes.
  for (let i = 0; i + PDF.length <= Math.min(head.length, 1024 + PDF.length); i++) {
    if (head[i] === 0x25 && startsWith(head, PDF, i)) return { kind: 'file', fileKind: 'pdf' };
  }
  if (startsWith(head, ZIP_LOCAL) || startsWith(head, ZIP_EMPTY)) return sniffZip(head);
  if (startsWith(head, OLE)) return sniffOle(head);
  for (const [what, sig, at] of REFUSED) if (startsWith(head, sig, at)) return { kind: 'unsupported', what };
  const decoded = headAsText(head);
  if (!decoded) return { kind: 'unknown' };
  const { text } = decoded;
  if (HTML_START.test(text)) return { kind: 'page' };
  if (looksLikeJson(text, complete)) return { kind: 'file', fileKind: 'json' };
  if (looksLikeCsv(text, complete)) return { kind: 'file', fileKind: 'csv' };
  return { kind: 'file', fileKind: 'text' };
}
