// POST /v1/crawls, GET /v1/crawls/:id, GET /v1/crawls/:id/pages, POST /v1/crawls/:id/cancel and /resume (D8, D10, D11).
import { Hono } from 'hono';
import { ApiError } from '../../errors.ts';
import { readJsonObject, refuseBodyKeys } from '../../request/body.ts';
import { isTaskId, newTaskId } from '../../tasks/ids.ts';
import { listResponse, parseListQuery, taskNotFound } from '../../tasks/listing.ts';
import { parseCrawlRequest } from '../../tasks/requests.ts';
import { createOrRelease, type TaskStore } from '../../tasks/store.ts';
import { requireSession } from './sessions.ts';
import type { AppEnv } from '../context.ts';

export function crawlRoutes(tasks: TaskStore): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/crawls', async (c) => {
    const req = parseCrawlRequest(await readJsonObject(c.req.raw), c.var.config);
    await requireSession(c, req.options.session);
    const id = newTaskId('crawl');
    // Registered first, so the sweep looks after the crawl even if this request dies half-way; a create that fails
    // leaves the registry at once (D224).
    const registry = tasks.registry();
    await registry.register(id, 'crawl', Date.now());
    const crawl = tasks.crawl(id);
    const record = await createOrRelease(registry, id, { create: () => crawl.create({ id, ...req }), get: () => crawl.get() });
    return c.json(record, 201);
  });

  app.get('/crawls/:id', async (c) => {
    const id = c.req.param('id');
    const record = isTaskId('crawl', id) ? await tasks.crawl(id).get() : null;
    if (!record) throw taskNotFound('crawl', id);
    return c.json(record);
  });

  app.get('/crawls/:id/pages', async (c) => {
    const id = c.req.param('id');
    if (!isTaskId('crawl', id)) throw taskNotFound('crawl', id);
    const query = parseListQuery(id, c.req.query());
    const slice = await tasks.crawl(id).list(query.afterSeq, query.limit);
    if (!slice) throw taskNotFound('crawl', id);
    return listResponse(id, query, slice, c.env.FILES);
  });

  for (const action of ['cancel', 'resume'] as const) {
    app.post(`/crawls/:id/${action}`, async (c) => {
      const id = c.req.param('id');
      if (!isTaskId('crawl', id)) throw taskNotFound('crawl', id);
      await refuseBodyKeys(c.req.raw);
      const stub = tasks.crawl(id);
      if ((await stub.get()) === null) throw taskNotFound('crawl', id);
      const outcome = action === 'cancel' ? await stub.cancel() : await stub.resume();
      if (!outcome.ok) throw new ApiError('conflict', outcome.message);
      return c.json(outcome.record);
    });
  }

  return app;
}
