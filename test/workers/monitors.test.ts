/// <reference types="@cloudflare/vitest-plugin/types" />
// Monitors, destinations and deliveries inside workerd: the routes, the monitor object's alarm and runs through the
// WORK queue, the delivery ledger, the deliveries queue and its dead-letter queue. Webhooks go to the fixture host
// of test/workers/outbound.ts: `/item/<n>` answers 200 to any method, `/missing` 404. SVC_DELIVERY_MAX_ATTEMPTS=3
// and SVC_DELIVERY_BACKOFF_MS=50 (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { api, deliver, env, FIXTURE, waitFor } from './helpers.ts';

async function destination(path: string, events?: string[]): Promise<string> {
  const { status, body } = await api('POST', '/v1/destinations', { url: `${FIXTURE}${path}`, ...(events && { events }) });
  expect(status).toBe(201);
  expect(body.secret).toMatch(/^whsec_/);
  return body.id as string;
}

describe('monitors in the Workers runtime', () => {
  it('runs at once by its alarm, records each run once, compares with the previous run and emits events', async () => {
    const dst = await destination('/item/1');
    const created = await api('POST', '/v1/monitors', { url: `${FIXTURE}/site/1`, intervalMinutes: 60, formats: ['markdown'], destinations: [dst] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'monitor', status: 'active', revision: 1, intervalMinutes: 60, destinations: [dst] });
    const id = created.body.id as string;
    const first = await waitFor(`/v1/monitors/${id}`, (m) => m.lastRun?.status === 'completed');
    expect(first.lastRun).toMatchObject({ trigger: 'schedule', change: null });
    expect(Date.parse(first.nextRunAt) - Date.parse(first.createdAt)).toBeGreaterThanOrEqual(3_599_000);

    const run = await api('POST', `/v1/monitors/${id}/runs`);
    expect(run.status).toBe(201);
    expect(run.body).toMatchObject({ object: 'monitor_run', status: 'queued', trigger: 'request', result: null });
    // A duplicate message of the same run is recorded once.
    const seq = 2;
    await deliver('capture-work', [{ v: 1, kind: 'monitor_run', taskId: id, index: seq }]);
    const done = await waitFor(`/v1/monitors/${id}/runs/${run.body.id}`, (r) => r.status === 'completed');
    expect(done.change).toEqual({ changed: false, markdownChanged: false, jsonChanged: false, fields: [] });
    expect(done.result.markdown).toContain('Fixture page number 1');
    expect(done.result.evidenceRecord.outputSha256.markdown).toMatch(/^[0-9a-f]{64}$/);
    const runs = await api('GET', `/v1/monitors/${id}/runs?limit=1`);
    expect(runs.body).toMatchObject({ object: 'list', hasMore: true });
    const rest = await api('GET', `/v1/monitors/${id}/runs?limit=5&cursor=${runs.body.nextCursor}`);
    expect([...runs.body.data, ...rest.body.data].map((r: { id: string }) => r.id)).toEqual([first.lastRun.id, run.body.id]);

    // Two runs, each one monitor.run.completed: two deliveries to the destination, both delivered.
    const list = async () => (await api('GET', `/v1/deliveries?destination=${dst}&limit=100`)).body.data as Array<{ status: string; type: string; eventId: string }>;
    await waitFor(`/v1/monitors/${id}`, () => true);
    const until = Date.now() + 20_000;
    while ((await list()).filter((d) => d.status === 'delivered').length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const deliveries = await list();
    expect(deliveries.map((d) => [d.type, d.status])).toEqual([['monitor.run.completed', 'delivered'], ['monitor.run.completed', 'delivered']]);
    expect(new Set(deliveries.map((d) => d.eventId)).size).toBe(2);
  });

  it('answers conflict for a stale revision, a run on a paused or unknown monitor, and not_found for unknown ids', async () => {
    const { body: m } = await api('POST', '/v1/monitors', { url: `${FIXTURE}/site/2`, intervalMinutes: 5 });
    await waitFor(`/v1/monitors/${m.id}`, (r) => r.lastRun?.status === 'completed');
    const ok = await api('PATCH', `/v1/monitors/${m.id}`, { revision: 1, intervalMinutes: 10 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ revision: 2, intervalMinutes: 10 });
    const stale = await api('PATCH', `/v1/monitors/${m.id}`, { revision: 1, intervalMinutes: 20 });
    expect(stale).toMatchObject({ status: 409, body: { code: 'conflict' } });

    const paused = await api('POST', `/v1/monitors/${m.id}/pause`);
    expect(paused.body).toMatchObject({ status: 'paused', nextRunAt: null, revision: 3 });
    expect((await api('POST', `/v1/monitors/${m.id}/runs`)).status).toBe(409);
    const resumed = await api('POST', `/v1/monitors/${m.id}/resume`);
    expect(resumed.body).toMatchObject({ status: 'active', revision: 4 });

    expect((await api('POST', '/v1/monitors/monitor_000000000000000000000000/runs')).body.code).toBe('conflict');
    expect((await api('POST', '/v1/monitors/nope/runs')).status).toBe(409);
    expect((await api('GET', '/v1/monitors/monitor_000000000000000000000000')).status).toBe(404);
    expect((await api('PATCH', '/v1/monitors/monitor_000000000000000000000000', { revision: 1 })).status).toBe(404);
    expect((await api('POST', '/v1/monitors', { url: `${FIXTURE}/x`, intervalMinutes: 1, destinations: ['dst_000000000000000000000000'] })).status).toBe(400);

    expect((await api('DELETE', `/v1/monitors/${m.id}`)).status).toBe(200);
    expect((await api('GET', `/v1/monitors/${m.id}`)).status).toBe(404);
    const listed = await api('GET', '/v1/monitors?limit=100');
    expect(listed.body.data.map((x: { id: string }) => x.id)).not.toContain(m.id);
  });

  it('answers bad input with the error table, never internal_error', async () => {
    const cases: Array<[string, string, unknown, number, string]> = [
      ['POST', '/v1/monitors', '{"url":', 400, 'invalid_json'],
      ['POST', '/v1/monitors', { url: `${FIXTURE}/x`, intervalMinutes: 1, every: 5 }, 400, 'unsupported_parameter'],
      ['POST', '/v1/monitors', { url: `${FIXTURE}/x` }, 400, 'invalid_request'],
      ['POST', '/v1/monitors', { url: `${FIXTURE}/x`, intervalMinutes: 1, formats: ['html'] }, 400, 'unsupported_format'],
      ['GET', '/v1/monitors?cursor=bogus', undefined, 400, 'invalid_request'],
      ['GET', '/v1/monitors?limit=0', undefined, 400, 'invalid_request'],
      ['POST', '/v1/destinations', { url: 'mailto:a@b.test' }, 400, 'invalid_request'],
      ['POST', '/v1/destinations', { url: `${FIXTURE}/h`, events: [] }, 400, 'invalid_request'],
      ['GET', '/v1/destinations/dst_000000000000000000000000', undefined, 404, 'not_found'],
      ['DELETE', '/v1/destinations/whatever', undefined, 404, 'not_found'],
      ['GET', '/v1/deliveries?status=lost', undefined, 400, 'invalid_request'],
      ['GET', '/v1/deliveries?destination=x', undefined, 400, 'invalid_request'],
      ['GET', '/v1/deliveries?page=2', undefined, 400, 'unsupported_parameter'],
      ['GET', '/v1/deliveries/dlv_000000000000000000000000', undefined, 404, 'not_found'],
      ['POST', '/v1/deliveries/dlv_000000000000000000000000/retry', { force: true }, 400, 'unsupported_parameter'],
      ['GET', '/v1/monitors/monitor_000000000000000000000000/runs/run_x', undefined, 404, 'not_found'],
    ];
    for (const [method, path, body, status, code] of cases) {
      const r = await api(method, path, body);
      expect([method, path, r.status, r.body?.code]).toEqual([method, path, status, code]);
    }
  });

  it('emits batch.completed and crawl.completed to the destinations a batch or crawl names', async () => {
    const dst = await destination('/item/2', ['batch.completed', 'crawl.completed']);
    const batch = await api('POST', '/v1/batches', { urls: [`${FIXTURE}/item/7`], destinations: [dst] });
    expect(batch.status).toBe(201);
    await waitFor(`/v1/batches/${batch.body.id}`, (r) => r.status === 'completed');
    const crawl = await api('POST', '/v1/crawls', { url: `${FIXTURE}/site/0`, maxPages: 2, destinations: [dst] });
    expect(crawl.status).toBe(201);
    await waitFor(`/v1/crawls/${crawl.body.id}`, (r) => r.status === 'completed');
    const until = Date.now() + 20_000;
    let list: Array<{ id: string; type: string; status: string }> = [];
    while (Date.now() < until) {
      list = (await api('GET', `/v1/deliveries?destination=${dst}`)).body.data;
      if (list.length === 2 && list.every((d) => d.status === 'delivered')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(list.map((d) => [d.type, d.status])).toEqual([['batch.completed', 'delivered'], ['crawl.completed', 'delivered']]);
    expect((await api('POST', '/v1/batches', { urls: [`${FIXTURE}/item/8`], destinations: ['nope'] })).status).toBe(400);
  });

  it('retries a failing delivery with backoff, dead-letters it after the last attempt, and re-sends it on retry', async () => {
    const dst = await destination('/missing', ['monitor.run.completed']);
    const { body: m } = await api('POST', '/v1/monitors', { url: `${FIXTURE}/site/3`, intervalMinutes: 60, destinations: [dst] });
    const find = async () => ((await api('GET', `/v1/deliveries?destination=${dst}`)).body.data as Array<{ id: string }>)[0];
    const until = Date.now() + 20_000;
    while (!(await find()) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const { id } = await find();
    const dead = await waitFor(`/v1/deliveries/${id}`, (d) => d.status === 'dead_lettered');
    expect(dead.attempts).toHaveLength(3);
    for (const a of dead.attempts) expect(a).toMatchObject({ httpStatus: 404, error: expect.stringContaining('HTTP 404') });
    expect(dead.attempts.every((a: { durationMs: number }) => a.durationMs >= 0)).toBe(true);
    expect((await api('GET', `/v1/deliveries?status=dead_lettered&destination=${dst}`)).body.data).toHaveLength(1);

    const retried = await api('POST', `/v1/deliveries/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('pending');
    const again = await waitFor(`/v1/deliveries/${id}`, (d) => d.status === 'dead_lettered');
    expect(again.attempts).toHaveLength(6);
    expect(again.eventId).toBe(dead.eventId);
    expect((await api('GET', `/v1/monitors/${m.id}`)).status).toBe(200);

    expect((await api('POST', '/v1/deliveries/dlv_000000000000000000000000/retry')).status).toBe(404);
    expect((await api('DELETE', `/v1/destinations/${dst}`)).status).toBe(200);
    expect((await api('GET', `/v1/destinations/${dst}`)).status).toBe(404);
  });
});
