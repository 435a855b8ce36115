// Stage 2 of runCapture: what answered (page, file, unsupported) becomes content. Pages go through the extractor;
// files are stored byte for byte (or only read, when the profile stores none) and read by the PDF or text reader.
import type { AdapterResult } from '../adapters/types.ts';
import type { CaptureProfile } from '../capture/profile.ts';
import type { Artifact, CaptureStatus, DocumentInfo, FileBlock, PageMetadata } from '../capture/types.ts';
import type { Config } from '../config/config.ts';
import { EXTRACTOR_NAME, EXTRACTOR_VERSION, type ParsedPage } from '../extract/index.ts';
import { captureFile, classifyResponse, declaredBytesOf, FILE_EXTRACTOR, PDF_TIME_BUDGET_MS, type FileBucket } from '../files/index.ts';
import { MemoryBucket } from '../files/memory-bucket.ts';
import { readCapped } from '../io/read-capped.ts';
import type { LaneResult } from '../lanes/types.ts';
import type { CaptureOptions } from '../request/capture-options.ts';
import { decodeHtml } from './body.ts';
import { capturePage } from './page.ts';
import { NO_DOCUMENT } from './result.ts';

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
  /** The page as parsed once (for the JSON filler); null for files and failures. */
  page: ParsedPage | null;
  /** The site adapter's reading of the page, when one applied. */
  adapter: AdapterResult | null;
}

export type LaneResponse = Extract<LaneResult, { kind: 'response' }>;

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
    page: null,
    adapter: null,
  };
}

export interface ContentContext {
  requestedUrl: string;
  finalUrl: string;
  options: CaptureOptions;
  profile: CaptureProfile;
  config: Config;
  files: FileBucket;
  /** Epoch ms when the capture's deadline expires. */
  deadlineAt: number;
  now: () => number;
}

/** The file cap of this capture: the request's (already at most the operator's), lowered by the profile's. */
export function fileCapOf(options: CaptureOptions, profile: CaptureProfile): number {
  return profile.fileMaxBytes === null ? options.maxFileBytes : Math.min(options.maxFileBytes, profile.fileMaxBytes);
}

export async function captureContent(res: LaneResponse, ctx: ContentContext): Promise<Content> {
  const contentType = res.headers.get('content-type');
  // A browser lane hands over rendered HTML: files never reach a browser (spec "File handling").
  if (res.body.kind === 'html') return capturePage(res, { text: res.body.html, utf8: null }, false, contentType, ctx);
  if (res.body.kind === 'read') return readPage(res, res.body, contentType, ctx);
  const classified = await classifyResponse(contentType, res.body.stream);
  const { detection } = classified;
  const stream = classified.body ?? new ReadableStream<Uint8Array>({ start: (c) => c.close() });
  if (detection.kind === 'unsupported') {
    await stream.cancel();
    return { ...noContent('failed', 'unsupported_content_type'), contentType, extractor: FILE_EXTRACTOR };
  }
  if (detection.kind === 'file') {
    if (res.status !== null && (res.status < 200 || res.status > 299)) {
      await stream.cancel();
      return { ...noContent('failed', `http_${res.status}`), contentType, extractor: FILE_EXTRACTOR };
    }
    const f = await captureFile({
      body: stream,
      contentType,
      declaredBytes: declaredBytesOf(res.headers),
      detection,
      maxBytes: fileCapOf(ctx.options, ctx.profile),
      // The preview reads and shows files but stores none: the bytes live in memory for this capture only.
      bucket: ctx.profile.storeFiles ? ctx.files : new MemoryBucket(),
      pdf: { timeBudgetMs: Math.max(1_000, Math.min(PDF_TIME_BUDGET_MS, ctx.deadlineAt - ctx.now())) },
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
  const { bytes, truncated } = await readCapped(stream, ctx.profile.pageMaxBytes);
  return capturePage(res, decodeHtml(bytes, contentType), truncated, contentType, ctx);
}

/** An HTML answer the lane already read whole and decoded: within the page cap it is used as is, else cut there. */
function readPage(res: LaneResponse, body: { bytes: Uint8Array; text: string; utf8: Uint8Array | null }, contentType: string | null, ctx: ContentContext): Promise<Content> {
  const cap = ctx.profile.pageMaxBytes;
  if (body.bytes.byteLength <= cap) return capturePage(res, body, false, contentType, ctx);
  return capturePage(res, decodeHtml(body.bytes.subarray(0, cap), contentType), true, contentType, ctx);
}
