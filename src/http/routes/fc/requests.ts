// Firecrawl v1 request bodies → the equivalent /v1 request bodies (decisions D100–D104). Options /v1 can honour are
// translated; an option whose value only restates what the service does anyway is accepted and dropped; every other
// option is refused by name (`unsupported_parameter`), never ignored.
import { invalidRequest, unsupportedFormats, unsupportedParameters } from '../../../errors.ts';
import { isObject, type JsonObject } from '../../../request/body.ts';
import { parseHttpUrl } from '../../../request/capture-options.ts';

/** Formats /fc produces (spec format table: on /fc only `markdown` and `links`). */
const FC_FORMATS = new Set(['markdown', 'links']);

/** Firecrawl's own default: markdown only. */
const DEFAULT_FC_FORMATS = ['markdown'];

/** Scrape options /v1 takes as they are. */
const PASSED_SCRAPE_KEYS = new Set(['onlyMainContent', 'timeout']);

type Neutral = (value: unknown) => boolean;
const is =
  (expected: unknown): Neutral =>
  (v) =>
    v === expected;
const isEmptyList: Neutral = (v) => Array.isArray(v) && v.length === 0;
const isEmptyObject: Neutral = (v) => isObject(v) && Object.keys(v).length === 0;

/**
 * Scrape options accepted only with the value that describes what the service does anyway (D101): no browser
 * (waitFor 0, mobile false, no actions), no header overrides, TLS always verified, no cache, PDFs always parsed.
 */
const NEUTRAL_SCRAPE_VALUES: Record<string, Neutral> = {
  mobile: is(false),
  waitFor: is(0),
  skipTlsVerification: is(false),
  blockAds: is(false),
  parsePDF: is(true),
  storeInCache: is(false),
  maxAge: is(0),
  zeroDataRetention: is(false),
  headers: isEmptyObject,
  includeTags: isEmptyList,
  excludeTags: isEmptyList,
  actions: isEmptyList,
};

/** Crawl options accepted only with the value that matches the /v1 crawl (same origin, no sitemap, D102). */
const NEUTRAL_CRAWL_VALUES: Record<string, Neutral> = {
  ignoreSitemap: is(true),
  allowExternalLinks: is(false),
  allowSubdomains: is(false),
  deduplicateSimilarURLs: is(false),
  ignoreQueryParameters: is(false),
  regexOnFullURL: is(false),
  zeroDataRetention: is(false),
  excludePaths: isEmptyList,
};

/** `origin` names the calling SDK (`js-sdk@<version>`); it carries no option. */
const isOrigin = (key: string, value: unknown): boolean => key === 'origin' && typeof value === 'string';

function translateFormats(raw: unknown, prefix: string): string[] {
  if (raw === undefined) return [...DEFAULT_FC_FORMATS];
  if (!Array.isArray(raw)) throw invalidRequest(`${prefix}formats must be a list of format names`);
  const refused: string[] = [];
  raw.forEach((f: unknown, i: number) => {
    if (typeof f !== 'string' || f === '') throw invalidRequest(`${prefix}formats[${i}] must be a format name (string)`);
    if (!FC_FORMATS.has(f)) refused.push(f);
  });
  if (refused.length > 0) throw unsupportedFormats(refused);
  return [...new Set(raw as string[])];
}

/**
 * The scrape options of a Firecrawl body as /v1 capture options. `skip` names the keys the caller handles itself
 * (url, urls, crawl keys); `prefix` is how refused names are written (`scrapeOptions.` inside a crawl).
 */
export function translateScrapeOptions(body: JsonObject, skip: ReadonlySet<string>, prefix = ''): JsonObject {
  const out: JsonObject = { formats: translateFormats(body.formats, prefix) };
  const refused: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key === 'formats' || skip.has(key) || value === undefined) continue;
    if (PASSED_SCRAPE_KEYS.has(key)) out[key] = value;
    else if (NEUTRAL_SCRAPE_VALUES[key]?.(value) || (prefix === '' && isOrigin(key, value))) continue;
    else refused.push(prefix + key);
  }
  if (refused.length > 0) throw unsupportedParameters(refused);
  return out;
}

