// The preview host's HTTP surface (spec "Preview host"): the web page, the quota and capability endpoints and the
// preview itself. Everything it needs from the runtime (quota counters, the capture, the clock) comes in through
// `PreviewServices`, built at the Worker's edge (workers/preview.ts), so the routes are tested with app.request().
import { Hono, type Context } from 'hono';
import type { AddressPolicy } from '../capture/profile.ts';
import { errorMessage } from '../io/errors.ts';
import type { ScrapeResult } from '../pipeline/result.ts';
import { capabilityFor } from './capability.ts';
import type { PreviewConfig } from './config.ts';
import { ABOUT_PATH, aboutPage, APP_CSS, appScript, indexPage, securityHeaders } from './page.ts';
import type { QuotaView, StartOutcome } from './quota.ts';
import { visitorKey } from './quota.ts';
import { parseCapabilityRequest, parsePreviewRequest, PreviewInputError, readBody, type PreviewRequest } from './request.ts';
import { errorBody, previewFromResult, previewRefusal, type PreviewResponse } from './response.ts';

/** The quota counters (a Durable Object at the edge); `visitor` is the key of visitorKey(). */
export interface QuotaGateway {
  read(visitor: string, now: number): Promise<QuotaView>;
  tryStart(visitor: string, now: number): Promise<StartOutcome>;
}

export interface PreviewCaptureInput {
  request: PreviewRequest;
  policy: AddressPolicy;
  /** Absolute URL of the about page, declared in the User-Agent. */
  aboutUrl: string;
}

export interface PreviewServices {
  config: PreviewConfig;
  quota: QuotaGateway;
  /** A fresh address policy for one preview (its DNS answers are kept for that preview only). */
  policy(): AddressPolicy;
  capture(input: PreviewCaptureInput): Promise<ScrapeResult>;
  now(): number;
}

export type ServicesFactory = (env: unknown, req: Request) => PreviewServices | Promise<PreviewServices>;

type Env = { Variables: { services: PreviewServices } };

function visitorOf(c: Context<Env>): string {
  return visitorKey(c.req.header('cf-connecting-ip'));
}

function refused(err: unknown): Response | null {
  return err instanceof PreviewInputError ? Response.json(errorBody(err), { status: 400 }) : null;
}

async function capabilityFromText(services: PreviewServices, raw: string): Promise<Response> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PreviewInputError('invalid_request', 'url is not a valid URL: write a full address such as https://example.com/page');
  }
  return Response.json(capabilityFor(url, services.policy()));
}

/** The allowance for a response that must not fail because the counters are unreachable. */
async function readOrNull(services: PreviewServices, visitor: string): Promise<QuotaView | null> {
  try {
    return await services.quota.read(visitor, services.now());
  } catch (err) {
    console.error('preview quota unavailable:', errorMessage(err));
    return null;
  }
}

/** Runs one preview: static refusal → quota → capture. Returns the HTTP status with the preview response. */
async function runPreview(services: PreviewServices, visitor: string, req: PreviewRequest, origin: string): Promise<{ status: number; body: PreviewResponse }> {
  const policy = services.policy();
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    throw new PreviewInputError('invalid_request', 'url is not a valid web address: write a full URL such as https://example.com/page');
  }
  const verdict = policy.checkLiteral(url);
  if (!verdict.allowed) {
    // Refused before start (rule 1): nothing counted.
    const message = `This address cannot be previewed: ${verdict.detail}.`;
    const quota = await readOrNull(services, visitor);
    return { status: 400, body: previewRefusal(req.url, 'invalid_url', 'policy_denied', { code: 'policy_denied', stage: 'address', evidence: 'observed', message }, quota, req.fields) };
  }
  let start: StartOutcome;
  try {
    start = await services.quota.tryStart(visitor, services.now());
  } catch (err) {
    // The counters did not answer: nothing started, nothing counted.
    console.error('preview quota unavailable:', errorMessage(err));
    const message = 'The preview is unavailable right now (its allowance counter did not answer); nothing was counted. Try again shortly.';
    return { status: 503, body: previewRefusal(req.url, 'failed', 'service_unavailable', { code: 'service_unavailable', stage: 'quota', evidence: 'unobserved', message }, null, req.fields) };
  }
  if (!start.started) {
    const whose = start.exhausted === 'visitor' ? `You have used your ${start.quota.visitor.limit} previews for today` : `The preview site has used its ${start.quota.site.limit} previews for today`;
    const message = `${whose}. New previews are available after ${start.quota.resetsAt.slice(11, 16)} UTC.`;
    return { status: 429, body: previewRefusal(req.url, 'quota_exceeded', 'quota_exceeded', { code: 'quota_exceeded', stage: 'quota', evidence: 'observed', message }, start.quota, req.fields) };
  }
  // Started: counted whatever happens from here (rule 2).
  const startedAt = services.now();
  const result = await services.capture({ request: { ...req, url: url.href }, policy, aboutUrl: `${origin}${ABOUT_PATH}` });
  return { status: 200, body: previewFromResult(result, req.fields, Math.max(0, services.now() - startedAt), start.quota) };
}

export function createPreviewApp(factory: ServicesFactory): Hono<Env> {
  const app = new Hono<Env>();
  app.use('*', async (c, next) => {
    c.set('services', await factory(c.env, c.req.raw));
    await next();
    for (const [k, v] of Object.entries(securityHeaders())) c.res.headers.set(k, v);
  });

  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/', async (c) => {
    const s = c.var.services;
    return c.html(indexPage(await readOrNull(s, visitorOf(c))));
  });
  app.get('/app.js', (c) => c.body(appScript(), 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }));
  app.get('/app.css', (c) => c.body(APP_CSS, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' }));
  app.get(ABOUT_PATH, (c) => c.html(aboutPage()));

  app.get('/api/quota', async (c) => {
    const quota = await readOrNull(c.var.services, visitorOf(c));
    return quota ? c.json(quota) : c.json({ error: 'the allowance counter did not answer; try again shortly', code: 'service_unavailable' }, 503);
  });

  // The query holds the same one key as the POST body (`url`); the address lands in the request log.
  app.get('/api/capability', async (c) => capabilityFromText(c.var.services, parseCapabilityRequest(c.req.query())));
  app.post('/api/capability', async (c) => capabilityFromText(c.var.services, parseCapabilityRequest(await readBody(c.req.raw))));

  app.post('/api/preview', async (c) => {
    if (Object.keys(c.req.queries()).length > 0) throw new PreviewInputError('invalid_options', 'the preview takes its options in the JSON body only');
    const req = parsePreviewRequest(await readBody(c.req.raw));
    const { status, body } = await runPreview(c.var.services, visitorOf(c), req, new URL(c.req.url).origin);
    return c.json(body, status as 200);
  });

  app.notFound((c) => c.json({ error: `no route matches ${c.req.method} ${c.req.path}`, code: 'not_found' }, 404));
  app.onError((err, c) => {
    const input = refused(err);
    if (input) return input;
    console.error('preview internal_error:', err instanceof Error ? (err.stack ?? err.message) : err);
    const hosted = c.var.services?.config.hosted ?? true;
    return c.json({ error: hosted ? 'internal error' : errorMessage(err), code: 'internal_error' }, 500);
  });
  return app;
}
