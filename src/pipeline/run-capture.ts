// runCapture: the one capture pipeline behind every surface (/v1 scrape, batch items, crawl pages, monitors, /fc,
// MCP, preview). It only sequences the stages: url guard → robots → lane fetch → detect → extract → JSON fill →
// evidence. Expected failures of a page come back as results with a status and reason, never as exceptions.
import type { FormatRequest } from '../capture/types.ts';
import { userAgentFor, type Config } from '../config/config.ts';
import { buildEvidenceRecord, legacyFields } from '../evidence/build.ts';
import type { FileBucket } from '../files/index.ts';
import { fillJson } from '../json/index.ts';
import { fetchOverHttpLane, type FetchFn } from '../lanes/http.ts';
import { proxiedVia } from '../lanes/proxy/client.ts';
import type { CaptureOptions } from '../request/capture-options.ts';
import { checkRobots, SVC_CAPTURE_TOKENS, type RobotsCache, type RobotsInflight } from '../robots/index.ts';
import { sha256Text } from './body.ts';
import { captureContent, type Content, noContent } from './content.ts';
import { EMPTY_METADATA, type ScrapeResult } from './result.ts';
import { guardUrl } from './url-guard.ts';

export interface CaptureDeps {
  config: Config;
  fetch: FetchFn;
  files: FileBucket;
  robotsCache: RobotsCache;
  /** robots.txt reads under way in this Worker invocation (never shared across invocations). */
  robotsInflight: RobotsInflight;
}

export interface CaptureInput {
  url: string;
  options: CaptureOptions;
}

/**
 * robots.txt gets its own deadline: at most 10 s and at most half the capture's, so that a hanging robots.txt is
 * reported as unreachable (a disallow, RFC 9309 §2.3.1.4) rather than as the page's timeout.
 */
export function robotsTimeoutMs(captureTimeoutMs: number): number {
  return Math.min(10_000, Math.floor(captureTimeoutMs / 2));
}

export async function runCapture(input: CaptureInput, deps: CaptureDeps): Promise<ScrapeResult> {
  const { config } = deps;
  const { options } = input;
  const userAgent = userAgentFor(options.mode, config.contact);
  const startedAt = Date.now();
  const deadline = AbortSignal.timeout(options.timeoutMs);

  let content: Content;
  let answered: string[] = [];
  let finalUrl: string | null = null;
  let robots = null;
  let fetchedAt: string | null = null;
  let httpStatus: number | null = null;
  let sentUserAgent: string | null = null;
  /** `host:port` of the environment proxy that carried the page's response, else null (spec: evidence `proxy`). */
  let proxy: string | null = null;

  const guard = guardUrl(input.url);
  if (!guard.ok) {
    content = noContent('invalid_url', guard.reason);
  } else {
    const lane = await fetchOverHttpLane({
      url: guard.url,
      userAgent,
      signal: deadline,
      fetch: deps.fetch,
      robots: (u) =>
        checkRobots(u, {
          fetch: deps.fetch,
          userAgent,
          tokens: SVC_CAPTURE_TOKENS,
          timeoutMs: robotsTimeoutMs(options.timeoutMs),
          cache: deps.robotsCache,
          inflight: deps.robotsInflight,
        }),
    });
    answered = lane.answered;
    finalUrl = answered.at(-1) ?? null;
    robots = lane.robots;
    if (answered.length > 0) sentUserAgent = userAgent;
    if (lane.kind === 'response') {
      fetchedAt = lane.fetchedAt;
      httpStatus = lane.response.status;
      proxy = proxiedVia(lane.response);
      try {
        content = await captureContent(lane.response, {
          // A response always has its URL in `answered`; the requested URL only satisfies the type.
          finalUrl: finalUrl ?? guard.url.href,
          options,
          config,
          files: deps.files,
          deadlineAt: startedAt + options.timeoutMs,
        });
      } catch (err) {
        // The body broke off while it was read: the deadline aborted it, or the connection failed mid-body.
        content = deadline.aborted
          ? noContent('timeout', 'deadline_exceeded')
          : noContent('failed', `read_failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    } else if (lane.kind === 'blocked') {
      content = noContent('blocked', lane.reason);
    } else if (lane.kind === 'timeout') {
      content = noContent('timeout', 'deadline_exceeded');
    } else {
      httpStatus = lane.httpStatus;
      content = noContent('failed', `${lane.reason}: ${lane.message}`);
    }
  }

  const wants = (t: FormatRequest['type']) => options.formats.some((f) => f.type === t);
  const jsonFormat = options.formats.find((f) => f.type === 'json');
  const markdown = wants('markdown') ? content.markdown : null;
  const markdownSha256 = markdown === null ? null : await sha256Text(markdown);

  let json = null;
  if (jsonFormat && jsonFormat.type === 'json') {
    json = await fillJson({
      html: content.html,
      pdfMarkdown: content.file?.kind === 'pdf' ? content.markdown : null,
      textMarkdown: content.markdown,
      requestedUrl: input.url,
      finalUrl,
      document: content.document,
      pageStatus: content.status,
      format: jsonFormat,
      model: config.model,
      fetch: deps.fetch,
    });
  }

  const record = buildEvidenceRecord({
    requestedUrl: input.url,
    answered,
    fetchedAt,
    httpStatus,
    status: content.status,
    reason: content.status === 'success' ? null : content.reason,
    lane: 'http',
    robots,
    rawSha256: content.rawSha256,
    markdownSha256,
    jsonSha256: json ? json.outputSha256 : null,
    extractor: content.extractor,
    sourceCommit: config.sourceCommit,
    fieldEvidence: json ? json.fieldEvidence : null,
    artifacts: content.artifacts,
    proxy,
    userAgent: sentUserAgent,
    mode: options.mode,
    contact: config.contact,
    contentType: content.contentType,
  });

  const result: ScrapeResult = {
    url: input.url,
    status: record.status,
    reason: record.reason,
    metadata: content.metadata ?? EMPTY_METADATA,
    document: content.document,
    warnings: content.warnings,
    evidenceRecord: record,
    ...legacyFields(record, content.contentType),
  };
  if (markdown !== null) result.markdown = markdown;
  if (wants('links') && content.links !== null) result.links = content.links;
  if (json) result.json = json.json;
  if (content.file) result.file = content.file;
  return result;
}