export function translateScrape(body: JsonObject): JsonObject {
  return { url: body.url, ...translateScrapeOptions(body, new Set(['url'])) };
}

export interface BatchTranslation {
  v1: JsonObject;
  /** URLs left out under `ignoreInvalidURLs: true`, as sent. */
  invalidURLs: string[];
}

function isHttpUrl(raw: string): boolean {
  try {
    parseHttpUrl(raw);
    return true;
  } catch {
    return false;
  }
}

/**
 * Firecrawl's batch scrape: with `ignoreInvalidURLs: true` a string that is no usable http(s) URL is left out and
 * listed in `invalidURLs`; otherwise such a batch is refused, as Firecrawl does (D103).
 */
export function translateBatch(body: JsonObject): BatchTranslation {
  const ignore = body.ignoreInvalidURLs ?? false;
  if (typeof ignore !== 'boolean') throw invalidRequest('ignoreInvalidURLs must be a boolean');
  const options = translateScrapeOptions(body, new Set(['urls', 'ignoreInvalidURLs']));
  if (!Array.isArray(body.urls)) return { v1: { urls: body.urls, ...options }, invalidURLs: [] };
  const urls = body.urls as unknown[];
  const invalid = urls.filter((u): u is string => typeof u === 'string' && !isHttpUrl(u));
  if (invalid.length > 0 && !ignore) {
    throw invalidRequest(`urls holds ${invalid.length} invalid URL(s) (first: ${invalid[0]}); pass ignoreInvalidURLs: true to leave them out`);
  }
  return { v1: { urls: urls.filter((u) => !invalid.includes(u as string)), ...options }, invalidURLs: invalid };
}

const CRAWL_OWN_KEYS = new Set(['url', 'limit', 'includePaths', 'scrapeOptions', 'crawlEntireDomain', 'allowBackwardLinks']);

/** Escapes a literal path for an ECMAScript pattern (u flag: only syntax characters may be escaped). */
function escapePattern(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

/**
 * Firecrawl crawls only pages below the start URL's path unless `crawlEntireDomain` (or its older name
 * `allowBackwardLinks`) is true; /v1 crawls the whole origin, so the restriction becomes an includePaths prefix (D102).
 */
function scopePatterns(url: unknown, includePaths: unknown, entireDomain: boolean): unknown {
  if (entireDomain || typeof url !== 'string') return includePaths;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return includePaths; // /v1 refuses the URL itself
  }
  if (path === '/') return includePaths;
  if (includePaths !== undefined && !isEmptyList(includePaths)) {
    throw unsupportedParameters(
      ['includePaths'],
      'unsupported parameter: includePaths with a start URL below the site root; add crawlEntireDomain: true (the patterns then apply to the whole site)',
    );
  }
  return [`^${escapePattern(path)}`];
}

function crawlFlag(body: JsonObject, key: string): boolean {
  const v = body[key];
  if (v !== undefined && typeof v !== 'boolean') throw invalidRequest(`${key} must be a boolean`);
  return v === true;
}

export function translateCrawl(body: JsonObject, maxPagesCap: number): JsonObject {
  const refused = Object.entries(body)
    .filter(([k, v]) => !CRAWL_OWN_KEYS.has(k) && v !== undefined && !NEUTRAL_CRAWL_VALUES[k]?.(v) && !isOrigin(k, v))
    .map(([k]) => k);
  if (refused.length > 0) throw unsupportedParameters(refused);
  const scrape = body.scrapeOptions ?? {};
  if (!isObject(scrape)) throw invalidRequest('scrapeOptions must be an object');
  const out: JsonObject = { url: body.url, ...translateScrapeOptions(scrape, new Set(), 'scrapeOptions.') };
  if (body.limit !== undefined) {
    const limit = body.limit;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > maxPagesCap) {
      throw invalidRequest(`limit must be a whole number from 1 to ${maxPagesCap}`);
    }
    out.maxPages = limit;
  }
  const entire = [crawlFlag(body, 'crawlEntireDomain'), crawlFlag(body, 'allowBackwardLinks')].includes(true);
  const include = scopePatterns(body.url, body.includePaths, entire);
  if (include !== undefined) out.includePaths = include;
  return out;
}
