// Output schemas and one-line summaries of the monitor, destination and delivery tools (issue 14). As in results.ts,
// `structuredContent` is the API's JSON unchanged; the schemas describe the records' top level (a run's `result` is a
// scrape result, described by SCRAPE_RESULT_SCHEMA's shape). Status lists are typed against the service's own types.
import { DELIVERY_STATUSES, EVENT_TYPES, type DeliveryRecord, type DeliveryStatus, type DestinationRecord } from '../deliveries/events.ts';
import type { MonitorRecord, MonitorStatus, RunRecord, RunStatus, RunTrigger } from '../monitors/records.ts';
import type { JsonSchema } from './request-schemas.ts';
import { SCRAPE_RESULT_SCHEMA } from './results.ts';

/** `A` when it names every member of `T` (else `never`, a type error at the use site). */
type AllOf<T, A extends readonly T[]> = [T] extends [A[number]] ? A : never;

const MONITOR_STATUSES: AllOf<MonitorStatus, ['active', 'paused']> = ['active', 'paused'];
const RUN_STATUSES: AllOf<RunStatus, ['queued', 'running', 'completed', 'failed']> = ['queued', 'running', 'completed', 'failed'];
const RUN_TRIGGERS: AllOf<RunTrigger, ['schedule', 'request']> = ['schedule', 'request'];
const DELIVERY_STATES: AllOf<DeliveryStatus, typeof DELIVERY_STATUSES> = DELIVERY_STATUSES;

const TIME: JsonSchema = { type: 'string', description: 'ISO 8601 time.' };
const TIME_OR_NULL: JsonSchema = { type: ['string', 'null'] };

const CHANGE_SCHEMA: JsonSchema = {
  type: ['object', 'null'],
  description: 'Against the previous completed run (null for the first run, or until this one completed).',
  properties: {
    changed: { type: 'boolean' },
    markdownChanged: { type: 'boolean' },
    jsonChanged: { type: 'boolean' },
    fields: { type: 'array', items: { type: 'string' }, description: 'JSON pointers into json.data that differ.' },
  },
  required: ['changed', 'markdownChanged', 'jsonChanged', 'fields'],
};

const RUN_SUMMARY_PROPERTIES: Record<string, JsonSchema> = {
  id: { type: 'string' },
  status: { enum: [...RUN_STATUSES] },
  trigger: { enum: [...RUN_TRIGGERS] },
  queuedAt: TIME,
  startedAt: TIME_OR_NULL,
  completedAt: TIME_OR_NULL,
  change: CHANGE_SCHEMA,
};

export const MONITOR_RECORD_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    object: { const: 'monitor' },
    url: { type: 'string' },
    intervalMinutes: { type: 'integer' },
    status: { enum: [...MONITOR_STATUSES] },
    busy: { type: 'boolean', description: 'A run is queued or running: monitor_run and monitor_update are conflict until it ends.' },
    revision: { type: 'integer', description: 'Pass it to monitor_update.' },
    destinations: { type: 'array', items: { type: 'string' } },
    options: { type: 'object' },
    createdAt: TIME,
    updatedAt: TIME,
    nextRunAt: TIME_OR_NULL,
    lastRun: {
      type: ['object', 'null'],
      properties: RUN_SUMMARY_PROPERTIES,
      required: Object.keys(RUN_SUMMARY_PROPERTIES),
    },
  },
  required: ['id', 'object', 'url', 'intervalMinutes', 'status', 'busy', 'revision', 'destinations', 'nextRunAt', 'lastRun'],
};

export const RUN_RECORD_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    ...RUN_SUMMARY_PROPERTIES,
    object: { const: 'monitor_run' },
    monitorId: { type: 'string' },
    result: { ...SCRAPE_RESULT_SCHEMA, type: ['object', 'null'], description: 'The scrape result (null until the run ended).' },
  },
  required: [...Object.keys(RUN_SUMMARY_PROPERTIES), 'object', 'monitorId', 'result'],
};

export const DESTINATION_RECORD_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    object: { const: 'destination' },
    url: { type: 'string' },
    events: { type: 'array', items: { enum: [...EVENT_TYPES] } },
    description: { type: ['string', 'null'] },
    createdAt: TIME,
    secret: { type: 'string', description: 'whsec_…: the signing secret, in the create answer only. Keep it.' },
  },
  required: ['id', 'object', 'url', 'events', 'createdAt'],
};

