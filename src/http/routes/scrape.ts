import { Hono } from 'hono';
import { runCapture } from '../../pipeline/run-capture.ts';
import { readJsonObject, refuseUnknownKeys } from '../../request/body.ts';
import { CAPTURE_OPTION_KEYS, parseCaptureOptions, parseHttpUrl } from '../../request/capture-options.ts';
import type { AppEnv } from '../context.ts';
import { apiProfile } from '../../profiles/profiles.ts';
import { captureDeps } from '../deps.ts';
import { requireSession } from './sessions.ts';

const SCRAPE_KEYS = new Set<string>(['url', ...CAPTURE_OPTION_KEYS]);

export function scrapeRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/scrape', async (c) => {
    const body = await readJsonObject(c.req.raw);
    refuseUnknownKeys(body, SCRAPE_KEYS);
    const url = parseHttpUrl(body.url);
    const options = parseCaptureOptions(body, c.var.config);
    await requireSession(c, options.session);
    const result = await runCapture({ url: url.href, options, profile: apiProfile(c.var.config.hosted) }, captureDeps(c.env, c.var.config));
    return c.json(result);
  });
  return app;
}
