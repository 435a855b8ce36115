// Files: saved byte for byte at files/<sha256>.<ext> (never sent to a browser), then read by the PDF or text reader.
import type { Artifact, FileBlock } from '../capture/types.ts';
import { extractPdf, readStoredFile, storeFile, textFileToMarkdown, type Detection } from '../files/index.ts';
import { type Content, type ContentContext, noContent } from './content.ts';

const PDF_EXTRACTOR = { name: 'pdf-text', version: 'pdf-text/1' };
const FILE_EXTRACTOR = { name: 'file-text', version: 'file-text/1' };

function declaredLength(res: Response): number | null {
  const raw = res.headers.get('content-length');
  return raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

export async function captureFile(
  res: Response,
  stream: ReadableStream<Uint8Array>,
  detection: Extract<Detection, { kind: 'file' }>,
  ctx: ContentContext & { contentType: string | null },
): Promise<Content> {
  const extractor = detection.fileKind === 'pdf' ? PDF_EXTRACTOR : FILE_EXTRACTOR;
  const declaredBytes = declaredLength(res);
  const maxBytes = ctx.options.maxFileBytes;
  const failed = (reason: string): Content => ({ ...noContent('failed', reason), contentType: ctx.contentType, extractor });
  if (res.status < 200 || res.status > 299) {
    await stream.cancel();
    return failed(`http_${res.status}`);
  }
  const stored = await storeFile(stream, {
    bucket: ctx.files,
    maxBytes,
    declaredBytes,
    ext: detection.ext,
    contentType: ctx.contentType,
  });
  if (!stored.ok) return failed(stored.reason);

  const file: FileBlock = {
    kind: detection.fileKind,
    detectedBy: detection.detectedBy,
    contentType: ctx.contentType,
    declaredBytes,
    bytes: stored.bytes,
    maxBytes,
    sha256: stored.sha256,
    path: stored.path,
    markdownFrom: null,
  };
  const artifact: Artifact = {
    kind: 'file',
    path: stored.path,
    sha256: stored.sha256,
    bytes: stored.bytes,
    contentType: ctx.contentType,
  };
  const base: Content = {
    ...noContent('success', null),
    contentType: ctx.contentType,
    file,
    rawSha256: stored.sha256,
    extractor,
    artifacts: [artifact],
    document: { title: null, pageType: 'file' },
  };

  if (detection.fileKind === 'pdf') {
    const bytes = await readStoredFile(ctx.files, stored.path);
    const pdf = await extractPdf(bytes);
    file.pdf = pdf.pdf;
    if (pdf.markdown !== null) file.markdownFrom = 'pdf_text';
    return { ...base, status: pdf.status, reason: pdf.reason, markdown: pdf.markdown };
  }
  if (detection.fileKind === 'csv' || detection.fileKind === 'json' || detection.fileKind === 'text') {
    const bytes = await readStoredFile(ctx.files, stored.path);
    const text = textFileToMarkdown(bytes, ctx.contentType);
    file.markdownFrom = 'text';
    return text.truncated
      ? { ...base, status: 'partial', reason: 'markdown_cap', markdown: text.markdown }
      : { ...base, markdown: text.markdown };
  }
  // XLSX, XLS and ZIP give no markdown and are `success` (spec "Rules for file results" 6).
  return base;
}
