// The monitor, destination and delivery tools (issue 14), with the conventions of src/mcp/tools.ts: a create or update
// tool takes the REST body as its arguments (plus the path's `id` for monitor_update) and the API checks every key;
// the other tools take ids, filters and paging, refusing other names themselves (toolArguments). One call each.
import type { DeliveryQuery, MonitorOptions, MonitorPatch } from '../../packages/sdk/src/hooks-types.ts';
import { DELIVERY_STATUSES, type DeliveryRecord, type DeliveryStatus, type DestinationRecord } from '../deliveries/events.ts';
import type { JsonObject } from '../request/body.ts';
import type { MonitorRecord, RunRecord } from '../monitors/records.ts';
import {
  DELETED_SCHEMA,
  DELIVERY_RECORD_SCHEMA,
  DESTINATION_RECORD_SCHEMA,
  MONITOR_RECORD_SCHEMA,
  RUN_RECORD_SCHEMA,
  listOf,
  summarizeDeleted,
  summarizeDelivery,
  summarizeDestination,
  summarizeMonitor,
  summarizePage,
  summarizeRun,
} from './monitor-results.ts';
import {
  DELIVERY_QUERY_SCHEMA,
  DESTINATION_CREATE_SCHEMA,
  MONITOR_CREATE_SCHEMA,
  MONITOR_PATCH_SCHEMA,
  MONITOR_RUN_GET_SCHEMA,
  MONITOR_RUNS_SCHEMA,
  PAGE_QUERY_SCHEMA,
  idSchema,
  withIdArgument,
  type JsonSchema,
} from './request-schemas.ts';
import { idPath, pageArgs, requireId, stringArg, withoutKey, type ToolDefinition } from './tool-kit.ts';

type Page = { data: unknown[]; nextCursor: string | null; hasMore: boolean };

const MONITORS = '/v1/monitors';
const monitorId = (args: JsonObject): string => requireId(args, 'monitor');
const monitorSummary = (r: unknown): string => summarizeMonitor(r as MonitorRecord);
const runSummary = (r: unknown): string => summarizeRun(r as RunRecord);
const runIdPart = (args: JsonObject): string => (typeof args.runId === 'string' ? encodeURIComponent(args.runId) : ':runId');

type Parts = Pick<ToolDefinition, 'name' | 'description' | 'call' | 'run'>;

/** A tool that names one monitor and answers with its record (get, pause, resume). */
function monitorTool(parts: Parts): ToolDefinition {
  return { ...parts, inputSchema: idSchema('monitor'), outputSchema: MONITOR_RECORD_SCHEMA, sendsBody: false, summary: monitorSummary };
}

/** A tool that reads one page of a list of `item` records. */
function pageTool(parts: Parts & { inputSchema: JsonSchema; item: JsonSchema; noun: string }): ToolDefinition {
  const { item, noun, ...rest } = parts;
  return {
    ...rest,
    outputSchema: listOf(item, parts.description),
    sendsBody: false,
    summary: (r) => summarizePage(r as Page, noun),
  };
}

/** The filters and page of delivery_list as the SDK sends them (strings and numbers only; the API checks values). */
function deliveryQuery(args: JsonObject): DeliveryQuery {
  const { limit, cursor } = pageArgs(args);
  return {
    status: stringArg(args, 'status', `status must be one of ${DELIVERY_STATUSES.join(', ')}`) as DeliveryStatus | undefined,
    destination: stringArg(args, 'destination', 'destination is not a destination id'),
    limit,
    cursor: cursor ?? undefined,
  };
}