export const DELIVERY_RECORD_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    object: { const: 'delivery' },
    eventId: { type: 'string', description: 'Also the webhook-id header of every attempt.' },
    type: { enum: [...EVENT_TYPES] },
    destination: { type: 'string' },
    url: { type: 'string' },
    status: { enum: [...DELIVERY_STATES] },
    createdAt: TIME,
    updatedAt: TIME,
    deliveredAt: TIME_OR_NULL,
    nextAttemptAt: TIME_OR_NULL,
    attemptCount: { type: 'integer' },
    attempts: {
      type: 'array',
      items: {
        type: 'object',
        properties: { at: TIME, httpStatus: { type: ['integer', 'null'] }, error: { type: ['string', 'null'] }, durationMs: { type: 'number' } },
        required: ['at', 'httpStatus', 'error', 'durationMs'],
      },
    },
  },
  required: ['id', 'object', 'eventId', 'type', 'destination', 'url', 'status', 'attemptCount', 'attempts'],
};

export const DELETED_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'string' }, object: { type: 'string' }, deleted: { const: true } },
  required: ['id', 'object', 'deleted'],
};

/** A `{object: "list"}` page of `item` records. */
export function listOf(item: JsonSchema, description: string): JsonSchema {
  return {
    type: 'object',
    description: `${description} Pass nextCursor to read on (null: nothing more).`,
    properties: { object: { const: 'list' }, data: { type: 'array', items: item }, nextCursor: { type: ['string', 'null'] }, hasMore: { type: 'boolean' } },
    required: ['object', 'data', 'nextCursor', 'hasMore'],
  };
}

export function summarizeMonitor(m: MonitorRecord): string {
  const when = m.status === 'active' ? `, next run ${m.nextRunAt ?? 'not scheduled'}` : '';
  const busy = m.busy ? ', a run in progress' : '';
  return `monitor ${m.id} of ${m.url}: ${m.status}, every ${m.intervalMinutes} min, revision ${m.revision}${when}${busy}`;
}

function describeChange(c: RunRecord['change']): string {
  if (c === null) return '';
  if (!c.changed) return ', unchanged';
  const what = [c.markdownChanged ? 'Markdown' : null, c.jsonChanged ? `JSON (${c.fields.length} field${c.fields.length === 1 ? '' : 's'})` : null];
  return `, changed: ${what.filter((w) => w !== null).join(' and ')}`;
}

export function summarizeRun(r: RunRecord): string {
  const result = r.result as { status?: unknown; reason?: unknown } | null;
  const page = result && typeof result.status === 'string' ? ` (page ${result.status}${typeof result.reason === 'string' ? `: ${result.reason}` : ''})` : '';
  return `run ${r.id} of monitor ${r.monitorId}: ${r.status}${page}${describeChange(r.change)}`;
}

export function summarizeDestination(d: DestinationRecord & { secret?: string }): string {
  const secret = d.secret ? '; its signing secret is in this result only' : '';
  return `destination ${d.id} for ${d.url}: ${d.events.join(', ')}${secret}`;
}

export function summarizeDelivery(d: DeliveryRecord): string {
  const last = d.attempts.at(-1);
  const lastText = last ? `; last attempt: ${last.httpStatus ?? last.error ?? 'no answer'}` : '';
  return `delivery ${d.id} (${d.type}) to ${d.url}: ${d.status}, ${d.attemptCount} attempt${d.attemptCount === 1 ? '' : 's'}${lastText}`;
}

export function summarizeDeleted(d: { id: string; object: string }): string {
  return `deleted ${d.object} ${d.id}`;
}

/** One line for a page of any list: its size and how to read on. */
export function summarizePage(page: { data: unknown[]; nextCursor: string | null; hasMore: boolean }, noun: string): string {
  const n = page.data.length;
  const next = page.nextCursor === null ? 'no more pages' : `next cursor ${page.nextCursor}`;
  return `${n} ${noun}${n === 1 ? '' : 's'}${page.hasMore ? ', more ready' : ''}; ${next}`;
}
