// The `file` block, the file artifact and the extractor name of a file result (spec "File handling" and
// "Evidence record": `rawSha256` = `file.sha256` = the artifact's `sha256`).

import type { Artifact, FileBlock, FileKind, PdfBlock } from '../capture/types.ts';
import type { Detection } from './detect.ts';

export type FileDetection = Extract<Detection, { kind: 'file' }>;

export interface StoredFile {
  sha256: string;
  bytes: number;
  path: string;
}

export const PDF_EXTRACTOR = { name: 'pdf-text', version: 'pdf-text/1' } as const;
export const FILE_EXTRACTOR = { name: 'file-text', version: 'file-text/1' } as const;

export type FileExtractor = typeof PDF_EXTRACTOR | typeof FILE_EXTRACTOR;

/** `pdf-text/1` for a PDF, `file-text/1` for every other file (spec "Evidence record", `extractor`). */
export const extractorFor = (kind: FileKind): FileExtractor => (kind === 'pdf' ? PDF_EXTRACTOR : FILE_EXTRACTOR);

export function buildFileBlock(args: {
  detection: FileDetection;
  contentType: string | null;
  declaredBytes: number | null;
  maxBytes: number;
  stored: StoredFile;
  markdownFrom: FileBlock['markdownFrom'];
  pdf?: PdfBlock | null;
}): FileBlock {
  const block: FileBlock = {
    kind: args.detection.fileKind,
    detectedBy: args.detection.detectedBy,
    contentType: args.contentType,
    declaredBytes: args.declaredBytes,
    bytes: args.stored.bytes,
    maxBytes: args.maxBytes,
    sha256: args.stored.sha256,
    path: args.stored.path,
    markdownFrom: args.markdownFrom,
  };
  if (args.pdf) block.pdf = args.pdf;
  return block;
}

/** The artifact of a saved file: as received, with its size and received Content-Type. */
export function fileArtifact(stored: StoredFile, contentType: string | null): Artifact {
  return { kind: 'file', path: stored.path, sha256: stored.sha256, bytes: stored.bytes, contentType };
}
