// POST /v1/batches, GET /v1/batches/:id, GET /v1/batches/:id/items (decisions D8–D10).
import { Hono } from 'hono';
import { invalidRequest } from '../../errors.ts';
import { readJsonObject } from '../../request/body.ts';
import { batchStub, registryStub } from '../../tasks/bindings.ts';
import { isTaskId, newTaskId } from '../../tasks/ids.ts';
import { listResponse, parseListQuery, taskNotFound } from '../../tasks/listing.ts';
import { parseBatchRequest } from '../../tasks/requests.ts';
import type { AppEnv } from '../context.ts';

export function batchRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/batches', async (c) => {
    const req = parseBatchRequest(await readJsonObject(c.req.raw), c.var.config);
    const id = newTaskId('batch');
    const registry = registryStub(c.env);
    const admission = await registry.admitBatch(id, Date.now());
    if (!admission.ok) throw invalidRequest(admission.message);
    const record = await batchStub(c.env, id).create({ id, urls: req.urls, options: req.options });
    await registry.accepted(id);
    return c.json(record, 201);
  });

  app.get('/batches/:id', async (c) => {
    const id = c.req.param('id');
    const record = isTaskId('batch', id) ? await batchStub(c.env, id).get() : null;
    if (!record) throw taskNotFound('batch', id);
    return c.json(record);
  });

  app.get('/batches/:id/items', async (c) => {
    const id = c.req.param('id');
    if (!isTaskId('batch', id)) throw taskNotFound('batch', id);
    const query = parseListQuery(id, c.req.query());
    const slice = await batchStub(c.env, id).list(query.afterSeq, query.limit);
    if (!slice) throw taskNotFound('batch', id);
    return listResponse(id, query, slice, c.env.FILES);
  });

  return app;
}
