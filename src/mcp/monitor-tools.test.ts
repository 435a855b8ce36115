// The monitor, destination and delivery tools: the REST call each makes through the SDK, the summaries, the output
// schemas against records typed as the service's own, and the error shape for PATCH / DELETE answers.
import { Validator } from '@cfworker/json-schema';
import { ProtocolError } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import type { DeliveryRecord, DestinationRecord } from '../deliveries/events.ts';
import type { MonitorRecord, RunRecord } from '../monitors/records.ts';
import type { JsonObject } from '../request/body.ts';
import { MONITOR_TOOLS } from './monitor-tools.ts';
import type { JsonSchema } from './request-schemas.ts';
import { callTool } from './server.ts';
import { createClient } from '../../packages/sdk/src/client.ts';
import { fakeApi } from './test-helpers.ts';
import { toolArguments } from './tools.ts';

const MON = 'monitor_0123456789abcdef01234567';
const RUN = 'run_0123456789abcdef01234567';
const DST = 'dst_0123456789abcdef01234567';
const DLV = 'dlv_0123456789abcdef01234567';
const T = '2026-11-23T12:00:00.000Z';

const MONITOR: MonitorRecord = {
  id: MON,
  object: 'monitor',
  url: 'https://shop.example/p/1',
  intervalMinutes: 5,
  status: 'active',
  busy: false,
  revision: 2,
  destinations: [DST],
  options: { formats: [{ type: 'markdown' }], timeout: 30000, maxFileBytes: 1000, onlyMainContent: true, mode: 'standard', lane: 'auto', session: null },
  createdAt: T,
  updatedAt: T,
  nextRunAt: '2026-11-23T12:05:00.000Z',
  lastRun: { id: RUN, status: 'completed', trigger: 'schedule', queuedAt: T, startedAt: T, completedAt: T, change: null },
};

const RUN_RECORD: RunRecord = {
  id: RUN,
  object: 'monitor_run',
  monitorId: MON,
  status: 'completed',
  trigger: 'request',
  queuedAt: T,
  startedAt: T,
  completedAt: T,
  change: { changed: true, markdownChanged: true, jsonChanged: true, fields: ['/price', '/title'] },
  result: { status: 'success', reason: null, markdown: '# P', evidenceRecord: { schemaVersion: 'svc.evidence/1' } },
};

const DESTINATION: DestinationRecord & { secret: string } = {
  id: DST,
  object: 'destination',
  url: 'http://127.0.0.1:9/hook',
  events: ['monitor.changed', 'monitor.run.completed'],
  description: null,
  createdAt: T,
  secret: 'whsec_c2VjcmV0',
};

const { secret: _secret, ...DESTINATION_LISTED } = DESTINATION;

const DELIVERY: DeliveryRecord = {
  id: DLV,
  object: 'delivery',
  eventId: 'evt_0123456789abcdef01234567',
  type: 'monitor.changed',
  destination: DST,
  url: DESTINATION.url,
  status: 'dead_lettered',
  createdAt: T,
  updatedAt: T,
  deliveredAt: null,
  nextAttemptAt: null,
  attemptCount: 2,
  attempts: [
    { at: T, httpStatus: 500, error: null, durationMs: 12 },
    { at: T, httpStatus: null, error: 'connection refused', durationMs: 3 },
  ],
};

const list = (data: unknown[], nextCursor: string | null = null) => ({ object: 'list', data, nextCursor, hasMore: nextCursor !== null });



const surface = { client: () => createClient({ env: {} }), mask: true };
const tool = (name: string) => MONITOR_TOOLS.find((t) => t.name === name)!;
const valid = (schema: JsonSchema, value: unknown) => new Validator(schema, '2020-12', false).validate(value).valid;

