// Issue 14 through the real local service and the SDK: a monitor on a fixture product page runs at once, the page's
// price changes, and the next run, started by the scheduler without any request, emits monitor.changed with the
// changed JSON field to a real webhook receiver that checks the Standard Webhooks signature itself. Also revision
// conflicts, pause/resume, and run-now conflicts (paused, busy, unknown).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, SvcError, type MonitorRun, type SvcClient } from '../../packages/sdk/src/index.ts';
import { fixture, product } from '../fixtures/json/helpers.ts';
import { expectValidEvidenceRecord } from '../helpers/evidence-schema.ts';
import { removeDataDir, startService, type Service } from '../helpers/service.ts';
import { html, startSite, text, type Site } from '../helpers/site.ts';
import { until } from '../helpers/tasks.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

let svc: Service;
let site: Site;
let rx: Receiver;
let client: SvcClient;
let price = '1299';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const page = () => fixture('product-jsonld.html').replaceAll('1299', price).replaceAll('1.299', price === '1299' ? '1.299' : '1.199');

async function conflict(call: Promise<unknown>): Promise<string> {
  const err = await call.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(SvcError);
  expect((err as SvcError).status).toBe(409);
  expect((err as SvcError).code).toBe('conflict');
  return (err as SvcError).message;
}

beforeAll(async () => {
  site = await startSite({
    '/robots.txt': text('User-agent: *\nAllow: /\n', 'text/plain'),
    '/product': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page());
    },
    '/slow': async (_req, res) => {
      await sleep(4000);
      html('<!doctype html><html><head><title>Slow</title></head><body><main><h1>Slow</h1><p>A page that answers slowly on purpose.</p></main></body></html>')(_req, res, site);
    },
  });
  rx = await startReceiver();
  // The cron sweep every 2 s stands in for Cloudflare's minute; the monitor's own alarm starts its runs.
  svc = await startService({ env: { SVC_SCHEDULER_INTERVAL_MS: '2000', SVC_DELIVERY_BACKOFF_MS: '200' } });
  client = createClient({ baseUrl: svc.base });
});

afterAll(async () => {
  await svc?.stop();
  if (svc) removeDataDir(svc.dataDir);
  await site?.close();
  await rx?.close();
});

let scheduled: { id: string; firstRun: MonitorRun };

describe('monitors', () => {
  it('runs a new monitor at once and records the run with its scrape result', async () => {
    const dst = await client.createDestination(rx.url, { events: ['monitor.changed', 'monitor.run.completed'] });
    rx.secret = dst.secret;
    expect((await client.listDestinations()).data.map((d) => d.id)).toContain(dst.id);
    expect(JSON.stringify(await client.listDestinations())).not.toContain(dst.secret);
    const m = await client.createMonitor(`${site.origin}/product`, {
      intervalMinutes: 1,
      formats: ['markdown', { type: 'json', schema: product }],
      destinations: [dst.id],
    });
    expect(m).toMatchObject({ object: 'monitor', status: 'active', revision: 1, lastRun: null });
    const runs = await until('the first run', async () => {
      const list = await client.listMonitorRuns(m.id);
      return list.data[0]?.status === 'completed' ? list.data : null;
    }, 60_000, 250);
    const first = runs[0];
    expect(first).toMatchObject({ trigger: 'schedule', change: null });
    expect(first.result?.json?.data).toMatchObject({ price: 1299 });
    expectValidEvidenceRecord(first.result?.evidenceRecord);
    scheduled = { id: m.id, firstRun: first };
    // The page changes; the next run is the scheduler's (checked in the last test, after a minute).
    price = '1199';
  });

  it('refuses a stale revision and a change or run while a run is in progress', async () => {
    const m = await client.createMonitor(`${site.origin}/slow`, { intervalMinutes: 60, formats: ['markdown'] });
    // The first run starts at once and takes 4 s; a run-now either started it or finds it in progress.
    await client.runMonitor(m.id).catch((e: unknown) => expect((e as SvcError).status).toBe(409));
    expect(await conflict(client.runMonitor(m.id))).toContain('in progress');
    expect(await conflict(client.updateMonitor(m.id, { revision: 1, intervalMinutes: 30 }))).toContain('in progress');
    await until('the slow run', async () => !(await client.getMonitor(m.id)).busy, 60_000, 250);
    const updated = await client.updateMonitor(m.id, { revision: 1, intervalMinutes: 30 });
    expect(updated).toMatchObject({ revision: 2, intervalMinutes: 30 });
    expect(await conflict(client.updateMonitor(m.id, { revision: 1, intervalMinutes: 15 }))).toContain('revision 1');
    await client.deleteMonitor(m.id);
  });

  it('pauses and resumes; a run on a paused or unknown monitor is a conflict', async () => {
    const m = await client.createMonitor(`${site.origin}/product`, { intervalMinutes: 60 });
    const paused = await client.pauseMonitor(m.id);
    expect(paused).toMatchObject({ status: 'paused', nextRunAt: null, revision: 2 });
    expect(await conflict(client.runMonitor(m.id))).toContain('paused');
    const resumed = await client.resumeMonitor(m.id);
    expect(resumed).toMatchObject({ status: 'active', revision: 3 });
    expect(resumed.nextRunAt).not.toBeNull();
    await conflict(client.runMonitor('monitor_0123456789abcdef01234567'));
    const missing = await client.getMonitor('monitor_0123456789abcdef01234567').catch((e: unknown) => e);
    expect((missing as SvcError).status).toBe(404);
    expect((await client.listMonitors({ limit: 100 })).data.map((x) => x.id)).toContain(m.id);
    await client.deleteMonitor(m.id);
    expect((await client.listMonitors({ limit: 100 })).data.map((x) => x.id)).not.toContain(m.id);
  });

  it('runs again when the interval has elapsed, without any request, and emits monitor.changed with the changed field', async () => {
    const second = await until('the scheduled second run', async () => {
      const list = await client.listMonitorRuns(scheduled.id);
      return list.data.length >= 2 && list.data[1].status === 'completed' ? list.data[1] : null;
    }, 120_000, 250);
    expect(second.trigger).toBe('schedule');
    expect(Date.parse(second.queuedAt) - Date.parse(scheduled.firstRun.queuedAt)).toBeGreaterThanOrEqual(59_000);
    expect(second.result?.json?.data).toMatchObject({ price: 1199 });
    expect(second.change).toMatchObject({ changed: true, jsonChanged: true });
    expect(second.change?.fields).toContain('/price');

    const changed = await until('monitor.changed at the receiver', async () => rx.accepted().find((r) => r.body.type === 'monitor.changed'), 30_000, 250);
    expect(changed.webhookId).toBe(changed.body.id);
    expect(changed.body.data).toMatchObject({ monitorId: scheduled.id, change: { fields: second.change?.fields } });
    expect((changed.body.data.run as { id: string }).id).toBe(second.id);
    const completed = rx.accepted().filter((r) => r.body.type === 'monitor.run.completed');
    expect(completed.length).toBeGreaterThanOrEqual(2);
    expect(rx.received.every((r) => r.verified)).toBe(true);
  });
});
