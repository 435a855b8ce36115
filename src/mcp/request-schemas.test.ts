// The request schemas and the API's validators must accept and refuse the same bodies (the MCP tools advertise the
// schemas; the API decides). Each sample states the expected verdict, and both sides must give it.
import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config/config.ts';
import { ApiError } from '../errors.ts';
import { parseListQuery } from '../tasks/listing.ts';
import { parseBatchRequest, parseCrawlRequest } from '../tasks/requests.ts';
import { refuseUnknownKeys, type JsonObject } from '../request/body.ts';
import { CAPTURE_OPTION_KEYS, parseCaptureOptions, parseHttpUrl } from '../request/capture-options.ts';
import { parseDeliveryQuery, parseDestinationCreate } from '../deliveries/requests.ts';
import { parseMonitorCreate, parseMonitorPatch, type MonitorSettings } from '../monitors/requests.ts';
import { parsePageLimit } from '../request/cursor.ts';
import {
  BATCH_REQUEST_SCHEMA,
  CRAWL_REQUEST_SCHEMA,
  DELIVERY_QUERY_SCHEMA,
  DESTINATION_CREATE_SCHEMA,
  MONITOR_CREATE_SCHEMA,
  MONITOR_PATCH_SCHEMA,
  PAGE_QUERY_SCHEMA,
  SCRAPE_REQUEST_SCHEMA,
  taskListSchema,
  type JsonSchema,
} from './request-schemas.ts';

// Settings that let every shape-valid body through (research mode needs a contact, modelFallback a model).
const config: Config = await loadConfig({
  SVC_CONTACT: 'mailto:ops@example.org',
  SVC_EXTRACT_BASE_URL: 'http://127.0.0.1:9/v1',
  SVC_EXTRACT_MODEL: 'm',
});

const SCRAPE_KEYS = new Set<string>(['url', ...CAPTURE_OPTION_KEYS]);

/** What POST /v1/scrape does with a body before capturing (src/http/routes/scrape.ts). */
function parseScrape(body: JsonObject): void {
  refuseUnknownKeys(body, SCRAPE_KEYS);
  parseHttpUrl(body.url);
  parseCaptureOptions(body, config);
}

const TASK = 'batch_0123456789abcdef01234567';

/** What the list routes do with the tool's `limit` / `cursor` (sent as query parameters, as the SDK does). */
function parseList(args: JsonObject): void {
  const { id: _id, ...rest } = args;
  parseListQuery(TASK, asQuery(rest));
}

function apiAccepts(parse: (body: JsonObject) => unknown, body: JsonObject): boolean {
  try {
    parse(body);
    return true;
  } catch (err) {
    if (err instanceof ApiError) return false;
    throw err;
  }
}

const schemaAccepts = (schema: JsonSchema, body: unknown): boolean =>
  new Validator(schema, '2020-12', false).validate(body).valid;

const OK_SCHEMA = { type: 'object', properties: { title: { type: 'string' } } };

const CAPTURE_OPTION_SAMPLES: Array<[string, JsonObject, boolean]> = [
  ['no options', {}, true],
  ['all options', { formats: ['markdown', { type: 'links' }], timeout: 1000, maxFileBytes: 10, onlyMainContent: false, mode: 'research' }, true],
  ['a json format', { formats: [{ type: 'json', schema: OK_SCHEMA, prompt: null, modelFallback: true }] }, true],
  ['json format with a prompt', { formats: ['markdown', { type: 'json', schema: OK_SCHEMA, prompt: 'the title' }] }, true],
  ['an unknown option', { actions: [] }, false],
  ['formats not a list', { formats: 'markdown' }, false],
  ['empty formats', { formats: [] }, false],
  ['a format not produced', { formats: ['html'] }, false],
  ['a bare json format', { formats: ['json'] }, false],
  ['json without schema', { formats: [{ type: 'json' }] }, false],
  ['json with an unknown key', { formats: [{ type: 'json', schema: OK_SCHEMA, strict: true }] }, false],
  ['markdown with an extra key', { formats: [{ type: 'markdown', x: 1 }] }, false],
  ['two json formats', { formats: [{ type: 'json', schema: OK_SCHEMA }, { type: 'json', schema: OK_SCHEMA }] }, false],
  ['prompt not a string', { formats: [{ type: 'json', schema: OK_SCHEMA, prompt: 3 }] }, false],
  ['timeout too small', { timeout: 999 }, false],
  ['timeout too large', { timeout: 300_001 }, false],
  ['timeout not whole', { timeout: 1500.5 }, false],
  ['maxFileBytes zero', { maxFileBytes: 0 }, false],
  ['maxFileBytes a string', { maxFileBytes: '10' }, false],
  ['onlyMainContent a string', { onlyMainContent: 'no' }, false],
  ['an unknown mode', { mode: 'stealth' }, false],
];