// [tool, arguments, the API's answer, the request sent (method, path, body), the summary]
const CASES: Array<[string, JsonObject, unknown, [string, string, unknown], string]> = [
  ['monitor_create', { url: MONITOR.url, intervalMinutes: 5, destinations: [DST] }, MONITOR, ['POST', '/v1/monitors', { url: MONITOR.url, intervalMinutes: 5, destinations: [DST] }],
    `monitor ${MON} of https://shop.example/p/1: active, every 5 min, revision 2, next run 2026-11-23T12:05:00.000Z`],
  ['monitor_get', { id: MON }, { ...MONITOR, busy: true }, ['GET', `/v1/monitors/${MON}`, undefined],
    `monitor ${MON} of https://shop.example/p/1: active, every 5 min, revision 2, next run 2026-11-23T12:05:00.000Z, a run in progress`],
  ['monitor_list', { limit: 2, cursor: 'c1' }, list([MONITOR], 'c2'), ['GET', '/v1/monitors?limit=2&cursor=c1', undefined], '1 monitor, more ready; next cursor c2'],
  ['monitor_update', { id: MON, revision: 2, intervalMinutes: 60 }, { ...MONITOR, revision: 3, intervalMinutes: 60 }, ['PATCH', `/v1/monitors/${MON}`, { revision: 2, intervalMinutes: 60 }],
    `monitor ${MON} of https://shop.example/p/1: active, every 60 min, revision 3, next run 2026-11-23T12:05:00.000Z`],
  ['monitor_pause', { id: MON }, { ...MONITOR, status: 'paused', nextRunAt: null }, ['POST', `/v1/monitors/${MON}/pause`, undefined],
    `monitor ${MON} of https://shop.example/p/1: paused, every 5 min, revision 2`],
  ['monitor_resume', { id: MON }, MONITOR, ['POST', `/v1/monitors/${MON}/resume`, undefined], `monitor ${MON} of https://shop.example/p/1: active, every 5 min, revision 2, next run 2026-11-23T12:05:00.000Z`],
  ['monitor_delete', { id: MON }, { id: MON, object: 'monitor', deleted: true }, ['DELETE', `/v1/monitors/${MON}`, undefined], `deleted monitor ${MON}`],
  ['monitor_run', { id: MON }, { ...RUN_RECORD, status: 'queued', startedAt: null, completedAt: null, change: null, result: null }, ['POST', `/v1/monitors/${MON}/runs`, undefined],
    `run ${RUN} of monitor ${MON}: queued`],
  ['monitor_runs', { id: MON }, list([RUN_RECORD, RUN_RECORD]), ['GET', `/v1/monitors/${MON}/runs`, undefined], '2 runs; no more pages'],
  ['monitor_run_get', { id: MON, runId: RUN }, RUN_RECORD, ['GET', `/v1/monitors/${MON}/runs/${RUN}`, undefined],
    `run ${RUN} of monitor ${MON}: completed (page success), changed: Markdown and JSON (2 fields)`],
  ['destination_create', { url: DESTINATION.url, events: DESTINATION.events }, DESTINATION, ['POST', '/v1/destinations', { url: DESTINATION.url, events: DESTINATION.events }],
    `destination ${DST} for http://127.0.0.1:9/hook: monitor.changed, monitor.run.completed; its signing secret is in this result only`],
  ['destination_list', {}, list([DESTINATION_LISTED]), ['GET', '/v1/destinations', undefined], '1 destination; no more pages'],
  ['destination_delete', { id: DST }, { id: DST, object: 'destination', deleted: true }, ['DELETE', `/v1/destinations/${DST}`, undefined], `deleted destination ${DST}`],
  ['delivery_list', { status: 'dead_lettered', destination: DST, limit: 10 }, list([DELIVERY]), ['GET', `/v1/deliveries?status=dead_lettered&destination=${DST}&limit=10`, undefined],
    '1 delivery; no more pages'],
  ['delivery_get', { id: DLV }, DELIVERY, ['GET', `/v1/deliveries/${DLV}`, undefined],
    `delivery ${DLV} (monitor.changed) to http://127.0.0.1:9/hook: dead_lettered, 2 attempts; last attempt: connection refused`],
  ['delivery_retry', { id: DLV }, { ...DELIVERY, status: 'pending', attempts: [DELIVERY.attempts[0]] }, ['POST', `/v1/deliveries/${DLV}/retry`, undefined],
    `delivery ${DLV} (monitor.changed) to http://127.0.0.1:9/hook: pending, 2 attempts; last attempt: 500`],
];