const MONITOR_TOOLS_PART: ToolDefinition[] = [
  {
    name: 'monitor_create',
    description:
      'Creates a monitor (POST /v1/monitors): the URL is captured at once and then every intervalMinutes; each run is compared with the previous one. Events go to the listed destinations.',
    sendsBody: true,
    inputSchema: MONITOR_CREATE_SCHEMA,
    outputSchema: MONITOR_RECORD_SCHEMA,
    call: () => ({ method: 'POST', path: MONITORS }),
    run: (client, args) => client.createMonitor(args.url as string, withoutKey(args, 'url') as unknown as MonitorOptions),
    summary: monitorSummary,
  },
  monitorTool({
    name: 'monitor_get',
    description: 'Reads a monitor (GET /v1/monitors/:id): status, revision, next run, last run.',
    call: (args) => ({ method: 'GET', path: idPath(args, MONITORS) }),
    run: (client, args) => client.getMonitor(monitorId(args)),
  }),
  pageTool({
    name: 'monitor_list',
    description: 'One page of the monitors (GET /v1/monitors), oldest first.',
    inputSchema: PAGE_QUERY_SCHEMA,
    item: MONITOR_RECORD_SCHEMA,
    noun: 'monitor',
    call: () => ({ method: 'GET', path: MONITORS }),
    run: (client, args) => client.listMonitors(pageArgs(args)),
  }),
  {
    name: 'monitor_update',
    description:
      'Changes a monitor (PATCH /v1/monitors/:id): {id, revision, ...changes}; revision + 1. conflict when revision is not the current one or a run is in progress.',
    sendsBody: true,
    inputSchema: withIdArgument(MONITOR_PATCH_SCHEMA, 'monitor'),
    outputSchema: MONITOR_RECORD_SCHEMA,
    call: (args) => ({ method: 'PATCH', path: idPath(args, MONITORS) }),
    run: (client, args) => client.updateMonitor(monitorId(args), withoutKey(args, 'id') as unknown as MonitorPatch),
    summary: monitorSummary,
  },
  monitorTool({
    name: 'monitor_pause',
    description: 'Pauses a monitor (POST /v1/monitors/:id/pause): no scheduled runs until resumed.',
    call: (args) => ({ method: 'POST', path: idPath(args, MONITORS, '/pause') }),
    run: (client, args) => client.pauseMonitor(monitorId(args)),
  }),
  monitorTool({
    name: 'monitor_resume',
    description: 'Resumes a paused monitor (POST /v1/monitors/:id/resume): a run is due at once.',
    call: (args) => ({ method: 'POST', path: idPath(args, MONITORS, '/resume') }),
    run: (client, args) => client.resumeMonitor(monitorId(args)),
  }),
  {
    name: 'monitor_delete',
    description: 'Deletes a monitor and its runs (DELETE /v1/monitors/:id).',
    sendsBody: false,
    inputSchema: idSchema('monitor'),
    outputSchema: DELETED_SCHEMA,
    call: (args) => ({ method: 'DELETE', path: idPath(args, MONITORS) }),
    run: (client, args) => client.deleteMonitor(monitorId(args)),
    summary: (r) => summarizeDeleted(r as { id: string; object: string }),
  },
  {
    name: 'monitor_run',
    description:
      'Queues a run of a monitor now (POST /v1/monitors/:id/runs); conflict when the monitor is paused, busy or unknown. Poll monitor_run_get.',
    sendsBody: false,
    inputSchema: idSchema('monitor'),
    outputSchema: RUN_RECORD_SCHEMA,
    call: (args) => ({ method: 'POST', path: idPath(args, MONITORS, '/runs') }),
    run: (client, args) => client.runMonitor(monitorId(args)),
    summary: runSummary,
  },
  pageTool({
    name: 'monitor_runs',
    description: "One page of a monitor's runs (GET /v1/monitors/:id/runs), oldest first, each with its scrape result and change.",
    inputSchema: MONITOR_RUNS_SCHEMA,
    item: RUN_RECORD_SCHEMA,
    noun: 'run',
    call: (args) => ({ method: 'GET', path: idPath(args, MONITORS, '/runs') }),
    run: (client, args) => client.listMonitorRuns(monitorId(args), pageArgs(args)),
  }),
  {
    name: 'monitor_run_get',
    description: 'Reads one run of a monitor (GET /v1/monitors/:id/runs/:runId): status, scrape result, change.',
    sendsBody: false,
    inputSchema: MONITOR_RUN_GET_SCHEMA,
    outputSchema: RUN_RECORD_SCHEMA,
    call: (args) => ({ method: 'GET', path: idPath(args, MONITORS, `/runs/${runIdPart(args)}`) }),
    run: (client, args) => client.getMonitorRun(monitorId(args), requireId(args, 'run', 'runId')),
    summary: runSummary,
  },
];

