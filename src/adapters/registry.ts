// The adapter registry: runCapture calls runAdapters after the lane and before JSON filling. Selection looks at the
// URL's path shape and the page's own markup only (no host list), so every regional store and every fixture served
// on 127.0.0.1 takes the same path.
import { forumPostAdapter } from './posts/forum.ts';
import { microblogPostAdapter } from './posts/microblog.ts';
import { retailProductAdapter } from './retail/adapter.ts';
import type { Adapter, AdapterDocument, AdapterInput, AdapterIssue, AdapterResult, IssueCode } from './types.ts';

const ADAPTERS: readonly Adapter[] = [retailProductAdapter, microblogPostAdapter, forumPostAdapter];

/** The adapter for this URL and page, or null when none applies (the page then gets generic extraction only). */
export function selectAdapter(url: URL, document: AdapterDocument): Adapter | null {
  return ADAPTERS.find((a) => a.matches(url, document)) ?? null;
}

/**
 * Runs the adapter the requested URL selects (or, after a redirect, the final URL's), read-only on `document`.
 * null when no adapter applies.
 */
export function runAdapters(input: AdapterInput): AdapterResult | null {
  const adapter = selectAdapter(input.url, input.document) ?? (input.finalUrl ? selectAdapter(input.finalUrl, input.document) : null);
  return adapter === null ? null : adapter.run(input);
}

/** Which issue speaks for the capture in the preview's single `diagnostic`: identity first, then quote, currency, region. */
const PRIORITY: readonly IssueCode[] = [
  'subject_mismatch', 'subject_conflicting', 'subject_unverified', 'quote_conflicting', 'quote_absent_observed',
  'quote_unverified', 'currency_unverified', 'region_unverified',
];

export interface AdapterDiagnostic {
  code: IssueCode | 'login_required' | 'challenge';
  stage: 'adapter';
  evidence: 'observed' | 'unobserved';
}

/** The preview diagnostic for an adapter result (D168): an access block, else the highest-priority issue. */
export function adapterDiagnostic(result: AdapterResult): AdapterDiagnostic | null {
  if (result.access) return { code: result.access.reason, stage: 'adapter', evidence: 'observed' };
  const first = [...result.issues].sort((a, b) => PRIORITY.indexOf(a.code) - PRIORITY.indexOf(b.code))[0] as AdapterIssue | undefined;
  return first === undefined ? null : { code: first.code, stage: 'adapter', evidence: first.evidence };
}
