// Deciding whether a response is a page or a file, and which file kind (spec "File handling and the file block"):
// by Content-Type, or by the bytes when the type is application/octet-stream (or absent). Pure.

import type { FileKind } from '../capture/types.ts';
import { sniffBytes } from './sniff.ts';

export type Detection =
  | { kind: 'page' }
  | { kind: 'file'; fileKind: FileKind; detectedBy: 'content-type' | 'bytes'; ext: string }
  | { kind: 'unsupported'; contentType: string; detail?: string };

/** File extension of the stored object `files/<sha256>.<ext>`: one per kind (docs/decisions.md). */
export const EXT_BY_KIND: Readonly<Record<FileKind, string>> = {
  pdf: 'pdf',
  csv: 'csv',
  json: 'json',
  text: 'txt',
  xlsx: 'xlsx',
  xls: 'xls',
  zip: 'zip',
};

/** Content-Type to serve a stored file with, by extension (for a route that hands stored files back). */
export const CONTENT_TYPE_BY_EXT: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  json: 'application/json',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  zip: 'application/zip',
};

/** Media type of a Content-Type header value (RFC 9110 §8.3.1): lowercased, parameters dropped; '' when absent. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** The `charset` parameter of a Content-Type value, unquoted and lowercased; null when absent. */
/** An HTML page's media type (`text/html` or XHTML), parameters ignored. */
export function isHtmlMediaType(contentType: string | null): boolean {
  const type = mediaType(contentType);
  return type === 'text/html' || type === 'application/xhtml+xml';
}

export function charsetParam(contentType: string | null): string | null {
  const m = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const v = (m?.[1] ?? m?.[2] ?? '').trim().toLowerCase();
  return v === '' ? null : v;
}

const BY_TYPE: Record<string, FileKind> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'text/comma-separated-values': 'csv',
  'application/json': 'json',
  'text/json': 'json',
  'text/plain': 'text',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-excel': 'xls',
  'application/zip': 'zip',
  'application/x-zip-compressed': 'zip',
  'application/x-zip': 'zip',
};

// Types that say "some bytes" and nothing more; servers use these synonyms for downloads.
const OPAQUE = new Set([
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'application/x-octet-stream',
  'application/download',
  'application/force-download',
  'application/x-download',
  'application/unknown',
]);

/** True when the Content-Type says nothing about the content, so the bytes decide. */
export function isOpaqueContentType(contentType: string | null): boolean {
  return OPAQUE.has(mediaType(contentType));
}

const PAGE = new Set(['text/html', 'application/xhtml+xml']);

// Text the service keeps as plain text rather than refusing (it reads as text, and nothing here would render it).
const TEXTUAL_APPLICATION = new Set(['application/xml', 'application/javascript', 'application/ecmascript']);

function byContentType(type: string): FileKind | 'page' | null {
  if (PAGE.has(type)) return 'page';
  const known = BY_TYPE[type];
  if (known) return known;
  // RFC 6839 §3.1: a `+json` structured-syntax suffix is JSON (application/ld+json, application/problem+json, ...).
  if (/^(?:image|audio|video|font)\//.test(type)) return null; // spec rule 8, whatever the suffix (image/svg+xml)
  if (type.endsWith('+json')) return 'json';
  if (type.endsWith('+xml') || TEXTUAL_APPLICATION.has(type)) return 'text';
  // Any other text/* subtype (markdown, tab-separated values, xml, css, calendar, ...) is readable as plain text.
  if (type.startsWith('text/')) return 'text';
  return null;
}

const file = (fileKind: FileKind, detectedBy: 'content-type' | 'bytes'): Detection => ({
  kind: 'file',
  fileKind,
  detectedBy,
  ext: EXT_BY_KIND[fileKind],
});

/**
 * Classifies a response. `head` is the first bytes of the body (at least 4 KiB when the body has them); it is only
 * looked at when the Content-Type is opaque or absent. `complete` says `head` holds the whole body.
 */
export function detectContent(contentType: string | null, head: Uint8Array, complete = false): Detection {
  const type = mediaType(contentType);
  if (!OPAQUE.has(type)) {
    const kind = byContentType(type);
    if (kind === 'page') return { kind: 'page' };
    if (kind) return file(kind, 'content-type');
    // Images, audio, video, fonts, word-processor and presentation documents, and every other type that is neither
    // a page nor one of the seven file kinds (spec rule 8).
    return { kind: 'unsupported', contentType: type };
  }
  const sniffed = sniffBytes(head, complete);
  switch (sniffed.kind) {
    case 'file':
      return file(sniffed.fileKind, 'bytes');
    case 'page':
      return { kind: 'page' };
    case 'unsupported':
      return { kind: 'unsupported', contentType: type || 'application/octet-stream', detail: sniffed.what };
    case 'unknown':
      return { kind: 'unsupported', contentType: type || 'application/octet-stream', detail: 'unrecognized bytes' };
  }
}