describe('monitor, destination and delivery tools', () => {
  it('covers every tool once', () => {
    expect(CASES.map((c) => c[0])).toEqual(MONITOR_TOOLS.map((t) => t.name));
  });

  it.each(CASES)('%s: the REST call, structuredContent unchanged, the summary', async (name, args, answer, [method, path, body], summary) => {
    const t = tool(name);
    expect(valid(t.inputSchema, args)).toBe(true);
    expect(valid(t.outputSchema, answer)).toBe(true);
    const { client, sent } = fakeApi(200, answer);
    const r = await callTool(surface, client, name, args);
    expect(sent).toEqual([{ method, url: `http://api.test${path}`, body }]);
    expect(r.structuredContent).toEqual(answer);
    expect(r.content).toEqual([{ type: 'text', text: summary }]);
  });

  it('output schemas refuse records of another kind', () => {
    expect(valid(tool('monitor_get').outputSchema, RUN_RECORD)).toBe(false);
    expect(valid(tool('monitor_run_get').outputSchema, MONITOR)).toBe(false);
    expect(valid(tool('delivery_get').outputSchema, { ...DELIVERY, status: 'failed' })).toBe(false);
  });

  it('id tools refuse names they do not send; body tools leave that to the API', () => {
    expect(() => toolArguments(tool('monitor_get'), { id: MON, revision: 1 })).toThrow('unsupported parameter: revision');
    expect(() => toolArguments(tool('destination_list'), { limit: 5 })).toThrow('unsupported parameter: limit');
    expect(toolArguments(tool('monitor_update'), { id: MON, revision: 1, cron: 'x' })).toEqual({ id: MON, revision: 1, cron: 'x' });
  });
});

describe('errors in the existing shape', () => {
  it('a stale revision: conflict on PATCH, with the path', async () => {
    const { client } = fakeApi(409, { error: 'revision 1 is not the current revision 2', code: 'conflict' });
    const err = await callTool(surface, client, 'monitor_update', { id: MON, revision: 1, intervalMinutes: 9 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProtocolError);
    expect((err as ProtocolError).message).toBe(`conflict: PATCH /v1/monitors/${MON} failed: 409 {"error":"revision 1 is not the current revision 2","code":"conflict"}`);
    expect((err as ProtocolError).data).toEqual({ code: 'conflict', status: 409 });
  });

  it('a missing destination: not_found on DELETE', async () => {
    const { client } = fakeApi(404, { error: `destination not found: ${DST}`, code: 'not_found' });
    const err = (await callTool(surface, client, 'destination_delete', { id: DST }).catch((e: unknown) => e)) as ProtocolError;
    expect(err.message).toBe(`not_found: DELETE /v1/destinations/${DST} failed: 404 {"error":"destination not found: ${DST}","code":"not_found"}`);
  });

  it('a missing id or runId is refused before any request, naming the call', async () => {
    const { client, sent } = fakeApi(200, {});
    const err = (await callTool(surface, client, 'monitor_run_get', { id: MON }).catch((e: unknown) => e)) as ProtocolError;
    expect(err.message).toBe(`invalid_request: GET /v1/monitors/${MON}/runs/:runId failed: 400 {"error":"runId is required: a run id","code":"invalid_request"}`);
    const noId = (await callTool(surface, client, 'monitor_update', { revision: 1 }).catch((e: unknown) => e)) as ProtocolError;
    expect(noId.data).toEqual({ code: 'invalid_request', status: 400 });
    expect(noId.message).toContain('PATCH /v1/monitors/:id failed: 400');
    expect(sent).toEqual([]);
  });

  it('a non-string filter is refused with the API\'s message', async () => {
    const { client, sent } = fakeApi(200, list([]));
    const err = (await callTool(surface, client, 'delivery_list', { status: 3 }).catch((e: unknown) => e)) as ProtocolError;
    expect(err.message).toContain('"status must be one of pending, delivered, dead_lettered"');
    expect(sent).toEqual([]);
  });
});
