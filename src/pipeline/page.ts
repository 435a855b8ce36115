// The page half of stage 2: one parse of the HTML (src/extract/page.ts), the site adapters reading that tree before
// anything changes it, then the extractor (which changes it in place), then the page's verdict. The parsed page
// travels on to the JSON filler, which reads its scan and never parses again.
import type { Artifact, DocumentInfo } from '../capture/types.ts';
import { runAdapters } from '../adapters/registry.ts';
import type { AdapterResult } from '../adapters/types.ts';
import { extractPage, parsePage, type ParsedPage } from '../extract/index.ts';
import { sha256Hex, sha256Text } from '../files/index.ts';
import { snapshotKey } from '../files/r2-keys.ts';
import { errorMessage } from '../io/errors.ts';
import { detectAccessBarrier } from './access.ts';
import { noContent, type Content, type ContentContext, type LaneResponse } from './content.ts';

async function snapshotOf(html: string, rawSha256: string, ctx: ContentContext): Promise<Artifact[]> {
  if (!ctx.config.captureRawDir || !ctx.profile.storeFiles) return [];
  const path = snapshotKey(ctx.config.captureRawDir, rawSha256);
  await ctx.files.put(path, new TextEncoder().encode(html), { httpMetadata: { contentType: 'text/html; charset=utf-8' } });
  return [{ kind: 'snapshot', path, sha256: rawSha256, bytes: null, contentType: null }];
}

function urlOrNull(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** The adapter's values on `document` (decision D64): its name, values, issues and their evidence. */
function withAdapter(document: DocumentInfo, a: AdapterResult | null): DocumentInfo {
  if (a === null) return document;
  const out: DocumentInfo = { ...document, adapter: a.adapter, issues: a.issues.map((i) => ({ ...i })), evidence: a.evidence };
  if (a.product) out.product = { ...a.product };
  if (a.post) out.post = { ...a.post };
  return out;
}

/** A page's HTML, with the bytes whose UTF-8 it is when the body was such (decodeHtml). */
export interface PageText {
  text: string;
  utf8: Uint8Array | null;
}

export async function capturePage(res: LaneResponse, body: PageText, truncated: boolean, contentType: string | null, ctx: ContentContext): Promise<Content> {
  const html = body.text;
  // rawSha256 of a web page: the response body as UTF-8 text (HTTP lane) or the rendered HTML (browser lanes).
  const rawSha256 = body.utf8 === null ? await sha256Text(html) : await sha256Hex(body.utf8);
  const artifacts = await snapshotOf(html, rawSha256, ctx);
  const wantsJson = ctx.options.formats.some((f) => f.type === 'json');
  let page: ParsedPage;
  let adapter: AdapterResult | null;
  let extracted: ReturnType<typeof extractPage>;
  try {
    page = parsePage(html, { url: ctx.finalUrl, contentLanguage: res.headers.get('content-language'), labelRows: wantsJson });
    const requested = urlOrNull(ctx.requestedUrl);
    adapter = requested ? runAdapters({ url: requested, finalUrl: urlOrNull(ctx.finalUrl), document: page.document, scripts: page.scripts, httpStatus: res.status }) : null;
    extracted = extractPage(page, { url: ctx.finalUrl, onlyMainContent: ctx.options.onlyMainContent });
  } catch (err) {
    // The page was read (its digest and snapshot stand) but could not be turned into content.
    return { ...noContent('failed', `extract_failed: ${errorMessage(err)}`), contentType, html, rawSha256, artifacts };
  }
  const base: Content = {
    ...noContent('success', null),
    contentType,
    html,
    markdown: extracted.markdown,
    links: extracted.links,
    metadata: extracted.metadata,
    document: withAdapter(extracted.document, adapter),
    rawSha256,
    artifacts,
    warnings: extracted.warnings,
    page,
    adapter,
  };
  return { ...base, ...verdictOf(base, res.status, html, truncated, ctx.profile.pageMaxBytes) };
}

type Verdict = Pick<Content, 'status' | 'reason' | 'warnings'>;

/** The page's status: an access barrier, an HTTP error, a cut page, no content, or success. */
function verdictOf(base: Content, httpStatus: number | null, html: string, truncated: boolean, cap: number): Verdict {
  const { warnings } = base;
  // A post adapter that found a login wall or challenge instead of the post speaks first (decision D170).
  if (base.adapter?.access) return { status: 'blocked', reason: base.adapter.access.reason, warnings };
  const barrier = detectAccessBarrier(httpStatus, html);
  if (barrier.blocked) return { status: 'blocked', reason: barrier.reason, warnings };
  if (httpStatus !== null && (httpStatus < 200 || httpStatus > 299)) return { status: 'failed', reason: `http_${httpStatus}`, warnings };
  if (truncated) return { status: 'partial', reason: 'page_cap', warnings: [...warnings, `page_cap: only the first ${cap} bytes were read`] };
  if ((base.markdown ?? '').trim() === '') return { status: 'incomplete', reason: 'empty_content', warnings };
  return { status: 'success', reason: null, warnings };
}
