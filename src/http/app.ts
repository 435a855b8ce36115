// The API Worker's HTTP surface: one Hono app, one error handler (src/errors.ts), auth in front of /v1.
import { Hono } from 'hono';
import { configOf } from '../config/config.ts';
import { ApiError, errorResponse } from '../errors.ts';
import { refuseUnknownKeys } from '../request/body.ts';
import { limitRequestBody } from '../request/body-limits.ts';
import { requireToken } from './auth.ts';
import type { AppEnv } from './context.ts';
import { scrapeRoutes } from './routes/scrape.ts';
import { fileRoutes } from './routes/files.ts';
import { batchRoutes } from './routes/batches.ts';
import { crawlRoutes } from './routes/crawls.ts';
import { NO_TASK_STORE, type TaskStore } from '../tasks/store.ts';
import { fcRoutes } from './routes/fc/routes.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { NO_HOOK_STORE, type HookStore } from '../monitors/store.ts';
import { monitorRoutes } from './routes/monitors.ts';
import { destinationRoutes } from './routes/destinations.ts';
import { deliveryRoutes } from './routes/deliveries.ts';

const NO_KEYS: ReadonlySet<string> = new Set();

/** What the Worker edge hands the app (workers/api.ts); tests of other routes may leave it out. */
export interface AppDeps {
  /** Batches and crawls (Durable Objects at the edge). */
  tasks?: TaskStore;
  /** Monitors, destinations and deliveries (Durable Objects at the edge). */
  hooks?: HookStore;
}

export function createApp(deps: AppDeps = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('config', await configOf(c.env));
    await next();
  });

  // Readiness probe for the launcher and load balancers; carries no data, so it needs no token.
  app.get('/healthz', (c) => c.json({ ok: true }));

  app.use('/v1/*', requireToken());
  // Every body is bounded by its route's limit before it is read (decision D201).
  app.use('/v1/*', limitRequestBody());
  // POST bodies carry every option; a query parameter on a POST would otherwise be ignored silently (spec: refused).
  app.use('/v1/*', async (c, next) => {
    if (c.req.method === 'POST') refuseUnknownKeys(c.req.query(), NO_KEYS);
    await next();
  });
  app.route('/v1', scrapeRoutes());
  app.route('/v1', fileRoutes());
  app.route('/v1', sessionRoutes());
  app.route('/v1', batchRoutes(deps.tasks ?? NO_TASK_STORE));
  app.route('/v1', crawlRoutes(deps.tasks ?? NO_TASK_STORE));
  app.route('/v1', monitorRoutes(deps.hooks ?? NO_HOOK_STORE));
  app.route('/v1', destinationRoutes(deps.hooks ?? NO_HOOK_STORE));
  app.route('/v1', deliveryRoutes(deps.hooks ?? NO_HOOK_STORE));
  // The Firecrawl v1 shim: auth inside (errors in the /fc shape); it runs its /v1 requests through this app.
  app.route('/fc', fcRoutes(app));

  app.notFound((c) => errorResponse(new ApiError('not_found', `no route matches ${c.req.method} ${c.req.path}`), false));
  // Before the config is read (a bad setting), hide the message as a hosted server would.
  app.onError((err, c) => errorResponse(err, c.get('config')?.hosted ?? true));
  return app;
}
