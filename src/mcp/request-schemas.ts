// JSON Schemas (draft 2020-12) of the request bodies the API validates: POST /v1/scrape, /v1/batches, /v1/crawls,
// /v1/monitors, /v1/destinations, PATCH /v1/monitors/:id, and the id/paging/filter parameters of the other routes.
// They are built from the validators' own constants (option keys, ranges, caps), and src/mcp/request-schemas.test.ts
// feeds the same sample bodies to these schemas and to the API's parsers, so the
// two cannot drift apart. The MCP tools advertise them as input schemas (src/mcp/tools.ts). A schema describes shape
// only: checks that need the server's settings or deeper analysis (the operator's file cap, SVC_CONTACT for research
// mode, a configured model for modelFallback, JSON Schema bounds and patterns, URL credentials) stay with the API.
import { CAPTURE_OPTION_KEYS, DEFAULT_TIMEOUT_MS, LANE_CHOICES, MAX_TIMEOUT_MS, MIN_TIMEOUT_MS } from '../request/capture-options.ts';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../request/cursor.ts';
import { DEFAULT_CRAWL_MAX_PAGES, MAX_BATCH_URLS, MAX_CRAWL_MAX_PAGES, MAX_INCLUDE_PATHS } from '../tasks/settings.ts';
import { DELIVERY_STATUSES, EVENT_TYPES } from '../deliveries/events.ts';
import { MAX_DESCRIPTION_CHARS, MAX_DESTINATION_IDS } from '../deliveries/requests.ts';
import { MAX_INTERVAL_MINUTES, MIN_INTERVAL_MINUTES } from '../monitors/schedule.ts';

export type JsonSchema = Record<string, unknown>;

type CaptureOptionKey = (typeof CAPTURE_OPTION_KEYS)[number];

/** An http(s) URL as the API's URL guard takes it (case-insensitive scheme, surrounding white space trimmed). */
const HTTP_URL: JsonSchema = {
  type: 'string',
  pattern: '^\\s*[Hh][Tt][Tt][Pp][Ss]?://\\S',
  description: 'An http or https URL.',
};

const JSON_FORMAT: JsonSchema = {
  type: 'object',
  properties: {
    type: { const: 'json' },
    schema: { type: 'object', description: 'JSON Schema of the record to fill from the page (see the API docs for the subset).' },
    prompt: { type: ['string', 'null'] },
    modelFallback: { type: 'boolean', description: 'Ask the configured model for fields the page does not answer.' },
  },
  required: ['type', 'schema'],
  additionalProperties: false,
};

const FORMAT_ENTRY: JsonSchema = {
  anyOf: [
    { enum: ['markdown', 'links'] },
    {
      type: 'object',
      properties: { type: { enum: ['markdown', 'links'] } },
      required: ['type'],
      additionalProperties: false,
    },
    JSON_FORMAT,
  ],
};

/** The capture options shared by scrape, batch and crawl (decisions D3–D7), keyed exactly as the validator's list. */
const CAPTURE_OPTIONS: Record<CaptureOptionKey, JsonSchema> = {
  formats: {
    type: 'array',
    items: FORMAT_ENTRY,
    minItems: 1,
    contains: { type: 'object', properties: { type: { const: 'json' } }, required: ['type'] },
    minContains: 0,
    maxContains: 1,
    description: 'Default ["markdown", "links"]. Entries: "markdown", "links", or {type: "json", schema, prompt?, modelFallback?}.',
  },
  timeout: {
    type: 'integer',
    minimum: MIN_TIMEOUT_MS,
    maximum: MAX_TIMEOUT_MS,
    description: `Milliseconds for the whole capture (default ${DEFAULT_TIMEOUT_MS}).`,
  },
  maxFileBytes: { type: 'integer', minimum: 1, description: "Lowers the server's file cap for this request." },
  onlyMainContent: { type: 'boolean', description: 'true (default): main content only; false: the whole page body.' },
  mode: { enum: ['standard', 'research'], description: 'research declares the operator contact in the User-Agent.' },
  lane: { enum: [...LANE_CHOICES], description: 'auto (default): HTTP, the browser for a script-only page; http; browser; provider.' },
  session: { type: ['string', 'null'], pattern: '^ses_[0-9a-f]{32}$', description: 'A stored browser session id (POST /v1/sessions).' },
};

function objectSchema(properties: Record<string, JsonSchema>, required: string[], description: string): JsonSchema {
  return { type: 'object', description, properties, required, additionalProperties: false };
}

export const SCRAPE_REQUEST_SCHEMA: JsonSchema = objectSchema(
  { url: HTTP_URL, ...CAPTURE_OPTIONS },
  ['url'],
  'Body of POST /v1/scrape.',
);

export const BATCH_REQUEST_SCHEMA: JsonSchema = objectSchema(
  {
    urls: {
      type: 'array',
      items: { type: 'string' },
      minItems: 1,
      maxItems: MAX_BATCH_URLS,
      description: 'URLs to capture; a string that is no http(s) URL becomes an invalid_url item.',
    },
    ...CAPTURE_OPTIONS,
  },
  ['urls'],
  'Body of POST /v1/batches.',
);

export const CRAWL_REQUEST_SCHEMA: JsonSchema = objectSchema(
  {
    url: HTTP_URL,
    maxPages: { type: 'integer', minimum: 1, maximum: MAX_CRAWL_MAX_PAGES, description: `Default ${DEFAULT_CRAWL_MAX_PAGES}.` },
    includePaths: {
      type: 'array',
      items: { type: 'string', minLength: 1 },
      maxItems: MAX_INCLUDE_PATHS,
      description: 'Regular expressions a discovered path must match.',
    },
    ...CAPTURE_OPTIONS,
  },
  ['url'],
  'Body of POST /v1/crawls (same origin; robots.txt and Crawl-delay obeyed).',
);