const HOOK_TOOLS_PART: ToolDefinition[] = [
  {
    name: 'destination_create',
    description:
      'Adds a webhook destination (POST /v1/destinations): events are POSTed to the URL, signed per Standard Webhooks. The signing secret (whsec_…) is in this result only.',
    sendsBody: true,
    inputSchema: DESTINATION_CREATE_SCHEMA,
    outputSchema: DESTINATION_RECORD_SCHEMA,
    call: () => ({ method: 'POST', path: '/v1/destinations' }),
    run: (client, args) => client.createDestination(args.url as string, withoutKey(args, 'url')),
    summary: (r) => summarizeDestination(r as DestinationRecord & { secret?: string }),
  },
  pageTool({
    name: 'destination_list',
    description: 'Every destination (GET /v1/destinations), without secrets.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    item: DESTINATION_RECORD_SCHEMA,
    noun: 'destination',
    call: () => ({ method: 'GET', path: '/v1/destinations' }),
    run: (client) => client.listDestinations(),
  }),
  {
    name: 'destination_delete',
    description: 'Deletes a destination (DELETE /v1/destinations/:id).',
    sendsBody: false,
    inputSchema: idSchema('destination'),
    outputSchema: DELETED_SCHEMA,
    call: (args) => ({ method: 'DELETE', path: idPath(args, '/v1/destinations') }),
    run: (client, args) => client.deleteDestination(requireId(args, 'destination')),
    summary: (r) => summarizeDeleted(r as { id: string; object: string }),
  },
  pageTool({
    name: 'delivery_list',
    description: 'One page of webhook deliveries (GET /v1/deliveries), filtered by status and destination, each with its attempts.',
    inputSchema: DELIVERY_QUERY_SCHEMA,
    item: DELIVERY_RECORD_SCHEMA,
    noun: 'delivery',
    call: () => ({ method: 'GET', path: '/v1/deliveries' }),
    run: (client, args) => client.listDeliveries(deliveryQuery(args)),
  }),
  {
    name: 'delivery_get',
    description: 'Reads one delivery (GET /v1/deliveries/:id) with every attempt {at, httpStatus, error, durationMs}.',
    sendsBody: false,
    inputSchema: idSchema('delivery'),
    outputSchema: DELIVERY_RECORD_SCHEMA,
    call: (args) => ({ method: 'GET', path: idPath(args, '/v1/deliveries') }),
    run: (client, args) => client.getDelivery(requireId(args, 'delivery')),
    summary: (r) => summarizeDelivery(r as DeliveryRecord),
  },
  {
    name: 'delivery_retry',
    description: 'Re-sends a dead-lettered delivery (POST /v1/deliveries/:id/retry) with the same webhook-id; conflict in any other state.',
    sendsBody: false,
    inputSchema: idSchema('delivery'),
    outputSchema: DELIVERY_RECORD_SCHEMA,
    call: (args) => ({ method: 'POST', path: idPath(args, '/v1/deliveries', '/retry') }),
    run: (client, args) => client.retryDelivery(requireId(args, 'delivery')),
    summary: (r) => summarizeDelivery(r as DeliveryRecord),
  },
];

export const MONITOR_TOOLS: readonly ToolDefinition[] = [...MONITOR_TOOLS_PART, ...HOOK_TOOLS_PART];
