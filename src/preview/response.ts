// The preview response (spec "Preview response", "Diagnostic codes"): a scrape result cut down to what an
// anonymous visitor sees, a diagnostic in the spec's codes, the fields read without a model and the quota.
import type { IssueCode } from '../adapters/types.ts';
import type { CaptureStatus, PageMetadata } from '../capture/types.ts';
import type { ScrapeResult } from '../pipeline/result.ts';
import type { QuotaView } from './quota.ts';
import type { PreviewInputError } from './request.ts';

export type DiagnosticCode =
  | 'invalid_options'
  | 'robots_disallowed'
  | 'robots_unreachable'
  | 'login_required'
  | 'challenge'
  | 'policy_denied'
  | 'timeout'
  | 'quota_exceeded'
  | 'service_unavailable'
  | 'capture_failed'
  | IssueCode;

/** Where the condition arose: the visitor's input, the quota, the address policy (literal or DNS), robots.txt, the page, a site adapter. */
export type DiagnosticStage = 'input' | 'quota' | 'address' | 'dns' | 'robots' | 'access' | 'fetch' | 'adapter';

export interface Diagnostic {
  code: DiagnosticCode;
  stage: DiagnosticStage;
  evidence: 'observed' | 'unobserved';
  /** Plain words for a person (the page shows them). */
  message: string;
}

export interface PreviewField {
  name: string;
  /** null when the page did not show it (nothing is guessed). */
  value: unknown;
  /** The kind of page evidence it was read from (`jsonld`, `microdata`, `meta`, `dom`, `text`, …); null when not found. */
  source: string | null;
}

export interface PreviewResponse {
  url: string;
  status: CaptureStatus;
  reason: string | null;
  diagnostic: Diagnostic | null;
  markdown: string | null;
  links: string[];
  metadata: PageMetadata | null;
  finalUrl: string | null;
  elapsedMs: number;
  fields: PreviewField[] | null;
  /** Retail product pages only (the retail adapter ran): its checked values and `issues` (spec "Preview response"). */
  product?: Record<string, unknown> & { issues: Array<Record<string, unknown>> };
  /** The allowance after this request; null only when the counters could not be read (service_unavailable). */
  quota: QuotaView | null;
}

/** The reason's code part: runCapture writes `dns_error: host not found: …` for failures. */
function reasonCode(reason: string | null): string {
  return (reason ?? '').split(':')[0].trim();
}

/** The diagnostic of a capture's result; null when the page was captured (success, partial, incomplete). */
export function diagnosticFor(status: CaptureStatus, reason: string | null): Diagnostic | null {
  const code = reasonCode(reason);
  const detail = reason ?? status;
  if (code === 'robots_disallowed') return { code, stage: 'robots', evidence: 'observed', message: "The site's robots.txt does not allow this page to be previewed." };
  if (code === 'robots_unreachable') return { code, stage: 'robots', evidence: 'unobserved', message: "The site's robots.txt could not be read, so the page was not fetched." };
  if (code === 'login_required' || code === 'challenge') {
    return { code, stage: 'access', evidence: 'observed', message: code === 'challenge' ? 'The site answered with a verification challenge.' : 'The page needs a login.' };
  }
  if (code === 'policy_denied') return { code, stage: 'address', evidence: 'observed', message: `This address points to a private or reserved network and cannot be previewed (${detail}).` };
  if (code === 'dns_error') {
    return { code: 'policy_denied', stage: 'dns', evidence: 'unobserved', message: `The host name could not be resolved to a public address, so nothing was fetched (${detail}).` };
  }
  if (status === 'timeout') return { code: 'timeout', stage: 'fetch', evidence: 'observed', message: 'The page did not answer in time.' };
  if (status === 'blocked') return { code: 'policy_denied', stage: 'access', evidence: 'observed', message: `The site prevented the capture (${detail}).` };
  if (status === 'failed' || status === 'invalid_url') return { code: 'capture_failed', stage: 'fetch', evidence: 'observed', message: `The capture failed (${detail}).` };
  return null;
}

function fieldsOf(result: ScrapeResult, names: readonly string[]): PreviewField[] | null {
  if (names.length === 0) return null;
  const data = result.json?.data;
  const record = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const evidence = result.json?.evidence ?? {};
  return names.map((name) => {
    const value = record[name] ?? null;
    const pointer = `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    return { name, value, source: value === null ? null : (evidence[pointer]?.source ?? null) };
  });
}

/**
 * An adapter finding speaks when the capture itself has nothing to report: the first issue of the retail or post
 * adapter (they list subject, quote, currency and region checks in that order, decision D168).
 */
function adapterIssueDiagnostic(result: ScrapeResult): Diagnostic | null {
  const issue = result.document.issues?.[0];
  if (!result.document.adapter || !issue || typeof issue.code !== 'string') return null;
  return {
    code: issue.code as DiagnosticCode,
    stage: 'adapter',
    evidence: issue.evidence === 'observed' ? 'observed' : 'unobserved',
    message: typeof issue.message === 'string' ? issue.message : issue.code,
  };
}

export function previewFromResult(result: ScrapeResult, fields: readonly string[], elapsedMs: number, quota: QuotaView, linksMax = 500): PreviewResponse {
  const product = result.document.adapter === 'retail_product' ? { ...(result.document.product ?? {}), issues: result.document.issues ?? [] } : undefined;
  return {
    url: result.url,
    status: result.status,
    reason: result.reason,
    diagnostic: diagnosticFor(result.status, result.reason) ?? adapterIssueDiagnostic(result),
    markdown: result.markdown ?? null,
    links: (result.links ?? []).slice(0, linksMax),
    metadata: result.metadata,
    finalUrl: result.evidenceRecord.finalUrl,
    elapsedMs,
    fields: fieldsOf(result, fields),
    ...(product ? { product } : {}),
    quota,
  };
}

/** A preview that did not start (quota used up, address refused, service unavailable): no content, nothing counted. */
export function previewRefusal(
  url: string,
  status: CaptureStatus,
  reason: string,
  diagnostic: Diagnostic,
  quota: QuotaView | null,
  fields: readonly string[],
): PreviewResponse {
  return {
    url,
    status,
    reason,
    diagnostic,
    markdown: null,
    links: [],
    metadata: null,
    finalUrl: null,
    elapsedMs: 0,
    fields: fields.length === 0 ? null : fields.map((name) => ({ name, value: null, source: null })),
    quota,
  };
}

/** The body of a refused request: the spec's error shape, HTTP 400. */
export function errorBody(err: PreviewInputError): { error: string; code: string } {
  return { error: err.message, code: err.code };
}
