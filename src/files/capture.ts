// One file response to its result: store the bytes, then read what the kind allows (spec "Rules for file results").
// The pipeline calls this after `classifyResponse` said `file`; it fills status, reason, markdown, `file`, and the
// evidence fields that files decide (`rawSha256`, `artifacts`, `extractor`).

import type { Artifact, FileBlock } from '../capture/types.ts';
import { buildFileBlock, extractorFor, fileArtifact, type FileDetection, type FileExtractor } from './block.ts';
import { readStoredFile, type FileBucket } from './bucket.ts';
import { MIB } from './limits.ts';
import { extractPdf, type PdfOptions } from './pdf.ts';
import { storeFile } from './store.ts';
import { TEXT_MARKDOWN_MAX_BYTES, textFileToMarkdown } from './text.ts';

/**
 * Largest PDF parsed (docs/decisions.md). pdf.js needs the whole file in memory plus roughly 40–60 MiB of its own
 * for a few hundred pages (measured); a Worker isolate has 128 MB. A larger PDF is stored but not read: `partial`,
 * reason `pdf_parse_cap`.
 */
export const PDF_PARSE_MAX_BYTES = 32 * MIB;

export interface FileCaptureInput {
  body: ReadableStream<Uint8Array>;
  /** The received Content-Type header, as received. */
  contentType: string | null;
  declaredBytes: number | null;
  detection: FileDetection;
  maxBytes: number;
  bucket: FileBucket;
  pdf?: PdfOptions & { parseMaxBytes?: number };
}

export interface FileCaptureResult {
  status: 'success' | 'partial' | 'failed';
  reason: string | null;
  markdown: string | null;
  /** Absent (null) only when nothing was saved (`body_too_large`). */
  file: FileBlock | null;
  rawSha256: string | null;
  artifacts: Artifact[];
  extractor: FileExtractor;
}

/** The result for a response whose type the service refuses (spec rule 8). */
export function unsupportedContentResult(): { status: 'failed'; reason: 'unsupported_content_type' } {
  return { status: 'failed', reason: 'unsupported_content_type' };
}

export async function captureFile(input: FileCaptureInput): Promise<FileCaptureResult> {
  const { detection, bucket } = input;
  const extractor = extractorFor(detection.fileKind);
  const stored = await storeFile(input.body, {
    bucket,
    maxBytes: input.maxBytes,
    declaredBytes: input.declaredBytes,
    ext: detection.ext,
    contentType: input.contentType,
  });
  if (!stored.ok) {
    // Spec rule 7: nothing is saved, so there is no digest, path or artifact to report.
    return { status: 'failed', reason: 'body_too_large', markdown: null, file: null, rawSha256: null, artifacts: [], extractor };
  }
  const block = (markdownFrom: FileBlock['markdownFrom'], pdf?: FileBlock['pdf'] | null): FileBlock =>
    buildFileBlock({
      detection,
      contentType: input.contentType,
      declaredBytes: input.declaredBytes,
      maxBytes: input.maxBytes,
      stored,
      markdownFrom,
      pdf,
    });
  const common = { rawSha256: stored.sha256, artifacts: [fileArtifact(stored, input.contentType)], extractor };

  switch (detection.fileKind) {
    case 'pdf': {
      const parseMax = input.pdf?.parseMaxBytes ?? PDF_PARSE_MAX_BYTES;
      if (stored.bytes > parseMax) {
        return { status: 'partial', reason: 'pdf_parse_cap', markdown: null, file: block(null), ...common };
      }
      const bytes = stored.data ?? (await readBack(bucket, stored.path));
      const pdf = await extractPdf(bytes, input.pdf);
      return {
        status: pdf.status,
        reason: pdf.reason,
        markdown: pdf.markdown,
        file: block(pdf.markdown === null ? null : 'pdf_text', pdf.pdf),
        ...common,
      };
    }
    case 'csv':
    case 'json':
    case 'text': {
      // A BOM does not count against the cap, so read up to three bytes more than it.
      const bytes = stored.data ?? (await readBack(bucket, stored.path, TEXT_MARKDOWN_MAX_BYTES + 3));
      const text = textFileToMarkdown(bytes, input.contentType, { totalBytes: stored.bytes });
      return {
        status: text.truncated ? 'partial' : 'success',
        reason: text.truncated ? 'markdown_cap' : null,
        markdown: text.markdown,
        file: block('text'),
        ...common,
      };
    }
    case 'xlsx':
    case 'xls':
    case 'zip':
      // Spec rule 6: stored, no Markdown.
      return { status: 'success', reason: null, markdown: null, file: block(null), ...common };
  }
}

async function readBack(bucket: FileBucket, path: string, maxBytes?: number): Promise<Uint8Array> {
  const got = await readStoredFile(bucket, path, maxBytes === undefined ? {} : { maxBytes });
  if (!got) throw new Error(`file store: ${path} was not found right after it was saved`);
  return got.bytes;
}
