// The provider lane against a loopback server with the shape of Cloudflare Browser Rendering's REST /content endpoint.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, startSite, text, type Site } from '../../test/helpers/site.ts';
import { SCHEME_ONLY_POLICY } from '../profiles/profiles.ts';
import { checkRobots, RobotsCache } from '../robots/index.ts';
import { fetchOverProviderLane, type ProviderSettings } from './provider.ts';
import type { LaneResult } from './types.ts';

const TOKEN = 'provider-secret';
const RENDERED = '<html><head><title>Rendered</title></head><body><main>rendered by the vendor</main></body></html>';

interface VendorCall {
  authorization: string | null;
  body: unknown;
}

let site: Site;
let vendor: Server;
let vendorUrl: string;
const calls: VendorCall[] = [];
/** What the vendor answers next: a status and a JSON body (Cloudflare's API envelope). */
let nextAnswer: { status: number; body: unknown; delayMs?: number } = { status: 200, body: { success: true, result: RENDERED } };

async function readBody(req: IncomingMessage): Promise<string> {
  let s = '';
  for await (const chunk of req) s += String(chunk);
  return s;
}

beforeAll(async () => {
  site = await startSite({
    '/robots.txt': text('User-agent: *\nDisallow: /private\n', 'text/plain'),
    '/page': html('<html><body><div id="root"></div><script src="/app.js"></script></body></html>'),
  });
  vendor = createServer((req, res) => {
    void readBody(req).then((raw) => {
      calls.push({ authorization: req.headers.authorization ?? null, body: JSON.parse(raw) });
      const answer = nextAnswer;
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => vendor.listen(0, '127.0.0.1', r));
  vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/client/v4/accounts/acc/browser-rendering/content`;
});

afterAll(async () => {
  await site.close();
  vendor.closeAllConnections();
  await new Promise<void>((r) => vendor.close(() => r()));
});

const clock = () => Date.parse('2026-11-23T12:00:00.123Z');

function run(path: string, opts: { provider?: Partial<ProviderSettings>; timeoutMs?: number } = {}): Promise<LaneResult> {
  const cache = new RobotsCache();
  const inflight = new Map();
  const fetchFn = (input: string, init: RequestInit) => fetch(input, init);
  return fetchOverProviderLane({
    url: new URL(site.origin + path),
    provider: { url: vendorUrl, token: TOKEN, ...opts.provider },
    signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    fetch: fetchFn,
    policy: SCHEME_ONLY_POLICY,
    now: clock,
    robots: (u) => checkRobots(u, { fetch: fetchFn, userAgent: 'svc-capture/1.0', tokens: ['svc-capture'], timeoutMs: 5000, cache, inflight, now: Date.now }),
  });
}

describe('provider lane', () => {
  it('posts {url} with the bearer token and returns the vendor HTML as the body, with an incomplete chain', async () => {
    nextAnswer = { status: 200, body: { success: true, result: RENDERED, errors: [], messages: [] } };
    calls.length = 0;
    const r = await run('/page#frag');
    expect(calls).toEqual([{ authorization: `Bearer ${TOKEN}`, body: { url: `${site.origin}/page` } }]);
    expect(r.kind).toBe('response');
    if (r.kind !== 'response') return;
    expect(r.lane).toBe('provider');
    expect(r.body).toEqual({ kind: 'html', html: RENDERED });
    expect(r.chain).toEqual({ urls: [`${site.origin}/page`], complete: false });
    expect(r.proxy).toBeNull();
    expect(r.userAgent).toBeNull();
    expect(r.fetchedAt).toBe('2026-11-23T12:00:00.123Z');
    expect(r.status).toBeNull(); // the page's own status is not observed through a vendor
    expect(r.robots?.decision).toBe('allowed');
  });

  it('never asks the vendor for a URL robots.txt disallows', async () => {
    calls.length = 0;
    const r = await run('/private/x');
    expect(r).toMatchObject({ kind: 'blocked', reason: 'robots_disallowed', lane: 'provider', chain: { urls: [], complete: false } });
    expect(calls).toEqual([]);
  });

  it('sends no Authorization header without a token', async () => {
    nextAnswer = { status: 200, body: { success: true, result: RENDERED } };
    calls.length = 0;
    await run('/page', { provider: { token: null } });
    expect(calls[0]?.authorization).toBeNull();
  });

  it('reports the vendor errors as provider_failed', async () => {
    nextAnswer = { status: 422, body: { success: false, errors: [{ code: 2001, message: 'Navigation timeout' }] } };
    const r = await run('/page');
    expect(r).toMatchObject({ kind: 'failed', reason: 'provider_failed', message: 'Navigation timeout', httpStatus: null });
  });

  it('a vendor answer without a result string is a failure, not an empty page', async () => {
    nextAnswer = { status: 200, body: { success: true } };
    const r = await run('/page');
    expect(r).toMatchObject({ kind: 'failed', reason: 'provider_failed' });
  });

  it('an unreachable vendor is provider_failed', async () => {
    const r = await run('/page', { provider: { url: 'http://127.0.0.1:1/content' } });
    expect(r).toMatchObject({ kind: 'failed', reason: 'provider_failed' });
  });

  it('the capture deadline during the vendor call is a timeout', async () => {
    nextAnswer = { status: 200, body: { success: true, result: RENDERED }, delayMs: 3000 };
    const r = await run('/page', { timeoutMs: 1000 });
    expect(r.kind).toBe('timeout');
  });
});
