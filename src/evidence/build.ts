// The one builder of the evidence record (spec "Evidence record") and of the legacy fields that sit beside it.
// Every field is always present; what was not observed is null, never 0 and never a guess.
import type {
  Artifact,
  CaptureStatus,
  CrawlMode,
  EvidenceRecord,
  FieldEvidence,
  Lane,
  RobotsDecision,
} from '../capture/types.ts';
import type { AnsweredChain } from '../lanes/types.ts';

/** A page that keeps moving keeps its first URL and the last 20 (spec "Limits"). */
export const CHAIN_TAIL = 20;

/**
 * The redirect-chain rules, shared by every lane: `urls` runs from requestedUrl to finalUrl; a chain over 21 URLs
 * keeps the first and the last 20 and is not complete; a lane that knows it did not see the whole chain says so.
 */
export function redirectChainOf(chain: AnsweredChain): { urls: string[]; complete: boolean } {
  const { urls } = chain;
  if (urls.length <= CHAIN_TAIL + 1) return { urls: [...urls], complete: chain.complete };
  return { urls: [urls[0], ...urls.slice(-CHAIN_TAIL)], complete: false };
}

export interface CaptureFacts {
  requestedUrl: string;
  /** URLs that answered, in order (requestedUrl first; empty when no request got an answer), as the lane saw them. */
  chain: AnsweredChain;
  fetchedAt: string | null;
  httpStatus: number | null;
  status: CaptureStatus;
  reason: string | null;
  lane: Lane;
  robots: RobotsDecision | null;
  rawSha256: string | null;
  markdownSha256: string | null;
  jsonSha256: string | null;
  extractor: { name: string; version: string };
  sourceCommit: string | null;
  fieldEvidence: Record<string, FieldEvidence> | null;
  artifacts: Artifact[];
  proxy: string | null;
  userAgent: string | null;
  mode: CrawlMode;
  contact: string | null;
  contentType: string | null;
}

export function buildEvidenceRecord(f: CaptureFacts): EvidenceRecord {
  const finalUrl = f.chain.urls.at(-1) ?? null;
  return {
    schemaVersion: 'svc.evidence/1',
    requestedUrl: f.requestedUrl,
    finalUrl,
    redirectChain: redirectChainOf(f.chain),
    fetchedAt: f.fetchedAt,
    httpStatus: f.httpStatus,
    status: f.status,
    reason: f.reason,
    lane: f.lane,
    robotsDecision: f.robots,
    rawSha256: f.rawSha256,
    outputSha256: { markdown: f.markdownSha256, json: f.jsonSha256 },
    extractor: { name: f.extractor.name, version: f.extractor.version, commit: f.sourceCommit },
    fieldEvidence: f.fieldEvidence,
    artifacts: f.artifacts,
    proxy: f.proxy,
    identity: { userAgent: f.userAgent, mode: f.mode, contact: f.mode === 'research' ? f.contact : null },
  };
}

/** Legacy fields (decision D13): derived from the record, so they can never disagree with it. */
export interface LegacyFields {
  evidence: {
    requestedUrl: string;
    finalUrl: string | null;
    httpStatus: number | null;
    fetchedAt: string | null;
    contentType: string | null;
    rawBodySha256: string | null;
  };
  snapshot: { path: string | null; sha256: string | null };
  compliance: { robots: RobotsDecision['decision'] | null; robotsUrl: string | null; userAgent: string | null; userOverride: false };
  lane: Lane;
}

export function legacyFields(record: EvidenceRecord, contentType: string | null): LegacyFields {
  const snap = record.artifacts.find((a) => a.kind === 'snapshot') ?? null;
  return {
    evidence: {
      requestedUrl: record.requestedUrl,
      finalUrl: record.finalUrl,
      httpStatus: record.httpStatus,
      fetchedAt: record.fetchedAt,
      contentType,
      rawBodySha256: record.rawSha256,
    },
    snapshot: { path: snap?.path ?? null, sha256: snap?.sha256 ?? null },
    compliance: {
      robots: record.robotsDecision?.decision ?? null,
      robotsUrl: record.robotsDecision?.robotsUrl ?? null,
      userAgent: record.identity.userAgent,
      userOverride: false,
    },
    lane: record.lane,
  };
}
