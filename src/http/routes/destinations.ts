// /v1/destinations (issue 14): webhook targets; the signing secret is shown once, in the create answer.
import { Hono } from 'hono';
import { ApiError } from '../../errors.ts';
import { DESTINATION_ID, newId } from '../../deliveries/events.ts';
import { parseDestinationCreate } from '../../deliveries/requests.ts';
import { newSecret } from '../../deliveries/sign.ts';
import type { HookStore } from '../../monitors/store.ts';
import { readJsonObject, refuseUnknownKeys } from '../../request/body.ts';
import type { AppEnv } from '../context.ts';

const notFound = (id: string) => new ApiError('not_found', `destination not found: ${id}`);

export function destinationRoutes(hooks: HookStore): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/destinations', async (c) => {
    const input = parseDestinationCreate(await readJsonObject(c.req.raw));
    const secret = newSecret();
    const record = await hooks.ledger().createDestination(newId('dst'), secret, input);
    return c.json({ ...record, secret }, 201);
  });

  app.get('/destinations', async (c) => {
    refuseUnknownKeys(c.req.query(), new Set());
    const data = await hooks.ledger().listDestinations();
    return c.json({ object: 'list', data, nextCursor: null, hasMore: false });
  });

  app.get('/destinations/:id', async (c) => {
    const id = c.req.param('id');
    const record = DESTINATION_ID.test(id) ? await hooks.ledger().getDestination(id) : null;
    if (!record) throw notFound(id);
    return c.json(record);
  });

  app.delete('/destinations/:id', async (c) => {
    const id = c.req.param('id');
    if (!DESTINATION_ID.test(id) || !(await hooks.ledger().deleteDestination(id))) throw notFound(id);
    return c.json({ id, object: 'destination', deleted: true });
  });

  return app;
}