function expectAgreement(schema: JsonSchema, parse: (b: JsonObject) => unknown, body: JsonObject, expected: boolean): void {
  expect({ schema: schemaAccepts(schema, body), api: apiAccepts(parse, body) }).toEqual({ schema: expected, api: expected });
}

describe('POST /v1/scrape schema and validator agree', () => {
  const url = 'https://example.com/a';
  it.each(CAPTURE_OPTION_SAMPLES)('%s', (_name, options, ok) => expectAgreement(SCRAPE_REQUEST_SCHEMA, parseScrape, { url, ...options }, ok));
  it.each<[string, JsonObject, boolean]>([
    ['upper-case scheme', { url: 'HTTP://example.com/' }, true],
    ['no url', {}, false],
    ['url not a string', { url: 5 }, false],
    ['ftp url', { url: 'ftp://example.com/' }, false],
    ['not a url', { url: 'example.com' }, false],
    ['urls instead of url', { url, urls: [url] }, false],
  ])('%s', (_name, body, ok) => expectAgreement(SCRAPE_REQUEST_SCHEMA, parseScrape, body, ok));
});

describe('POST /v1/batches schema and validator agree', () => {
  const parse = (b: JsonObject) => parseBatchRequest(b, config);
  it.each(CAPTURE_OPTION_SAMPLES)('%s', (_name, options, ok) => expectAgreement(BATCH_REQUEST_SCHEMA, parse, { urls: ['https://a.example/'], ...options }, ok));
  it.each<[string, JsonObject, boolean]>([
    ['a string that is no URL (becomes an invalid_url item)', { urls: ['nope'] }, true],
    ['no urls', {}, false],
    ['empty urls', { urls: [] }, false],
    ['a non-string url', { urls: [1] }, false],
    ['too many urls', { urls: Array.from({ length: 1001 }, (_, i) => `https://a.example/${i}`) }, false],
    ['url instead of urls', { urls: ['https://a.example/'], url: 'https://a.example/' }, false],
  ])('%s', (_name, body, ok) => expectAgreement(BATCH_REQUEST_SCHEMA, parse, body, ok));
});

describe('POST /v1/crawls schema and validator agree', () => {
  const parse = (b: JsonObject) => parseCrawlRequest(b, config);
  const url = 'https://docs.example/';
  it.each(CAPTURE_OPTION_SAMPLES)('%s', (_name, options, ok) => expectAgreement(CRAWL_REQUEST_SCHEMA, parse, { url, ...options }, ok));
  it.each<[string, JsonObject, boolean]>([
    ['maxPages and includePaths', { url, maxPages: 1000, includePaths: ['^/guide/'] }, true],
    ['no url', { maxPages: 5 }, false],
    ['maxPages zero', { url, maxPages: 0 }, false],
    ['maxPages too large', { url, maxPages: 1001 }, false],
    ['limit (another vendor\'s name)', { url, limit: 5 }, false],
    ['includePaths not a list', { url, includePaths: '^/a' }, false],
    ['an empty include path', { url, includePaths: [''] }, false],
    ['too many include paths', { url, includePaths: Array.from({ length: 51 }, (_, i) => `^/p${i}`) }, false],
  ])('%s', (_name, body, ok) => expectAgreement(CRAWL_REQUEST_SCHEMA, parse, body, ok));
});

describe('list parameters: schema and validator agree', () => {
  it.each<[string, JsonObject, boolean]>([
    ['id only', { id: TASK }, true],
    ['limit and null cursor', { id: TASK, limit: 100, cursor: null }, true],
    ['limit zero', { id: TASK, limit: 0 }, false],
    ['limit too large', { id: TASK, limit: 101 }, false],
    ['an unknown parameter', { id: TASK, offset: 3 }, false],
  ])('%s', (_name, args, ok) => expectAgreement(taskListSchema('batch'), parseList, args, ok));
});

const DST = 'dst_0123456789abcdef01234567';

describe('POST /v1/monitors schema and validator agree', () => {
  const parse = (b: JsonObject) => parseMonitorCreate(b, config);
  const base = { url: 'https://shop.example/p/1', intervalMinutes: 5 };
  it.each(CAPTURE_OPTION_SAMPLES)('%s', (_name, options, ok) => expectAgreement(MONITOR_CREATE_SCHEMA, parse, { ...base, ...options }, ok));
  it.each<[string, JsonObject, boolean]>([
    ['destinations (a repeated id is kept once)', { ...base, destinations: [DST, DST] }, true],
    ['the longest interval', { ...base, intervalMinutes: 525_600 }, true],
    ['twenty destinations', { ...base, destinations: Array.from({ length: 20 }, () => DST) }, true],
    ['no interval', { url: base.url }, false],
    ['no url', { intervalMinutes: 5 }, false],
    ['interval zero', { ...base, intervalMinutes: 0 }, false],
    ['interval too long', { ...base, intervalMinutes: 525_601 }, false],
    ['interval not whole', { ...base, intervalMinutes: 1.5 }, false],
    ['interval a string', { ...base, intervalMinutes: '5' }, false],
    ['destinations not a list', { ...base, destinations: DST }, false],
    ['a malformed destination id', { ...base, destinations: ['dst_1'] }, false],
    ['21 destinations', { ...base, destinations: Array.from({ length: 21 }, () => DST) }, false],
    ['a revision on create', { ...base, revision: 1 }, false],
    ['an unknown key', { ...base, cron: '* * * * *' }, false],
  ])('%s', (_name, body, ok) => expectAgreement(MONITOR_CREATE_SCHEMA, parse, body, ok));
});

