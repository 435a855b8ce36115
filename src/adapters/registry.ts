// The adapter registry: runCapture calls runAdapters after the lane and before JSON filling. Selection looks at the
// URL's path shape and the page's own markup only (no host list), so every regional store and every fixture served
// on 127.0.0.1 takes the same path.
import { forumPostAdapter } from './posts/forum.ts';
import { microblogPostAdapter } from './posts/microblog.ts';
import { retailProductAdapter } from './retail/adapter.ts';
import { indexedDocument } from './dom.ts';
import type { Adapter, AdapterDocument, AdapterInput, AdapterResult } from './types.ts';

const ADAPTERS: readonly Adapter[] = [retailProductAdapter, microblogPostAdapter, forumPostAdapter];

/**
 * The adapter that reads this page, or null when none applies (the page then gets generic extraction only). Reads
 * the page to decide; runCapture uses runAdapters, which reads it once.
 */
export function selectAdapter(url: URL, document: AdapterDocument): Adapter | null {
  const doc = indexedDocument(document);
  return ADAPTERS.find((a) => a.pathMatches(url) && a.read({ url, finalUrl: url, document: doc, httpStatus: null }) !== null) ?? null;
}

function readBy(url: URL, input: AdapterInput): AdapterResult | null {
  for (const adapter of ADAPTERS) {
    if (!adapter.pathMatches(url)) continue;
    const result = adapter.read({ ...input, url });
    if (result !== null) return result;
  }
  return null;
}

/**
 * Runs the adapter the requested URL selects, read-only on `document`; when the requested URL selects none, the final
 * URL's (a redirect to a product or post), which then also names the subject. null when no adapter applies.
 */
export function runAdapters(input: AdapterInput): AdapterResult | null {
  const indexed = { ...input, document: indexedDocument(input.document) };
  return readBy(input.url, indexed) ?? (input.finalUrl ? readBy(input.finalUrl, indexed) : null);
}
