// Request bodies of POST /v1/batches and POST /v1/crawls: the capture options of scrape (D3–D7) plus each surface's
// own keys; every other key is refused (nothing is ignored silently).
import type { Config } from '../config/config.ts';
import { invalidRequest, unsupportedParameters } from '../errors.ts';
import { refuseUnknownKeys, type JsonObject } from '../request/body.ts';
import { CAPTURE_OPTION_KEYS, checkUrlLength, parseCaptureOptions, parseHttpUrl, type CaptureOptions } from '../request/capture-options.ts';
import { normaliseUrl, parseIncludePaths } from './frontier.ts';
import { parseDestinationIds } from '../deliveries/requests.ts';
import { DEFAULT_CRAWL_MAX_PAGES, MAX_BATCH_URLS, MAX_CRAWL_MAX_PAGES } from './settings.ts';

export interface BatchRequest {
  /** As sent; a string that is no http(s) URL becomes an `invalid_url` item, not a refused batch. */
  urls: string[];
  options: CaptureOptions;
  /** Destinations of the batch.completed event (issue 14). */
  destinations: string[];
}

export interface CrawlRequest {
  /** The start URL, normalised like every frontier entry. */
  url: string;
  maxPages: number;
  includePaths: string[];
  options: CaptureOptions;
  /** Destinations of the crawl.completed event (issue 14). */
  destinations: string[];
}

const BATCH_KEYS = new Set<string>(['urls', 'destinations', ...CAPTURE_OPTION_KEYS]);
const CRAWL_KEYS = new Set<string>(['url', 'maxPages', 'includePaths', 'destinations', ...CAPTURE_OPTION_KEYS]);

export function parseBatchRequest(body: JsonObject, config: Config): BatchRequest {
  refuseUnknownKeys(body, BATCH_KEYS);
  const raw = body.urls;
  if (!Array.isArray(raw) || raw.length === 0) throw invalidRequest('urls is required: a non-empty list of URLs');
  if (raw.length > MAX_BATCH_URLS) throw invalidRequest(`urls holds at most ${MAX_BATCH_URLS} URLs per batch`);
  raw.forEach((u: unknown, i: number) => {
    if (typeof u !== 'string') throw invalidRequest(`urls[${i}] must be a string`);
    checkUrlLength(u, `urls[${i}]`);
  });
  return { urls: [...(raw as string[])], options: parseCaptureOptions(body, config), destinations: parseDestinationIds(body.destinations) };
}

export function parseCrawlRequest(body: JsonObject, config: Config): CrawlRequest {
  // `limit` is another vendor's name for the page cap; the spec refuses it on the native crawl (spec "Errors").
  if ('limit' in body) throw unsupportedParameters(['limit'], 'unsupported parameter: limit (use maxPages on /v1/crawls)');
  refuseUnknownKeys(body, CRAWL_KEYS);
  const start = parseHttpUrl(body.url);
  const url = normaliseUrl(start.href);
  if (url === null) throw invalidRequest('url must be an http or https URL');
  const maxPages = body.maxPages ?? DEFAULT_CRAWL_MAX_PAGES;
  if (typeof maxPages !== 'number' || !Number.isInteger(maxPages) || maxPages < 1 || maxPages > MAX_CRAWL_MAX_PAGES) {
    throw invalidRequest(`maxPages must be a whole number from 1 to ${MAX_CRAWL_MAX_PAGES}`);
  }
  return {
    url,
    maxPages,
    includePaths: parseIncludePaths(body.includePaths),
    options: parseCaptureOptions(body, config),
    destinations: parseDestinationIds(body.destinations),
  };
}

/** The options as the caller would write them (request vocabulary), for the task records. */
export interface OptionsEcho {
  formats: CaptureOptions['formats'];
  timeout: number;
  maxFileBytes: number;
  onlyMainContent: boolean;
  mode: CaptureOptions['mode'];
  lane: NonNullable<CaptureOptions['lane']>;
  session: string | null;
}

export function echoOptions(o: CaptureOptions): OptionsEcho {
  return {
    formats: o.formats,
    timeout: o.timeoutMs,
    maxFileBytes: o.maxFileBytes,
    onlyMainContent: o.onlyMainContent,
    mode: o.mode,
    lane: o.lane ?? 'auto',
    session: o.session ?? null,
  };
}