describe('PATCH /v1/monitors/:id schema and validator agree', () => {
  const current: MonitorSettings = { url: 'https://shop.example/p/1', intervalMinutes: 5, options: parseCaptureOptions({}, config), destinations: [] };
  const parse = (b: JsonObject) => parseMonitorPatch(b, config, current);
  it.each(CAPTURE_OPTION_SAMPLES)('%s', (_name, options, ok) => expectAgreement(MONITOR_PATCH_SCHEMA, parse, { revision: 1, ...options }, ok));
  it.each<[string, JsonObject, boolean]>([
    ['revision only', { revision: 3 }, true],
    ['every setting', { revision: 2, url: 'http://shop.example/p/2', intervalMinutes: 60, destinations: [DST] }, true],
    ['no revision', { intervalMinutes: 60 }, false],
    ['revision zero', { revision: 0 }, false],
    ['revision a string', { revision: '2' }, false],
    ['a bad url', { revision: 1, url: 'ftp://x/' }, false],
    ['interval zero', { revision: 1, intervalMinutes: 0 }, false],
    ['an unknown key', { revision: 1, status: 'paused' }, false],
  ])('%s', (_name, body, ok) => expectAgreement(MONITOR_PATCH_SCHEMA, parse, body, ok));
});

describe('POST /v1/destinations schema and validator agree', () => {
  const url = 'http://127.0.0.1:9/hook';
  it.each<[string, JsonObject, boolean]>([
    ['url only', { url }, true],
    ['events and description', { url, events: ['monitor.changed', 'crawl.completed'], description: 'ops' }, true],
    ['a null description', { url, description: null }, true],
    ['a description of 500 characters', { url, description: 'x'.repeat(500) }, true],
    ['no url', { events: ['batch.completed'] }, false],
    ['a bad url', { url: 'mailto:a@b' }, false],
    ['empty events', { url, events: [] }, false],
    ['an unknown event', { url, events: ['monitor.deleted'] }, false],
    ['events not a list', { url, events: 'monitor.changed' }, false],
    ['a description of 501 characters', { url, description: 'x'.repeat(501) }, false],
    ['a description not a string', { url, description: 5 }, false],
    ['a secret', { url, secret: 'whsec_x' }, false],
  ])('%s', (_name, body, ok) => expectAgreement(DESTINATION_CREATE_SCHEMA, parseDestinationCreate, body, ok));
});

/** Tool arguments as the SDK sends them: query parameters (strings). */
function asQuery(args: JsonObject): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(args)) if (v !== null && v !== undefined) query[k] = String(v);
  return query;
}

describe('GET /v1/deliveries parameters: schema and validator agree', () => {
  it.each<[string, JsonObject, boolean]>([
    ['none', {}, true],
    ['every filter', { status: 'dead_lettered', destination: DST, limit: 5, cursor: null }, true],
    ['an unknown status', { status: 'failed' }, false],
    ['a malformed destination', { destination: 'dst_x' }, false],
    ['limit zero', { limit: 0 }, false],
    ['an unknown parameter', { type: 'monitor.changed' }, false],
  ])('%s', (_name, args, ok) => expectAgreement(DELIVERY_QUERY_SCHEMA, (a) => parseDeliveryQuery(asQuery(a)), args, ok));
});

describe('GET /v1/monitors parameters: schema and validator agree', () => {
  /** What the route does with the query (src/http/routes/monitors.ts listQuery; a real cursor is scoped, so none here). */
  const parse = (a: JsonObject) => {
    const q = asQuery(a);
    refuseUnknownKeys(q, new Set(['limit', 'cursor']));
    parsePageLimit(q.limit);
  };
  it.each<[string, JsonObject, boolean]>([
    ['none', {}, true],
    ['limit and null cursor', { limit: 100, cursor: null }, true],
    ['limit too large', { limit: 101 }, false],
    ['an unknown parameter', { status: 'active' }, false],
  ])('%s', (_name, args, ok) => expectAgreement(PAGE_QUERY_SCHEMA, parse, args, ok));
});
