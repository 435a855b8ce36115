// The MCP tools, the same locally (packages/mcp, over stdio) and remotely (workers/mcp.ts): one table of names,
// input schemas (the API's request schemas, src/mcp/request-schemas.ts), output schemas, the REST call each makes through
// the SDK, and a short text summary of the result. The API does the validating; a tool refuses only what would not
// reach the API as sent (see toolArguments), with the error body the API gives for the same refusal. The monitor,
// destination and delivery tools are in src/mcp/monitor-tools.ts.
import type { CaptureOptions, CrawlOptions } from '../../packages/sdk/src/types.ts';
import { invalidRequest } from '../errors.ts';
import { isObject, refuseUnknownKeys, type JsonObject } from '../request/body.ts';
import { MAX_TIMEOUT_MS, MIN_TIMEOUT_MS } from '../request/capture-options.ts';
import {
  BATCH_REQUEST_SCHEMA,
  CRAWL_REQUEST_SCHEMA,
  SCRAPE_REQUEST_SCHEMA,
  taskIdSchema,
  taskListSchema,
} from './request-schemas.ts';
import type { BatchRecord, CrawlRecord } from '../tasks/records.ts';
import { MONITOR_TOOLS } from './monitor-tools.ts';
import { idPath, pageArgs, requireId, withoutKey, type ToolDefinition } from './tool-kit.ts';
import {
  BATCH_RECORD_SCHEMA,
  CRAWL_RECORD_SCHEMA,
  LIST_PAGE_SCHEMA,
  SCRAPE_RESULT_SCHEMA,
  summarizeBatch,
  summarizeCrawl,
  summarizeList,
  summarizeScrape,
} from './results.ts';

export type { ToolDefinition } from './tool-kit.ts';

/** The id argument; a missing or non-string id is refused before any request. */
const taskId = (args: JsonObject, kind: 'batch' | 'crawl'): string => requireId(args, kind);

/**
 * The SDK waits `timeout` + 30 s for a scrape, so it needs a usable number before sending; anything else is refused
 * here with the API's own message for it (the API refuses it the same way).
 */
function scrapeOptions(args: JsonObject): CaptureOptions {
  const t = args.timeout;
  if (t !== undefined && (typeof t !== 'number' || !Number.isInteger(t) || t < MIN_TIMEOUT_MS || t > MAX_TIMEOUT_MS)) {
    throw invalidRequest(`timeout must be a whole number of milliseconds from ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS}`);
  }
  return withoutKey(args, 'url') as CaptureOptions;
}

function lookupTool(kind: 'batch' | 'crawl', base: string): ToolDefinition {
  return {
    name: `${kind}_get`,
    description: `Reads a ${kind} record (GET ${base}/:id): status and counts.`,
    inputSchema: taskIdSchema(kind),
    sendsBody: false,
    outputSchema: kind === 'batch' ? BATCH_RECORD_SCHEMA : CRAWL_RECORD_SCHEMA,
    call: (args) => ({ method: 'GET', path: idPath(args, base) }),
    run: (client, args) => (kind === 'batch' ? client.getBatch(taskId(args, kind)) : client.getCrawl(taskId(args, kind))),
    summary: (r) => (kind === 'batch' ? summarizeBatch(r as BatchRecord) : summarizeCrawl(r as CrawlRecord)),
  };
}

function listTool(kind: 'batch' | 'crawl', base: string, entries: 'items' | 'pages'): ToolDefinition {
  return {
    name: `${kind}_${entries}`,
    description: `One page of a ${kind}'s finished ${entries} (GET ${base}/:id/${entries}), each a full scrape result with index and url.`,
    inputSchema: taskListSchema(kind),
    sendsBody: false,
    outputSchema: LIST_PAGE_SCHEMA,
    call: (args) => ({ method: 'GET', path: idPath(args, base, `/${entries}`) }),
    run: (client, args) =>
      kind === 'batch'
        ? client.listBatchItems(taskId(args, kind), pageArgs(args))
        : client.listCrawlPages(taskId(args, kind), pageArgs(args)),
    summary: (r) => summarizeList(r as Parameters<typeof summarizeList>[0]),
  };
}

