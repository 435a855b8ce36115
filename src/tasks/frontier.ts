// The crawl frontier's pure rules: URL normalisation (so one page is queued once), the same-origin scope and the
// caller's includePaths patterns (decisions D49, D50). Patterns are ECMAScript regular expressions vetted by the same
// intake as JSON-schema `pattern` (redos-detector; invalid or catastrophic → invalid_request).
import { guardUrl } from '../net/url-guard.ts';
import { invalidRequest } from '../errors.ts';
import { compilePattern, matchPattern, type CompiledPattern } from '../json/patterns.ts';
import { MAX_INCLUDE_PATHS } from './settings.ts';

/**
 * The frontier key of a link: absolute http(s) URL, fragment removed (it names a place in the same document,
 * RFC 3986 §3.5), scheme and host lowercased, default port and dot segments removed and an empty path written `/`
 * (WHATWG URL serialisation does these). The query is kept byte for byte: its order can matter to the server.
 * Returns null for anything that is not a capturable page address.
 */
export function normaliseUrl(raw: string, base?: string): string | null {
  // The pipeline's own URL guard decides what is a capturable URL; the frontier only drops the fragment.
  const guard = guardUrl(raw, base);
  if (!guard.ok) return null;
  guard.url.hash = '';
  return guard.url.href;
}

/** includePaths of a crawl request: a list of at most 50 non-empty patterns; each must compile and be safe. */
export function parseIncludePaths(raw: unknown): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw invalidRequest('includePaths must be a list of patterns (regular expressions)');
  if (raw.length > MAX_INCLUDE_PATHS) throw invalidRequest(`includePaths holds at most ${MAX_INCLUDE_PATHS} patterns`);
  raw.forEach((p: unknown, i: number) => {
    if (typeof p !== 'string' || p === '') throw invalidRequest(`includePaths[${i}] must be a non-empty string`);
    compilePattern(p, `includePaths[${i}]`);
  });
  return [...(raw as string[])];
}

export interface Scope {
  /** Origin of the start URL (`http://host:port`); only links of this origin are followed. */
  origin: string;
  include: CompiledPattern[];
}

export function scopeFor(startUrl: string, includePaths: readonly string[]): Scope {
  return {
    origin: new URL(startUrl).origin,
    include: includePaths.map((p, i) => compilePattern(p, `includePaths[${i}]`)),
  };
}

/**
 * True when a normalised URL is inside the crawl: same origin, and with includePaths its path matches at least one
 * pattern (searched anywhere in the path, like RegExp#test; anchor with ^ to match from the start). A pattern that
 * cannot decide within its budget does not admit the link.
 */
export function inScope(url: string, scope: Scope): boolean {
  return urlInScope(new URL(url), scope);
}

function urlInScope(u: URL, scope: Scope): boolean {
  if (u.origin !== scope.origin) return false;
  if (scope.include.length === 0) return true;
  return scope.include.some((p) => matchPattern(p, u.pathname) === 'match');
}

/** Links of one page, normalised, in scope, de-duplicated, in page order. */
export function admissibleLinks(links: readonly string[], scope: Scope): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const link of links) {
    // normaliseUrl and inScope in one: each link is parsed once (this runs for every link of every crawled page).
    const guard = guardUrl(link);
    if (!guard.ok) continue;
    guard.url.hash = '';
    const url = guard.url.href;
    if (seen.has(url) || !urlInScope(guard.url, scope)) continue;
    seen.add(url);
    out.push(url);
  }
  return out;
}
