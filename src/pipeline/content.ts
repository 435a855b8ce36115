// Stage after the lane: detect what answered (page, file, unsupported) and turn it into content. Pages go through
// the extractor; files are stored byte for byte and read by the PDF or text reader.
import type { Artifact, CaptureStatus, DocumentInfo, FileBlock, PageMetadata } from '../capture/types.ts';
import type { Config } from '../config/config.ts';
import { EXTRACTOR_NAME, EXTRACTOR_VERSION, extractPage } from '../extract/index.ts';
import { captureFile, classifyResponse, declaredBytesOf, FILE_EXTRACTOR, PDF_TIME_BUDGET_MS, type FileBucket } from '../files/index.ts';
import type { CaptureOptions } from '../request/capture-options.ts';
import { decodeHtml, readCapped, sha256Text } from './body.ts';
import { detectAccessBarrier } from './access.ts';
import { NO_DOCUMENT } from './result.ts';

/** HTML read per page (decision D15); a longer page is extracted from its first 10 MiB and reported `partial`. */
export const PAGE_MAX_BYTES = 10 * 1024 * 1024;

export interface Content {
  status: CaptureStatus;
  reason: string | null;
  contentType: string | null;
  html: string | null;
  markdown: string | null;
  links: string[] | null;
  metadata: PageMetadata | null;
  document: DocumentInfo;
  file: FileBlock | null;
  rawSha256: string | null;
  extractor: { name: string; version: string };
  artifacts: Artifact[];
  warnings: string[];
}

export const PAGE_EXTRACTOR = { name: EXTRACTOR_NAME, version: EXTRACTOR_VERSION };

/** A PDF's own title is the Title its Info dictionary declares; other files declare none. */
function pdfTitle(file: FileBlock | null): string | null {
  const title = file?.pdf?.info.Title;
  return typeof title === 'string' && title.trim() !== '' ? title.trim() : null;
}

export function noContent(status: CaptureStatus, reason: string | null): Content {
  return {
    status,
    reason,
    contentType: null,
    html: null,
    markdown: null,
    links: null,
    metadata: null,
    document: NO_DOCUMENT,
    file: null,
    rawSha256: null,
    extractor: PAGE_EXTRACTOR,
    artifacts: [],
    warnings: [],
  };
}

export interface ContentContext {
  finalUrl: string;
  options: CaptureOptions;
  config: Config;
  files: FileBucket;
  /** Epoch ms when the capture's deadline expires. */
  deadlineAt: number;
}

export async function captureContent(res: Response, ctx: ContentContext): Promise<Content> {
  const contentType = res.headers.get('content-type');
  const classified = await classifyResponse(contentType, res.body);
  const { detection } = classified;
  const stream = classified.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
  if (detection.kind === 'unsupported') {
    await stream.cancel();
    return { ...noContent('failed', 'unsupported_content_type'), contentType, extractor: FILE_EXTRACTOR };
  }
  if (detection.kind === 'file') {
    if (res.status < 200 || res.status > 299) {
      await stream.cancel();
      return { ...noContent('failed', `http_${res.status}`), contentType, extractor: FILE_EXTRACTOR };
    }
    // A file is stored byte for byte and never sent to a browser (spec "File handling").
    const f = await captureFile({
      body: stream,
      contentType,
      declaredBytes: declaredBytesOf(res.headers),
      detection,
      maxBytes: ctx.options.maxFileBytes,
      bucket: ctx.files,
      pdf: { timeBudgetMs: Math.max(1_000, Math.min(PDF_TIME_BUDGET_MS, ctx.deadlineAt - Date.now())) },
    });
    return {
      ...noContent(f.status, f.reason),
      contentType,
      markdown: f.markdown,
      file: f.file,
      rawSha256: f.rawSha256,
      artifacts: f.artifacts,
      extractor: f.extractor,
      document: { title: pdfTitle(f.file), pageType: 'file' },
    };
  }
  return capturePage(res, stream, contentType, ctx);
}

async function capturePage(
  res: Response,
  stream: ReadableStream<Uint8Array>,
  contentType: string | null,
  ctx: ContentContext,
): Promise<Content> {
  const { bytes, truncated } = await readCapped(stream, PAGE_MAX_BYTES);
  const { text: html } = decodeHtml(bytes, contentType);
  // rawSha256 of a web page on the HTTP lane: the response body as UTF-8 text (spec evidence table).
  const rawSha256 = await sha256Text(html);
  const artifacts: Artifact[] = [];
  if (ctx.config.captureRawDir) {
    const path = `${ctx.config.captureRawDir.replace(/\/+$/, '')}/${rawSha256}.html`;
    await ctx.files.put(path, new TextEncoder().encode(html), { httpMetadata: { contentType: 'text/html; charset=utf-8' } });
    artifacts.push({ kind: 'snapshot', path, sha256: rawSha256, bytes: null, contentType: null });
  }
  let page: ReturnType<typeof extractPage>;
  try {
    page = extractPage(html, {
      url: ctx.finalUrl,
      contentLanguage: res.headers.get('content-language'),
      onlyMainContent: ctx.options.onlyMainContent,
    });
  } catch (err) {
    // The page was read (its digest and snapshot stand) but could not be turned into content.
    const message = err instanceof Error ? err.message : String(err);
    return { ...noContent('failed', `extract_failed: ${message}`), contentType, html, rawSha256, artifacts };
  }
  const base: Content = {
    ...noContent('success', null),
    contentType,
    html,
    markdown: page.markdown,
    links: page.links,
    metadata: page.metadata,
    document: page.document,
    rawSha256,
    artifacts,
  };
  const barrier = detectAccessBarrier(res.status, html);
  if (barrier.blocked) return { ...base, status: 'blocked', reason: barrier.reason };
  if (res.status < 200 || res.status > 299) return { ...base, status: 'failed', reason: `http_${res.status}` };
  if (truncated) {
    return { ...base, status: 'partial', reason: 'page_cap', warnings: [`page_cap: only the first ${PAGE_MAX_BYTES} bytes were read`] };
  }
  if (page.markdown.trim() === '') return { ...base, status: 'incomplete', reason: 'empty_content' };
  return base;
}
