// Validation of the capture options shared by scrape, batch items and crawl pages (decisions D3–D7). Each surface
// adds its own keys (url, urls, maxPages …) and refuses the rest.
import type { CrawlMode, FormatRequest } from '../capture/types.ts';
import type { Config } from '../config/config.ts';
import { invalidRequest, unsupportedFormats, unsupportedParameters } from '../errors.ts';
import { resolveMaxFileBytes } from '../files/limits.ts';
import { parseJsonFormat } from '../json/intake.ts';
import { guardUrl, MAX_URL_LENGTH } from '../net/url-guard.ts';
import { isObject, type JsonObject } from './body.ts';

export interface CaptureOptions {
  formats: FormatRequest[];
  timeoutMs: number;
  maxFileBytes: number;
  onlyMainContent: boolean;
  mode: CrawlMode;
  /** Which lane captures (decision D242): `auto` (default) = HTTP, the browser for a script-only shell. */
  lane?: LaneChoice;
  /** A stored browser session's id (POST /v1/sessions): the browser with that state, lane `browser_local_authed`. */
  session?: string | null;
}

export const LANE_CHOICES = ['auto', 'http', 'browser', 'provider'] as const;
export type LaneChoice = (typeof LANE_CHOICES)[number];

export const CAPTURE_OPTION_KEYS = ['formats', 'timeout', 'maxFileBytes', 'onlyMainContent', 'mode', 'lane', 'session'] as const;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const MIN_TIMEOUT_MS = 1_000;
export const MAX_TIMEOUT_MS = 300_000;

const PRODUCED = new Set(['markdown', 'links', 'json']);

function parseFormats(raw: unknown, config: Config): FormatRequest[] {
  if (raw === undefined) return [{ type: 'markdown' }, { type: 'links' }];
  if (!Array.isArray(raw) || raw.length === 0) throw invalidRequest('formats must be a non-empty list of format objects');
  const notProduced: string[] = [];
  const out: FormatRequest[] = [];
  raw.forEach((entry: unknown, i: number) => {
    const obj: JsonObject | null = typeof entry === 'string' ? { type: entry } : isObject(entry) ? entry : null;
    if (!obj || typeof obj.type !== 'string' || obj.type === '') {
      throw invalidRequest(`formats[${i}] must be an object with a string "type"`);
    }
    const type = obj.type;
    if (!PRODUCED.has(type)) {
      notProduced.push(type);
      return;
    }
    if (type === 'json') {
      out.push(parseJsonFormat(obj, i, { modelConfigured: config.model !== null }));
      return;
    }
    const extra = Object.keys(obj).filter((k) => k !== 'type');
    if (extra.length > 0) {
      throw unsupportedParameters(extra.map((k) => `formats[${i}].${k}`));
    }
    if (!out.some((f) => f.type === type)) out.push({ type } as FormatRequest);
  });
  if (notProduced.length > 0) throw unsupportedFormats(notProduced);
  if (out.filter((f) => f.type === 'json').length > 1) throw invalidRequest('at most one json format per request');
  return out;
}

function parseTimeout(raw: unknown): number {
  if (raw === undefined) return DEFAULT_TIMEOUT_MS;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < MIN_TIMEOUT_MS || raw > MAX_TIMEOUT_MS) {
    throw invalidRequest(`timeout must be a whole number of milliseconds from ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS}`);
  }
  return raw;
}


function parseMode(raw: unknown, config: Config): CrawlMode {
  if (raw === undefined) return 'standard';
  if (raw !== 'standard' && raw !== 'research') throw invalidRequest('mode must be "standard" or "research"');
  if (raw === 'research' && !config.contact) {
    throw invalidRequest('research mode needs the operator setting SVC_CONTACT');
  }
  return raw;
}

function parseLane(raw: unknown, config: Config): LaneChoice {
  if (raw === undefined) return 'auto';
  if (typeof raw !== 'string' || !(LANE_CHOICES as readonly string[]).includes(raw)) {
    throw invalidRequest(`lane must be one of ${LANE_CHOICES.map((l) => `"${l}"`).join(', ')}`);
  }
  if (raw === 'provider' && !config.provider) throw invalidRequest('lane "provider" needs the operator setting SVC_PROVIDER_URL');
  return raw as LaneChoice;
}

function parseSession(raw: unknown, lane: LaneChoice): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string' || !/^ses_[0-9a-f]{32}$/.test(raw)) throw invalidRequest('session must be a session id from POST /v1/sessions');
  if (lane === 'http' || lane === 'provider') throw invalidRequest(`a session needs the browser: lane "${lane}" cannot carry one`);
  return raw;
}

/** Reads the capture options out of a request body; keys other than these are left to the caller to refuse. */
export function parseCaptureOptions(body: JsonObject, config: Config): CaptureOptions {
  const onlyMain = body.onlyMainContent;
  if (onlyMain !== undefined && typeof onlyMain !== 'boolean') throw invalidRequest('onlyMainContent must be a boolean');
  const formats = parseFormats(body.formats, config);
  const timeoutMs = parseTimeout(body.timeout);
  const maxFileBytes = resolveMaxFileBytes(body.maxFileBytes, config.maxFileBytes);
  const mode = parseMode(body.mode, config);
  const lane = parseLane(body.lane, config);
  return { formats, timeoutMs, maxFileBytes, onlyMainContent: onlyMain ?? true, mode, lane, session: parseSession(body.session, lane) };
}

const URL_PROBLEMS: Record<string, string> = {
  malformed_url: 'is not a valid URL',
  unsupported_scheme: 'must be an http or https URL',
  credentials_in_url: 'must not carry credentials',
  url_too_long: `is longer than ${MAX_URL_LENGTH} characters`,
};

/**
 * Longest URL a request may name (decision D200), in UTF-16 code units as sent. Browsers and CDNs stop near 8 KiB
 * too, and it keeps a URL well inside a Durable Object row and every echo of it in a result small.
 */
export { MAX_URL_LENGTH };

/** Refuses a URL longer than MAX_URL_LENGTH with `invalid_request`, before anything is parsed or stored. */
export function checkUrlLength(raw: string, name = 'url'): void {
  if (raw.length > MAX_URL_LENGTH) {
    throw invalidRequest(`${name} is ${raw.length} characters long; the limit is ${MAX_URL_LENGTH}`);
  }
}

/** An http(s) URL given by the caller: the pipeline's own URL guard decides, here as `invalid_request`. */
export function parseHttpUrl(raw: unknown, name = 'url'): URL {
  if (typeof raw !== 'string' || raw.trim() === '') throw invalidRequest(`${name} is required (an http or https URL)`);
  checkUrlLength(raw, name);
  const guard = guardUrl(raw.trim());
  if (!guard.ok) throw invalidRequest(`${name} ${URL_PROBLEMS[guard.reason] ?? 'is not a usable URL'}`);
  return guard.url;
}