function crawlActionTool(action: 'cancel' | 'resume'): ToolDefinition {
  return {
    name: `crawl_${action}`,
    description:
      action === 'cancel'
        ? 'Stops a running or interrupted crawl (POST /v1/crawls/:id/cancel); conflict when it already ended.'
        : 'Resumes an interrupted crawl (POST /v1/crawls/:id/resume); conflict otherwise.',
    inputSchema: taskIdSchema('crawl'),
    sendsBody: false,
    outputSchema: CRAWL_RECORD_SCHEMA,
    call: (args) => ({ method: 'POST', path: idPath(args, '/v1/crawls', `/${action}`) }),
    run: (client, args) =>
      action === 'cancel' ? client.cancelCrawl(taskId(args, 'crawl')) : client.resumeCrawl(taskId(args, 'crawl')),
    summary: (r) => summarizeCrawl(r as CrawlRecord),
  };
}

// The body tools pass their arguments to the API as the request body; `url` / `urls` go as the SDK's first argument.
export const TOOLS: readonly ToolDefinition[] = [
  {
    name: 'scrape',
    description:
      'Captures one URL (POST /v1/scrape): Markdown, links, metadata, optional schema-filled JSON, and the evidence record. robots.txt is obeyed.',
    sendsBody: true,
    inputSchema: SCRAPE_REQUEST_SCHEMA,
    outputSchema: SCRAPE_RESULT_SCHEMA,
    call: () => ({ method: 'POST', path: '/v1/scrape' }),
    run: (client, args) => client.scrape(args.url as string, scrapeOptions(args)),
    summary: (r) => summarizeScrape(r as Parameters<typeof summarizeScrape>[0]),
  },
  {
    name: 'batch_create',
    description: 'Starts a batch of URLs (POST /v1/batches); items are captured in the background. Poll batch_get, read batch_items.',
    sendsBody: true,
    inputSchema: BATCH_REQUEST_SCHEMA,
    outputSchema: BATCH_RECORD_SCHEMA,
    call: () => ({ method: 'POST', path: '/v1/batches' }),
    run: (client, args) => client.createBatch(args.urls as string[], withoutKey(args, 'urls') as CaptureOptions),
    summary: (r) => summarizeBatch(r as BatchRecord),
  },
  lookupTool('batch', '/v1/batches'),
  listTool('batch', '/v1/batches', 'items'),
  {
    name: 'crawl_create',
    description: 'Starts a crawl from a URL (POST /v1/crawls): same origin, robots.txt and Crawl-delay obeyed. Poll crawl_get, read crawl_pages.',
    sendsBody: true,
    inputSchema: CRAWL_REQUEST_SCHEMA,
    outputSchema: CRAWL_RECORD_SCHEMA,
    call: () => ({ method: 'POST', path: '/v1/crawls' }),
    run: (client, args) => client.createCrawl(args.url as string, withoutKey(args, 'url') as CrawlOptions),
    summary: (r) => summarizeCrawl(r as CrawlRecord),
  },
  lookupTool('crawl', '/v1/crawls'),
  listTool('crawl', '/v1/crawls', 'pages'),
  crawlActionTool('cancel'),
  crawlActionTool('resume'),
  ...MONITOR_TOOLS,
];

export const TOOL_NAMES: readonly string[] = TOOLS.map((t) => t.name);

/**
 * The arguments of a call. A body tool's arguments go to the API whole, which refuses what it does not support, except
 * `signal`, which the SDK would take for itself; the other tools refuse names their schema does not list, since the API
 * never sees their arguments as a body.
 */
export function toolArguments(tool: ToolDefinition, raw: unknown): JsonObject {
  const args = raw === undefined ? {} : raw;
  if (!isObject(args)) throw invalidRequest('the tool arguments must be one JSON object');
  const known = new Set(Object.keys((tool.inputSchema.properties ?? {}) as JsonObject));
  if (tool.sendsBody) {
    if ('signal' in args) refuseUnknownKeys({ signal: args.signal }, known);
  } else {
    refuseUnknownKeys(args, known);
  }
  return args;
}
