/// <reference types="@cloudflare/vitest-plugin/types" />
// The task registry and the scheduled sweep inside workerd.
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { batchStub, registryStub } from '../../durable-objects/stubs.ts';
import { runtimeRecovery } from '../../workers/recovery.ts';
import { sweepTasks } from '../../workers/task-queue.ts';
import { ACCEPT_LEASE_MS, MAX_ACTIVE_BATCHES } from '../../src/tasks/settings.ts';
import { api, env, FIXTURE, readAll, waitFor } from './helpers.ts';

function registryNamed(name: string) {
  return env.REGISTRY.get(env.REGISTRY.idFromName(name));
}

describe('task registry', () => {
  it('refuses a batch while another is being accepted, until that acceptance lapses', async () => {
    const reg = registryNamed('accepting-test');
    const t = 1_000_000;
    expect(await reg.admitBatch('batch_a', t)).toEqual({ ok: true });
    expect(await reg.admitBatch('batch_b', t + 10)).toMatchObject({ ok: false, message: expect.stringMatching(/being accepted/) });
    expect(await reg.admitBatch('batch_b', t + ACCEPT_LEASE_MS + 1)).toEqual({ ok: true });
    expect(await reg.admitBatch('batch_c', t + ACCEPT_LEASE_MS + 2)).toMatchObject({ ok: false });
    await reg.accepted('batch_b');
    expect(await reg.admitBatch('batch_c', t + ACCEPT_LEASE_MS + 3)).toEqual({ ok: true });
  });

  it(`refuses the batch after ${MAX_ACTIVE_BATCHES} active ones, and admits again after a release`, async () => {
    const reg = registryNamed('limit-test');
    for (let i = 0; i < MAX_ACTIVE_BATCHES; i++) {
      expect(await reg.admitBatch(`batch_${i}`, i)).toEqual({ ok: true });
      await reg.accepted(`batch_${i}`);
    }
    expect(await reg.admitBatch('batch_x', 100)).toMatchObject({ ok: false, message: expect.stringMatching(/active-batch limit/) });
    await reg.release('batch_3');
    expect(await reg.admitBatch('batch_x', 101)).toEqual({ ok: true });
    expect((await reg.list()).map((e) => e.id)).toContain('batch_x');
  });
});

describe('scheduled sweep', () => {
  it('sends again the items whose messages were lost and the batch completes', async () => {
    const { body } = await api('POST', '/v1/batches', { urls: [`${FIXTURE}/item/1`, `${FIXTURE}/item/2`, `${FIXTURE}/slow/300`] });
    const stub = batchStub(env, body.id);
    await waitFor(`/v1/batches/${body.id}`, (r) => r.status === 'completed');
    // Simulate a crash that lost two messages and one result: put the units back to "queued long ago".
    await runInDurableObject(stub, (_instance, state) => {
      state.storage.sql.exec('DELETE FROM log WHERE idx IN (0, 2)');
      state.storage.sql.exec("UPDATE units SET state = 'queued', due_at = 0 WHERE idx IN (0, 2)");
      state.storage.sql.exec("UPDATE batch SET status = 'running', completed_at = NULL");
    });
    // The batch was released when it first completed; the registry must list it for the sweep to find it.
    await runInDurableObject(registryStub(env), (_i, state) => {
      state.storage.sql.exec("INSERT OR IGNORE INTO tasks (id, kind, accepting, since) VALUES (?, 'batch', 0, 0)", body.id);
    });
    await sweepTasks(env);
    const record = await waitFor(`/v1/batches/${body.id}`, (r) => r.status === 'completed');
    expect(record.done).toBe(3);
    const items = await readAll(`/v1/batches/${body.id}/items`, 2);
    expect(items.map((i) => i.index).sort()).toEqual([0, 1, 2]);
    // A completed task leaves the registry on the next sweep.
    await sweepTasks(env);
    expect((await registryStub(env).list()).map((e) => e.id)).not.toContain(body.id);
  });
});

describe('recovery after a restart (decision D223)', () => {
  it('sends again at once the work a previous process held, which the ordinary sweep would still wait for', async () => {
    const { body } = await api('POST', '/v1/batches', { urls: [`${FIXTURE}/item/11`, `${FIXTURE}/item/12`, `${FIXTURE}/item/13`] });
    await waitFor(`/v1/batches/${body.id}`, (r) => r.status === 'completed');
    const stub = batchStub(env, body.id);
    const startedAt = Date.now();
    // As a kill -9 leaves it: one message sent for later (not stale yet), one lease far from lapsing, both before the
    // new process started.
    await runInDurableObject(stub, (_instance, state) => {
      state.storage.sql.exec('DELETE FROM log WHERE idx IN (0, 1)');
      state.storage.sql.exec("UPDATE units SET state = 'queued', due_at = ?, sent_at = ? WHERE idx = 0", startedAt + 600_000, startedAt - 5000);
      state.storage.sql.exec("UPDATE units SET state = 'leased', lease_until = ?, lease_token = 'dead', sent_at = ? WHERE idx = 1", startedAt + 600_000, startedAt - 5000);
      state.storage.sql.exec("UPDATE batch SET status = 'running', completed_at = NULL");
    });
    await runInDurableObject(registryStub(env), (_i, state) => {
      state.storage.sql.exec("INSERT OR IGNORE INTO tasks (id, kind, accepting, since) VALUES (?, 'batch', 0, 0)", body.id);
    });
    await sweepTasks(env);
    expect((await api('GET', `/v1/batches/${body.id}`)).body).toMatchObject({ status: 'running', done: 1 });

    await sweepTasks(env, Date.now(), startedAt);
    const record = await waitFor(`/v1/batches/${body.id}`, (r) => r.status === 'completed');
    expect(record).toMatchObject({ done: 3, counts: { success: 3 } });
    expect((await readAll(`/v1/batches/${body.id}/items`, 10)).map((i) => i.index).sort()).toEqual([0, 1, 2]);
  });

  it('gives the boundary once, to the first scheduled run of a fresh local runtime: its first invocation', () => {
    const local = runtimeRecovery();
    local.seen(1000);
    local.seen(2000);
    expect(local.lostBefore(true, 3000)).toBe(1000);
    expect(local.lostBefore(true, 4000)).toBeNull();
    // Deployed (not local): queues are durable and isolates come and go, so a fresh one loses nothing.
    const deployed = runtimeRecovery();
    deployed.seen(1000);
    expect(deployed.lostBefore(false, 3000)).toBeNull();
  });

  it('leaves a registry entry of an unknown kind alone instead of treating it as a batch (D221)', async () => {
    await runInDurableObject(registryStub(env), (_i, state) => {
      state.storage.sql.exec("INSERT OR IGNORE INTO tasks (id, kind, accepting, since) VALUES ('someday_x', 'someday', 0, 0)");
    });
    await sweepTasks(env);
    expect((await registryStub(env).list()).find((e) => e.id === 'someday_x')).toMatchObject({ kind: 'someday' });
    await registryStub(env).release('someday_x');
  });
});
