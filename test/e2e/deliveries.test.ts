// Issue 14's deliveries through the real local service and the SDK, against a real receiver on loopback that checks
// every Standard Webhooks signature with its own code: a receiver that fails twice then recovers; a delivery
// dead-lettered after its last attempt, then retried with the same webhook-id and delivered; and a kill -9 of the
// service while deliveries are pending: after the restart every event arrives, under the id it had before.
// Short settings: 4 attempts, backoff 1 s (1 s, 2 s, 4 s).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, SvcError, type DeliveryRecord, type SvcClient } from '../../packages/sdk/src/index.ts';
import { removeDataDir, startService, type Service } from '../helpers/service.ts';
import { html, startSite, text, type Site } from '../helpers/site.ts';
import { until } from '../helpers/tasks.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

let svc: Service;
let site: Site;
let rx: Receiver;
let client: SvcClient;
let dst: string;

async function deliveries(): Promise<DeliveryRecord[]> {
  return (await client.listDeliveries({ destination: dst, limit: 100 })).data;
}

/** A monitor whose first run (at once) emits one monitor.run.completed: the delivery of that event. */
async function eventDelivery(known: number): Promise<DeliveryRecord> {
  await client.createMonitor(`${site.origin}/page`, { intervalMinutes: 60, formats: ['markdown'], destinations: [dst] });
  return until('a new delivery', async () => (await deliveries())[known], 60_000);
}

beforeAll(async () => {
  site = await startSite({
    '/robots.txt': text('User-agent: *\nAllow: /\n', 'text/plain'),
    '/page': html('<!doctype html><html><head><title>P</title></head><body><main><h1>Page</h1><p>A page for delivery tests.</p></main></body></html>'),
  });
  rx = await startReceiver();
  svc = await startService({
    env: { SVC_DELIVERY_MAX_ATTEMPTS: '4', SVC_DELIVERY_BACKOFF_MS: '1000', SVC_SCHEDULER_INTERVAL_MS: '2000', SVC_TASK_STALE_MS: '4000' },
  });
  client = createClient({ baseUrl: svc.base });
  const created = await client.createDestination(rx.url, { events: ['monitor.run.completed'], description: 'test receiver' });
  rx.secret = created.secret;
  dst = created.id;
});

afterAll(async () => {
  await svc?.stop();
  if (svc) removeDataDir(svc.dataDir);
  await site?.close();
  await rx?.close();
});

describe('deliveries', () => {
  it('retries a failing receiver with backoff until it answers 2xx, recording every attempt', async () => {
    rx.failNext(2);
    const d = await eventDelivery(0);
    const done = await until('delivered', async () => {
      const r = await client.getDelivery(d.id);
      return r.status === 'delivered' ? r : null;
    }, 60_000);
    expect(done.attempts.map((a) => a.httpStatus)).toEqual([500, 500, 200]);
    expect(done.attempts[0].error).toContain('HTTP 500');
    expect(done.attempts[2].error).toBeNull();
    for (const a of done.attempts) expect(a.durationMs).toBeGreaterThanOrEqual(0);
    // Backoff: the second retry waited about twice as long as the first (1 s, then 2 s; never less).
    const at = done.attempts.map((a) => Date.parse(a.at));
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(1000);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(2000);
    const seen = rx.received.filter((r) => r.body.id === done.eventId);
    expect(seen.map((r) => [r.webhookId, r.verified, r.status])).toEqual([
      [done.eventId, true, 500],
      [done.eventId, true, 500],
      [done.eventId, true, 200],
    ]);
    expect(seen[2].body).toMatchObject({ type: 'monitor.run.completed', data: { run: { status: 'completed' } } });
    const retry = await client.retryDelivery(d.id).catch((e: unknown) => e);
    expect((retry as SvcError).status).toBe(409);
  });

  it('dead-letters after the last attempt; a retry re-sends it with the same webhook-id', async () => {
    rx.failAll(true);
    const d = await eventDelivery((await deliveries()).length);
    const dead = await until('dead-lettered', async () => {
      const r = await client.getDelivery(d.id);
      return r.status === 'dead_lettered' ? r : null;
    }, 60_000);
    expect(dead.attempts).toHaveLength(4);
    expect((await client.listDeliveries({ status: 'dead_lettered', destination: dst })).data.map((x) => x.id)).toEqual([d.id]);
    rx.failAll(false);
    expect((await client.retryDelivery(d.id)).status).toBe('pending');
    const done = await until('delivered after retry', async () => {
      const r = await client.getDelivery(d.id);
      return r.status === 'delivered' ? r : null;
    }, 30_000);
    expect(done.attempts).toHaveLength(5);
    const seen = rx.received.filter((r) => r.body.id === d.eventId);
    expect(seen).toHaveLength(5);
    expect(new Set(seen.map((r) => r.webhookId))).toEqual(new Set([d.eventId]));
    expect(seen.at(-1)?.status).toBe(200);
  });

  it('delivers every pending event after a kill -9 and restart, under the same ids', async () => {
    rx.failAll(true);
    const before = (await deliveries()).length;
    const pending: DeliveryRecord[] = [];
    for (let i = 0; i < 3; i++) pending.push(await eventDelivery(before + i));
    // Each has failed at least once and waits for its retry when the service dies.
    await until('a failed attempt each', async () => {
      const all = await Promise.all(pending.map((d) => client.getDelivery(d.id)));
      return all.every((d) => d.attemptCount >= 1 && d.status === 'pending');
    }, 30_000);
    const idsBefore = new Set(rx.received.filter((r) => pending.some((d) => d.eventId === r.body.id)).map((r) => r.webhookId));
    expect(idsBefore).toEqual(new Set(pending.map((d) => d.eventId)));
    await svc.kill9();
    rx.failAll(false);
    svc = await startService({
      dataDir: svc.dataDir,
      env: { SVC_DELIVERY_MAX_ATTEMPTS: '4', SVC_DELIVERY_BACKOFF_MS: '1000', SVC_SCHEDULER_INTERVAL_MS: '2000', SVC_TASK_STALE_MS: '4000' },
    });
    client = createClient({ baseUrl: svc.base });
    const after = await until('every pending event delivered', async () => {
      const all = await Promise.all(pending.map((d) => client.getDelivery(d.id)));
      return all.every((d) => d.status === 'delivered') ? all : null;
    }, 90_000);
    for (const d of after) {
      const ok = rx.accepted().filter((r) => r.body.id === d.eventId);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(ok.every((r) => r.webhookId === d.eventId)).toBe(true);
    }
    // One delivery per event: the restart made no second delivery (or event id) for any of them.
    const all = await deliveries();
    expect(new Set(all.map((d) => d.eventId)).size).toBe(all.length);
  });
});
