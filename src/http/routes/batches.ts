// POST /v1/batches, GET /v1/batches/:id, GET /v1/batches/:id/items (decisions D8–D10).
import { Hono } from 'hono';
import { invalidRequest } from '../../errors.ts';
import { readJsonObject } from '../../request/body.ts';
import { isTaskId, newTaskId } from '../../tasks/ids.ts';
import { listResponse, parseListQuery, taskNotFound } from '../../tasks/listing.ts';
import { parseBatchRequest } from '../../tasks/requests.ts';
import { createOrRelease, type TaskStore } from '../../tasks/store.ts';
import { requireSession } from './sessions.ts';
import type { AppEnv } from '../context.ts';

export function batchRoutes(tasks: TaskStore): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/batches', async (c) => {
    const req = parseBatchRequest(await readJsonObject(c.req.raw), c.var.config);
    await requireSession(c, req.options.session);
    const id = newTaskId('batch');
    const registry = tasks.registry();
    const admission = await registry.admitBatch(id, Date.now());
    if (!admission.ok) throw invalidRequest(admission.message);
    // A create that fails gives its admission back at once, so it never blocks the next batch (D224).
    const batch = tasks.batch(id);
    const record = await createOrRelease(registry, id, {
      create: () => batch.create({ id, urls: req.urls, options: req.options, destinations: req.destinations }),
      get: () => batch.get(),
    });
    // The batch exists now: a registry hiccup must not turn its 201 into an error (a client would create it again);
    // the sweep marks it accepted on its next round.
    await registry.accepted(id).catch((err: unknown) => console.error(`${id}: marking the batch accepted failed:`, err));
    return c.json(record, 201);
  });

  app.get('/batches/:id', async (c) => {
    const id = c.req.param('id');
    const record = isTaskId('batch', id) ? await tasks.batch(id).get() : null;
    if (!record) throw taskNotFound('batch', id);
    return c.json(record);
  });

  app.get('/batches/:id/items', async (c) => {
    const id = c.req.param('id');
    if (!isTaskId('batch', id)) throw taskNotFound('batch', id);
    const query = parseListQuery(id, c.req.query());
    const slice = await tasks.batch(id).list(query.afterSeq, query.limit);
    if (!slice) throw taskNotFound('batch', id);
    return listResponse(id, query, slice, c.env.FILES);
  });

  return app;
}
