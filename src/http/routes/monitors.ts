// /v1/monitors and their runs (issue 14, decisions D260–D268).
import { Hono } from 'hono';
import { ApiError, invalidRequest } from '../../errors.ts';
import { MONITORS_SCOPE } from '../../monitors/records.ts';
import { parseMonitorCreate, parseMonitorPatch } from '../../monitors/requests.ts';
import type { HookStore, Outcome, StoredRun } from '../../monitors/store.ts';
import { readJsonObject, refuseBodyKeys } from '../../request/body.ts';
import { encodeCursor } from '../../request/cursor.ts';
import { isTaskId, newTaskId } from '../../tasks/ids.ts';
import { parseListQuery } from '../../tasks/listing.ts';
import { loadBodies, type ResultBucket } from '../../tasks/result-store.ts';
import type { AppEnv } from '../context.ts';

const monitorNotFound = (id: string) => new ApiError('not_found', `monitor not found: ${id}`);

function unwrap<T>(o: Outcome<T>): T {
  if (o.ok) return o.value;
  throw new ApiError(o.code, o.message);
}

/** A run as JSON text: its record and its stored result (inline or from R2), without parsing the result again. */
export async function runJson(run: StoredRun, bucket: ResultBucket): Promise<string> {
  const result = run.result === null ? 'null' : (await loadBodies(bucket, [run.result]))[0];
  return `${JSON.stringify(run.record).slice(0, -1)},"result":${result}}`;
}

const jsonText = (text: string, status = 200) =>
  new Response(text, { status, headers: { 'content-type': 'application/json; charset=UTF-8' } });

async function checkDestinations(hooks: HookStore, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const unknown = await hooks.ledger().unknownDestinations(ids);
  if (unknown.length > 0) throw invalidRequest(`destinations: no destination ${unknown[0]}`);
}

export function monitorRoutes(hooks: HookStore): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const monitor = (id: string) => {
    if (!isTaskId('monitor', id)) throw monitorNotFound(id);
    return hooks.monitor(id);
  };

  app.post('/monitors', async (c) => {
    const settings = parseMonitorCreate(await readJsonObject(c.req.raw), c.var.config);
    await checkDestinations(hooks, settings.destinations);
    const id = newTaskId('monitor');
    // Listed first: a monitor that exists is always listed (an entry without a monitor is dropped by the sweep).
    await hooks.monitorIndex().add(id, Date.now());
    return c.json(await hooks.monitor(id).create(id, settings), 201);
  });

  app.get('/monitors', async (c) => {
    const q = parseListQuery(MONITORS_SCOPE, c.req.query());
    const { entries, hasMore } = await hooks.monitorIndex().list(q.afterSeq, q.limit);
    const records = await Promise.all(entries.map((e) => hooks.monitor(e.id).get()));
    const last = entries.at(-1)?.seq ?? q.afterSeq;
    return c.json({ object: 'list', data: records.filter((r) => r !== null), nextCursor: hasMore ? encodeCursor(MONITORS_SCOPE, last) : null, hasMore });
  });

  app.get('/monitors/:id', async (c) => {
    const record = await monitor(c.req.param('id')).get();
    if (!record) throw monitorNotFound(c.req.param('id'));
    return c.json(record);
  });

  app.patch('/monitors/:id', async (c) => {
    const id = c.req.param('id');
    const body = await readJsonObject(c.req.raw);
    const current = await monitor(id).settings();
    if (!current) throw monitorNotFound(id);
    const patch = parseMonitorPatch(body, c.var.config, current);
    await checkDestinations(hooks, patch.settings.destinations);
    return c.json(unwrap(await monitor(id).patch(patch.revision, patch.settings)));
  });

  for (const action of ['pause', 'resume'] as const) {
    app.post(`/monitors/:id/${action}`, async (c) => {
      await refuseBodyKeys(c.req.raw);
      const handle = monitor(c.req.param('id'));
      const record = action === 'pause' ? await handle.pause() : await handle.resume();
      if (!record) throw monitorNotFound(c.req.param('id'));
      return c.json(record);
    });
  }

  app.delete('/monitors/:id', async (c) => {
    const id = c.req.param('id');
    if (!(await monitor(id).remove())) throw monitorNotFound(id);
    await hooks.monitorIndex().remove(id);
    return c.json({ id, object: 'monitor', deleted: true });
  });

  // The spec lists "a run queued on a paused, busy or unknown monitor" under conflict: an unknown id is 409 here.
  app.post('/monitors/:id/runs', async (c) => {
    await refuseBodyKeys(c.req.raw);
    const id = c.req.param('id');
    if (!isTaskId('monitor', id)) throw new ApiError('conflict', `monitor not found: ${id}; a run needs an existing monitor`);
    const run = unwrap(await hooks.monitor(id).runNow());
    return jsonText(await runJson(run, c.env.FILES), 201);
  });

  app.get('/monitors/:id/runs', async (c) => {
    const id = c.req.param('id');
    const q = parseListQuery(id, c.req.query());
    const page = await monitor(id).listRuns(q.afterSeq, q.limit);
    if (!page) throw monitorNotFound(id);
    const runs = await Promise.all(page.runs.map((r) => runJson(r, c.env.FILES)));
    const nextCursor = page.hasMore ? encodeCursor(id, page.lastSeq) : null;
    return jsonText(`{"object":"list","data":[${runs.join(',')}],"nextCursor":${JSON.stringify(nextCursor)},"hasMore":${page.hasMore}}`);
  });

  app.get('/monitors/:id/runs/:runId', async (c) => {
    const run = await monitor(c.req.param('id')).getRun(c.req.param('runId'));
    if (!run) throw new ApiError('not_found', `run not found: ${c.req.param('runId')}`);
    return jsonText(await runJson(run, c.env.FILES));
  });

  return app;
}