const TASK_ID = (kind: 'batch' | 'crawl'): JsonSchema => ({
  type: 'string',
  minLength: 1,
  description: `The ${kind} id (${kind}_ followed by 24 hex characters).`,
});

/** `{id}` of GET /v1/<kind>es/:id and the crawl actions. */
export function taskIdSchema(kind: 'batch' | 'crawl'): JsonSchema {
  return objectSchema({ id: TASK_ID(kind) }, ['id'], `Identifies one ${kind}.`);
}

/** `limit` and `cursor` of every paged listing (decision D10), sent as query parameters. */
const PAGE_PROPERTIES: Record<string, JsonSchema> = {
  limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, description: `Entries per page (default ${DEFAULT_PAGE_LIMIT}).` },
  cursor: { type: ['string', 'null'], description: 'nextCursor of the previous page, exactly as returned.' },
};

/** `{id, limit?, cursor?}` of the paged listings (decision D10). */
export function taskListSchema(kind: 'batch' | 'crawl'): JsonSchema {
  return objectSchema(
    { id: TASK_ID(kind), ...PAGE_PROPERTIES },
    ['id'],
    `One page of the ${kind}'s finished entries, in the order they finished.`,
  );
}

// Monitors, destinations and deliveries (issue 14; validators in src/monitors/requests.ts, src/deliveries/requests.ts).
// Ids in a path are only checked for presence here (a malformed one is the API's not_found, like any unknown id);
// destination ids in a body are checked by pattern, as the API refuses a malformed one there (invalid_request).

const DESTINATION_IDS: JsonSchema = {
  type: 'array',
  items: { type: 'string', pattern: '^dst_[0-9a-f]{24}$' },
  maxItems: MAX_DESTINATION_IDS,
  description: 'Destination ids (POST /v1/destinations) that receive this monitor\'s events.',
};

const INTERVAL: JsonSchema = {
  type: 'integer',
  minimum: MIN_INTERVAL_MINUTES,
  maximum: MAX_INTERVAL_MINUTES,
  description: 'Minutes between scheduled runs.',
};

export const MONITOR_CREATE_SCHEMA: JsonSchema = objectSchema(
  { url: HTTP_URL, intervalMinutes: INTERVAL, destinations: DESTINATION_IDS, ...CAPTURE_OPTIONS },
  ['url', 'intervalMinutes'],
  'Body of POST /v1/monitors: the first run starts at once, then one every intervalMinutes.',
);

export const MONITOR_PATCH_SCHEMA: JsonSchema = objectSchema(
  {
    revision: { type: 'integer', minimum: 1, description: 'The revision the change was made against (a stale one is conflict).' },
    url: HTTP_URL,
    intervalMinutes: INTERVAL,
    destinations: DESTINATION_IDS,
    ...CAPTURE_OPTIONS,
  },
  ['revision'],
  'Body of PATCH /v1/monitors/:id: naming any capture option replaces the whole option set (defaults for the rest).',
);

export const DESTINATION_CREATE_SCHEMA: JsonSchema = objectSchema(
  {
    url: HTTP_URL,
    events: { type: 'array', items: { enum: [...EVENT_TYPES] }, minItems: 1, description: 'Event types to receive (default all).' },
    description: { type: ['string', 'null'], maxLength: MAX_DESCRIPTION_CHARS },
  },
  ['url'],
  'Body of POST /v1/destinations: a webhook target; the signing secret is in the answer only.',
);

export const DELIVERY_QUERY_SCHEMA: JsonSchema = objectSchema(
  {
    status: { enum: [...DELIVERY_STATUSES] },
    destination: { type: 'string', pattern: '^dst_[0-9a-f]{24}$', description: 'Only deliveries to this destination.' },
    ...PAGE_PROPERTIES,
  },
  [],
  'Filters and paging of GET /v1/deliveries (newest last).',
);

/** `{limit?, cursor?}` of GET /v1/monitors. */
export const PAGE_QUERY_SCHEMA: JsonSchema = objectSchema({ ...PAGE_PROPERTIES }, [], 'One page of the list.');

const ID_PREFIX = { monitor: 'monitor_', destination: 'dst_', delivery: 'dlv_' } as const;
const ID = (what: string, prefix: string): JsonSchema => ({ type: 'string', minLength: 1, description: `The ${what} id (${prefix}…).` });

/** `{id}` naming one monitor, destination or delivery, plus `extra` arguments (`required` among them). */
export function idSchema(what: keyof typeof ID_PREFIX, extra: Record<string, JsonSchema> = {}, required: string[] = []): JsonSchema {
  return objectSchema({ id: ID(what, ID_PREFIX[what]), ...extra }, ['id', ...required], `Identifies one ${what}.`);
}

/** `{id, limit?, cursor?}` of GET /v1/monitors/:id/runs. */
export const MONITOR_RUNS_SCHEMA: JsonSchema = idSchema('monitor', PAGE_PROPERTIES);

/** `{id, runId}` of GET /v1/monitors/:id/runs/:runId. */
export const MONITOR_RUN_GET_SCHEMA: JsonSchema = idSchema('monitor', { runId: ID('run', 'run_') }, ['runId']);

/** A body schema with the `id` of the path added (PATCH /v1/monitors/:id takes `{id, ...body}` as tool arguments). */
export function withIdArgument(body: JsonSchema, what: 'monitor'): JsonSchema {
  const properties = { id: ID(what, ID_PREFIX[what]), ...(body.properties as Record<string, JsonSchema>) };
  return { ...body, properties, required: ['id', ...(body.required as string[])] };
}
