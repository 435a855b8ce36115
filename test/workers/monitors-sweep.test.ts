/// <reference types="@cloudflare/vitest-plugin/types" />
// The safety sweep of monitors and deliveries inside workerd (decision D269): work a crash left behind — a run whose
// message was lost, a run leased by a dead process, events not yet handed to the ledger, a delivery whose message
// was lost — is picked up by the scheduled sweep, and each run and event is still recorded once.
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ledgerStub, monitorStub } from '../../durable-objects/monitor-stubs.ts';
import { sweepHooks } from '../../workers/monitors.ts';
import { api, env, FIXTURE, waitFor } from './helpers.ts';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('monitor and delivery sweep', () => {
  it('sends again a run whose message was lost, and one whose lease died with its process', async () => {
    const { body: m } = await api('POST', '/v1/monitors', { url: `${FIXTURE}/site/4`, intervalMinutes: 60, formats: ['markdown'] });
    await waitFor(`/v1/monitors/${m.id}`, (r) => r.lastRun?.status === 'completed');
    const startedAt = Date.now();
    // As a crash leaves it: run 2 queued but its message gone; run 3 would be leased by a process that died.
    await runInDurableObject(monitorStub(env, m.id), (_i, state) => {
      state.storage.sql.exec("INSERT INTO runs (id, trigger, status, queued_at, sent_at) VALUES ('run_lost', 'request', 'queued', 0, 0)");
    });
    await sweepHooks(env, Date.now(), null);
    const lost = await waitFor(`/v1/monitors/${m.id}/runs/run_lost`, (r) => r.status === 'completed');
    expect(lost.change).toEqual({ changed: false, markdownChanged: false, jsonChanged: false, fields: [] });

    await runInDurableObject(monitorStub(env, m.id), (_i, state) => {
      state.storage.sql.exec(
        "INSERT INTO runs (id, trigger, status, queued_at, sent_at, started_at, lease_token, lease_at, lease_until, attempt) VALUES ('run_leased', 'request', 'running', ?, ?, ?, 'dead', ?, ?, 1)",
        startedAt - 5000, startedAt - 5000, startedAt - 5000, startedAt - 5000, startedAt + 600_000,
      );
    });
    // The ordinary sweep leaves a lease that has not lapsed; the restart sweep knows it died with the old process.
    await sweepHooks(env, Date.now(), null);
    await sleep(300);
    expect((await api('GET', `/v1/monitors/${m.id}/runs/run_leased`)).body.status).toBe('running');
    await sweepHooks(env, Date.now(), startedAt);
    const leased = await waitFor(`/v1/monitors/${m.id}/runs/run_leased`, (r) => r.status === 'completed');
    expect(leased.result.markdown).toContain('Fixture page number 4');
    const runs = (await api('GET', `/v1/monitors/${m.id}/runs?limit=100`)).body.data as Array<{ id: string }>;
    expect(runs.map((r) => r.id).filter((id) => id === 'run_lost' || id === 'run_leased')).toEqual(['run_lost', 'run_leased']);
  });

  it('hands over events a crash left in the monitor, once, and re-sends a delivery whose message was lost', async () => {
    const { body: d } = await api('POST', '/v1/destinations', { url: `${FIXTURE}/item/3`, events: ['monitor.run.completed'] });
    const { body: m } = await api('POST', '/v1/monitors', { url: `${FIXTURE}/site/5`, intervalMinutes: 60, destinations: [d.id] });
    await waitFor(`/v1/monitors/${m.id}`, (r) => r.lastRun?.status === 'completed');
    const list = async () => (await api('GET', `/v1/deliveries?destination=${d.id}`)).body.data as Array<{ id: string; eventId: string; status: string }>;
    const delivered = await waitFor(`/v1/deliveries?destination=${d.id}`, (r) => r.data[0]?.status === 'delivered', 10_000);
    const first = delivered.data[0] as { id: string; eventId: string; status: string };
    // The crash: the run's events were not marked handed over, and the delivery is pending with its message lost.
    await runInDurableObject(monitorStub(env, m.id), (_i, state) => {
      const event = { id: first.eventId, type: 'monitor.run.completed', createdAt: new Date().toISOString(), data: {} };
      state.storage.sql.exec('UPDATE runs SET events = ?', JSON.stringify([event]));
    });
    await runInDurableObject(ledgerStub(env), (_i, state) => {
      state.storage.sql.exec("UPDATE deliveries SET status = 'pending', attempts = '[]', delivered_at = NULL, next_at = 0, sent_at = 0 WHERE id = ?", first.id);
    });
    await sweepHooks(env, Date.now(), null);
    const again = await waitFor(`/v1/deliveries/${first.id}`, (r) => r.status === 'delivered');
    expect(again.attempts).toHaveLength(1);
    // The event handed over again is the one the ledger holds: still one delivery for it.
    expect((await list()).filter((x) => x.eventId === first.eventId)).toHaveLength(1);
  });
});
