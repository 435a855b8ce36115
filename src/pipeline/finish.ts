// Stage 3 of runCapture: the formats asked for, the JSON record, the one evidence record, and the result.
import { adapterJsonCandidates } from '../adapters/json.ts';
import type { CaptureProfile } from '../capture/profile.ts';
import type { FormatRequest, RobotsDecision } from '../capture/types.ts';
import { buildEvidenceRecord, legacyFields } from '../evidence/build.ts';
import { sha256Text } from '../files/index.ts';
import { fillJson } from '../json/index.ts';
import type { AnsweredChain } from '../lanes/types.ts';
import type { Content } from './content.ts';
import { EMPTY_METADATA, type ScrapeResult } from './result.ts';
import type { CaptureDeps, CaptureInput } from './run-capture.ts';

/** What the lane observed, whatever its outcome (all null / empty when nothing was requested). */
export interface LaneFacts {
  lane: import('../capture/types.ts').Lane;
  chain: AnsweredChain;
  robots: RobotsDecision | null;
  fetchedAt: string | null;
  httpStatus: number | null;
  userAgent: string | null;
  proxy: string | null;
  warnings: string[];
}

export const NO_LANE_FACTS: LaneFacts = {
  lane: 'http',
  chain: { urls: [], complete: true },
  robots: null,
  fetchedAt: null,
  httpStatus: null,
  userAgent: null,
  proxy: null,
  warnings: [],
};

/** The request's json format (at most one per request), or null. */
export function jsonFormatOf(formats: FormatRequest[]): Extract<FormatRequest, { type: 'json' }> | null {
  const f = formats.find((x) => x.type === 'json');
  return f && f.type === 'json' ? f : null;
}

async function fillJsonFor(input: CaptureInput, facts: LaneFacts, content: Content, deps: CaptureDeps) {
  const format = jsonFormatOf(input.options.formats);
  if (!format) return null;
  return fillJson({
    // The page as parsed once by the content stage: the filler reads its scan and never parses again.
    page: content.page,
    // A site adapter's verified values come first; fields it withheld are filled from nowhere else.
    site: content.adapter ? adapterJsonCandidates(content.adapter) : null,
    html: content.html,
    pdfMarkdown: content.file?.kind === 'pdf' ? content.markdown : null,
    textMarkdown: content.markdown,
    requestedUrl: input.url,
    finalUrl: facts.chain.urls.at(-1) ?? null,
    document: content.document,
    pageStatus: content.status,
    format,
    // The profile decides whether a model may run at all (the preview never asks one).
    model: input.profile.modelFallback ? deps.config.model : null,
    fetch: deps.fetch,
  });
}

function capLinks(links: string[], profile: CaptureProfile): string[] {
  return profile.linksMax === null ? links : links.slice(0, profile.linksMax);
}

export async function finishCapture(input: CaptureInput, facts: LaneFacts, content: Content, deps: CaptureDeps): Promise<ScrapeResult> {
  const { options } = input;
  const wants = (t: FormatRequest['type']) => options.formats.some((f) => f.type === t);
  const markdown = wants('markdown') ? content.markdown : null;
  const json = await fillJsonFor(input, facts, content, deps);
  const record = buildEvidenceRecord({
    requestedUrl: input.url,
    chain: facts.chain,
    fetchedAt: facts.fetchedAt,
    httpStatus: facts.httpStatus,
    status: content.status,
    reason: content.status === 'success' ? null : content.reason,
    lane: facts.lane,
    robots: facts.robots,
    rawSha256: content.rawSha256,
    markdownSha256: markdown === null ? null : await sha256Text(markdown),
    jsonSha256: json ? json.outputSha256 : null,
    extractor: content.extractor,
    sourceCommit: deps.config.sourceCommit,
    fieldEvidence: json ? json.fieldEvidence : null,
    artifacts: content.artifacts,
    proxy: facts.proxy,
    userAgent: facts.userAgent,
    mode: options.mode,
    contact: deps.config.contact,
    contentType: content.contentType,
  });
  const result: ScrapeResult = {
    url: input.url,
    status: record.status,
    reason: record.reason,
    metadata: content.metadata ?? EMPTY_METADATA,
    document: content.document,
    warnings: [...facts.warnings, ...content.warnings],
    evidenceRecord: record,
    ...legacyFields(record, content.contentType),
  };
  if (markdown !== null) result.markdown = markdown;
  if (wants('links') && content.links !== null) result.links = capLinks(content.links, input.profile);
  if (json) result.json = json.json;
  if (content.file) result.file = content.file;
  return result;
}
