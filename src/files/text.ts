// CSV, JSON and plain-text files give their text as Markdown (spec rule 5; extractor `file-text/1`). The text is
// delivered as decoded, not reformatted: the Markdown of a CSV is the CSV.

import { charsetParam } from './detect.ts';

/**
 * Most source bytes turned into Markdown (docs/decisions.md). A 500 MiB CSV is stored whole, but a response carrying
 * its full text would not fit a Worker's memory or a caller's JSON parser; past this the text is cut (status
 * `partial`, reason `markdown_cap`).
 */
export const TEXT_MARKDOWN_MAX_BYTES = 8 * 1024 * 1024;

export interface TextMarkdown {
  markdown: string;
  /** True when the file had more bytes than were turned into Markdown. */
  truncated: boolean;
  /** WHATWG encoding name the bytes were decoded with. */
  encoding: string;
}

const BOMS: Array<[number[], string]> = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

/** The encoding a byte order mark names, and the mark's length (WHATWG Encoding, "BOM sniff"); null without one. */
export function sniffBom(bytes: Uint8Array): { encoding: string; length: number } | null {
  for (const [bom, encoding] of BOMS) {
    if (bom.every((b, i) => bytes[i] === b)) return { encoding, length: bom.length };
  }
  return null;
}

/** WHATWG encoding name for a charset label, or null when the runtime's TextDecoder does not know it. */
function encodingFor(label: string): string | null {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    // `stream: true`: a multi-byte sequence cut by the size cap is not an error.
    new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Decodes a text file. Encoding, first match wins (the order of the WHATWG Encoding "decode" algorithm, then
 * HTTP): a byte order mark; the Content-Type `charset` when the runtime knows it; UTF-8 when the bytes are valid
 * UTF-8 (RFC 8259 §8.1 requires it for JSON; it is the modern default for the rest); otherwise windows-1252, the
 * WHATWG fallback for unlabeled legacy text. Invalid sequences become U+FFFD.
 *
 * `bytes` may be only the head of the file (a range read of a large stored file): pass the file's size as
 * `totalBytes` so the result says it was cut.
 */
export function textFileToMarkdown(
  bytes: Uint8Array,
  contentType: string | null,
  opts: { totalBytes?: number; maxBytes?: number } = {},
): TextMarkdown {
  const max = opts.maxBytes ?? TEXT_MARKDOWN_MAX_BYTES;
  const total = Math.max(opts.totalBytes ?? bytes.length, bytes.length);
  const bom = sniffBom(bytes);
  let body = bom ? bytes.subarray(bom.length) : bytes;
  let encoding: string | null = bom?.encoding ?? null;
  const bomLength = bytes.length - body.length;
  const truncated = total > max + bomLength;
  if (body.length > max) body = body.subarray(0, max);

  if (!encoding) {
    const label = charsetParam(contentType);
    encoding = (label && encodingFor(label)) || (isUtf8(body) ? 'utf-8' : 'windows-1252');
  }
  // `ignoreBOM`: a BOM was handled above; a second one is content.
  let text = new TextDecoder(encoding, { fatal: false, ignoreBOM: true }).decode(body, { stream: truncated });
  if (truncated) {
    // End on a line break when one is near, so the last CSV record or text line is whole.
    const cut = text.lastIndexOf('\n');
    if (cut >= 0 && text.length - cut <= 64 * 1024) text = text.slice(0, cut + 1);
  }
  return { markdown: text, truncated, encoding };
}
