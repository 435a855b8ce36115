// /v1/deliveries (issue 14): every delivery with its attempts, and the re-send of a dead-lettered one.
import { Hono } from 'hono';
import { ApiError } from '../../errors.ts';
import { DELIVERY_ID } from '../../deliveries/events.ts';
import { DELIVERIES_SCOPE, parseDeliveryQuery } from '../../deliveries/requests.ts';
import type { HookStore } from '../../monitors/store.ts';
import { refuseBodyKeys } from '../../request/body.ts';
import { encodeCursor } from '../../request/cursor.ts';
import type { AppEnv } from '../context.ts';

const notFound = (id: string) => new ApiError('not_found', `delivery not found: ${id}`);

export function deliveryRoutes(hooks: HookStore): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/deliveries', async (c) => {
    const q = parseDeliveryQuery(c.req.query());
    const page = await hooks.ledger().listDeliveries(q);
    const nextCursor = page.hasMore ? encodeCursor(DELIVERIES_SCOPE, page.lastSeq) : null;
    return c.json({ object: 'list', data: page.data, nextCursor, hasMore: page.hasMore });
  });

  app.get('/deliveries/:id', async (c) => {
    const id = c.req.param('id');
    const record = DELIVERY_ID.test(id) ? await hooks.ledger().getDelivery(id) : null;
    if (!record) throw notFound(id);
    return c.json(record);
  });

  /** Re-sends a dead-lettered delivery with the same webhook-id; any other state is `conflict`. */
  app.post('/deliveries/:id/retry', async (c) => {
    await refuseBodyKeys(c.req.raw);
    const id = c.req.param('id');
    if (!DELIVERY_ID.test(id)) throw notFound(id);
    const out = await hooks.ledger().retry(id);
    if (!out.ok) throw new ApiError(out.code, out.message);
    return c.json(out.value);
  });

  return app;
}
