/// <reference types="@cloudflare/vitest-plugin/types" />
// Batches inside workerd: the HTTP routes, the Durable Object, the WORK queue and its consumer, R2 offload and the
// dead-letter path, against the fixture host of test/workers/outbound.ts.
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { registryStub } from '../../durable-objects/stubs.ts';
import { createApp } from '../../src/http/app.ts';
import { newTaskId } from '../../src/tasks/ids.ts';
import { createOrRelease } from '../../src/tasks/store.ts';
import { taskStore } from '../../workers/env.ts';
import { api, deliver, env, FIXTURE, readAll, waitFor } from './helpers.ts';

describe('batches in the Workers runtime', () => {
  it('captures every URL once, invalid ones as invalid_url items, and pages them with a cursor', async () => {
    const urls = [...Array.from({ length: 9 }, (_, i) => `${FIXTURE}/item/${i}`), 'not a url', 'ftp://fixture.test/x'];
    const created = await api('POST', '/v1/batches', { urls, formats: ['markdown'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'batch', total: 11, options: { formats: [{ type: 'markdown' }], timeout: 30000, lane: 'auto', session: null } });
    expect(created.body.id).toMatch(/^batch_[0-9a-f]{24}$/);
    expect(['running', 'completed']).toContain(created.body.status);

    const id = created.body.id as string;
    const record = await waitFor(`/v1/batches/${id}`, (r) => r.status === 'completed');
    expect(record).toMatchObject({ total: 11, done: 11, counts: { success: 9, invalid_url: 2, failed: 0 } });
    expect(record.completedAt).not.toBeNull();

    const items = await readAll(`/v1/batches/${id}/items`, 4);
    expect(items.map((i) => i.index).sort((a, b) => a - b)).toEqual([...urls.keys()]);
    for (const item of items) {
      expect(item.url).toBe(urls[item.index]);
      expect(item.evidenceRecord.schemaVersion).toBe('svc.evidence/1');
      expect(item.links).toBeUndefined();
    }
    expect(items.find((i) => i.index === 9)).toMatchObject({ status: 'invalid_url' });
    expect(items.find((i) => i.index === 3).markdown).toContain('Batch fixture item 3');
  });

  it('records an item once however often its message is delivered', async () => {
    const urls = Array.from({ length: 6 }, (_, i) => `${FIXTURE}/item/${100 + i}`);
    const { body } = await api('POST', '/v1/batches', { urls });
    const dupes = urls.map((_, index) => ({ kind: 'batch_item', taskId: body.id, index }));
    await Promise.all([deliver('capture-work', dupes), deliver('capture-work', dupes)]);
    await waitFor(`/v1/batches/${body.id}`, (r) => r.status === 'completed');
    const items = await readAll(`/v1/batches/${body.id}/items`, 100);
    expect(items.map((i) => i.index).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('keeps a result above the row threshold in R2 and lists it like any other', async () => {
    const { body } = await api('POST', '/v1/batches', { urls: [`${FIXTURE}/big`, `${FIXTURE}/item/1`] });
    await waitFor(`/v1/batches/${body.id}`, (r) => r.status === 'completed');
    const listed = await env.FILES.list({ prefix: `results/${body.id}/` });
    expect(listed.objects.map((o) => o.key)).toEqual([`results/${body.id}/0-1.json`]);
    const items = await readAll(`/v1/batches/${body.id}/items`, 10);
    const big = items.find((i) => i.index === 0);
    expect(big.status).toBe('success');
    expect(big.markdown.length).toBeGreaterThan(1024 * 1024);
  });

  it('marks a dead-lettered item failed with delivery_failed, once', async () => {
    const { body } = await api('POST', '/v1/batches', { urls: [`${FIXTURE}/slow/1500`, `${FIXTURE}/item/7`] });
    await deliver('capture-work-dlq', [{ kind: 'batch_item', taskId: body.id, index: 0 }]);
    const record = await waitFor(`/v1/batches/${body.id}`, (r) => r.status === 'completed');
    expect(record.counts).toMatchObject({ failed: 1, success: 1 });
    // The real capture of the slow page finishes later and must not add a second entry.
    await new Promise((r) => setTimeout(r, 2000));
    const items = await readAll(`/v1/batches/${body.id}/items`, 10);
    expect(items).toHaveLength(2);
    const failed = items.find((i) => i.index === 0);
    expect(failed).toMatchObject({ status: 'failed', reason: 'delivery_failed', url: `${FIXTURE}/slow/1500` });
    expect(failed.evidenceRecord).toMatchObject({ status: 'failed', reason: 'delivery_failed', httpStatus: null, fetchedAt: null });
  });

  it('answers not_found, invalid_request and unsupported_parameter as the spec says', async () => {
    expect((await api('GET', '/v1/batches/batch_000000000000000000000000')).status).toBe(404);
    expect((await api('GET', '/v1/batches/nope')).body.code).toBe('not_found');
    expect((await api('GET', '/v1/batches/batch_000000000000000000000000/items')).status).toBe(404);
    const { body } = await api('POST', '/v1/batches', { urls: [`${FIXTURE}/item/1`] });
    expect((await api('GET', `/v1/batches/${body.id}/items?cursor=bogus`)).body.code).toBe('invalid_request');
    expect((await api('GET', `/v1/batches/${body.id}/items?limit=0`)).body.code).toBe('invalid_request');
    expect((await api('GET', `/v1/batches/${body.id}/items?offset=3`)).body).toMatchObject({
      code: 'unsupported_parameter',
      details: { parameters: ['offset'] },
    });
    expect((await api('POST', '/v1/batches', { urls: [] })).body.code).toBe('invalid_request');
    expect((await api('POST', '/v1/batches', '[1]')).body.code).toBe('invalid_json');
    await waitFor(`/v1/batches/${body.id}`, (r) => r.status === 'completed');
  });
});

describe('batch creation failures and message versions', () => {
  it('releases the registry entry of a create that failed, so a valid batch right after is accepted (D224)', async () => {
    const tasks = taskStore(env);
    const id = newTaskId('batch');
    const registry = tasks.registry();
    expect(await registry.admitBatch(id, Date.now())).toEqual({ ok: true });
    // A 10 MB URL is more than a Durable Object's SQLite value holds (SQLITE_TOOBIG): storage refuses the create.
    const batch = tasks.batch(id);
    const huge = `${FIXTURE}/item/${'x'.repeat(10 * 1024 * 1024)}`;
    const options = { formats: [{ type: 'markdown' as const }], timeoutMs: 30_000, maxFileBytes: 1024, onlyMainContent: true, mode: 'standard' as const };
    await expect(createOrRelease(registry, id, { create: () => batch.create({ id, urls: [huge], options }), get: () => batch.get() })).rejects.toThrow();
    expect((await registryStub(env).list()).map((e) => e.id)).not.toContain(id);
    expect(await batch.get()).toBeNull();
    const next = await api('POST', '/v1/batches', { urls: [`${FIXTURE}/item/42`] });
    expect(next.status).toBe(201);
    await waitFor(`/v1/batches/${next.body.id}`, (r) => r.status === 'completed');
  });

  it('answers a POST whose create failed with an error and leaves no batch being accepted', async () => {
    const failing = taskStore(env);
    const app = createApp({
      tasks: { ...failing, batch: (id) => ({ ...failing.batch(id), create: () => Promise.reject(new Error('injected create failure')), get: () => Promise.resolve(null) }) },
    });
    const res = await app.fetch(
      new Request('http://api.test/v1/batches', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ urls: [`${FIXTURE}/item/1`] }) }),
      env,
      createExecutionContext(),
    );
    expect(res.status).toBe(500);
    expect(((await res.json()) as { code: string }).code).toBe('internal_error');
    const next = await api('POST', '/v1/batches', { urls: [`${FIXTURE}/item/43`] });
    expect(next.status).toBe(201);
    await waitFor(`/v1/batches/${next.body.id}`, (r) => r.status === 'completed');
  });

  it('reads unversioned and version-1 messages, and drops a message of an unknown version with a log line', async () => {
    const { body } = await api('POST', '/v1/batches', { urls: [`${FIXTURE}/slow/400`, `${FIXTURE}/item/8`] });
    await deliver('capture-work', [
      { v: 99, kind: 'batch_item', taskId: body.id, index: 0 },
      { v: 1, kind: 'batch_item', taskId: body.id, index: 1 },
      { kind: 'monitor_run', taskId: body.id, index: 0 },
    ]);
    const record = await waitFor(`/v1/batches/${body.id}`, (r) => r.status === 'completed');
    expect(record.counts).toMatchObject({ success: 2 });
  });
});
