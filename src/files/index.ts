// Files and PDFs (spec "File handling and the file block"): the public surface used by the capture pipeline.
//
// Pipeline use:
//   const { detection, body } = await classifyResponse(contentType, res.body);
//   if (detection.kind === 'file') result = await captureFile({ body, contentType, declaredBytes: declaredBytesOf(res.headers),
//     detection, maxBytes: resolveMaxFileBytes(req.maxFileBytes, parseMaxFileBytesSetting(env.SVC_MAX_FILE_BYTES)),
//     bucket: env.FILES });
//   if (detection.kind === 'unsupported') → failed / unsupported_content_type.

export { buildFileBlock, extractorFor, fileArtifact, FILE_EXTRACTOR, PDF_EXTRACTOR } from './block.ts';
export type { FileDetection, FileExtractor, StoredFile } from './block.ts';
export { fileKey, readStoredFile, TEMP_PREFIX } from './bucket.ts';
export type { FileBucket, FileBucketObject, FileBucketObjectBody, FileMultipartUpload, FilePutOptions } from './bucket.ts';
export { captureFile, PDF_PARSE_MAX_BYTES, unsupportedContentResult } from './capture.ts';
export type { FileCaptureInput, FileCaptureResult } from './capture.ts';
export { charsetParam, CONTENT_TYPE_BY_EXT, detectContent, EXT_BY_KIND, isHtmlMediaType, isOpaqueContentType, mediaType } from './detect.ts';
export type { Detection } from './detect.ts';
export { DEFAULT_MAX_FILE_BYTES, MAX_FILE_BYTES_LIMIT, parseMaxFileBytesSetting, resolveMaxFileBytes } from './limits.ts';
export { extractPdf, PDF_PAGE_CAP, PDF_TIME_BUDGET_MS } from './pdf.ts';
export type { PdfExtraction, PdfOptions } from './pdf.ts';
export { createSha256, sha256Hex, sha256Text } from './sha256.ts';
export { PART_BYTES, storeFile } from './store.ts';
export type { StoreOptions, StoreResult } from './store.ts';
export { classifyResponse, declaredBytesOf, peekHead, SNIFF_BYTES } from './stream.ts';
export { sniffBom, TEXT_MARKDOWN_MAX_BYTES, textFileToMarkdown } from './text.ts';
