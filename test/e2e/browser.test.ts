// Issue 13: the browser lane through the real local service (wrangler dev, Browser Rendering on a local Chromium set
// up by scripts/setup-local-chrome.mjs), on fixture pages served on 127.0.0.1. One service for the whole file.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../src/files/test-helpers/make-pdf.ts';
import { scrapeOk } from '../helpers/scrape.ts';
import { removeDataDir, startService, type Service } from '../helpers/service.ts';
import { hang, html, redirect, startSite, text, type Site } from '../helpers/site.ts';
import { isRunning } from '../../src/lanes/browser/local-chrome.ts';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/browser');
const page = (name: string) => html(readFileSync(path.join(FIXTURES, name), 'utf8'));
const PDF = Buffer.from(makePdf({ pages: [{ lines: ['A file linked from a page: fetched by the HTTP lane.'] }], info: { Title: 'Linked PDF' } }));
const SESSION_KEY = 'browser-e2e-session-key-0123456789';
const COOKIE = 'sid=reader-7f3a';

/** /loop?n=K moves on to /loop?n=K+1 by script, for ever. */
function loop(req: IncomingMessage, res: ServerResponse): void {
  const n = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('n') ?? '0');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><title>Loop ${n}</title><p>Still moving</p><script>location.replace('/loop?n=${n + 1}')</script>`);
}

/** The account page for a request with the session cookie; the login form (401) without. */
function account(req: IncomingMessage, res: ServerResponse, site: Site): void | Promise<void> {
  if ((req.headers.cookie ?? '').split(/;\s*/).includes(COOKIE)) return page('account.html')(req, res, site);
  return html(readFileSync(path.join(FIXTURES, 'login.html'), 'utf8'), { status: 401 })(req, res, site);
}

/** Page requests being answered right now, and the most seen at once (SVC_BROWSER_MAX_PAGES bounds it). */
const load = { open: 0, max: 0 };
function held(_req: IncomingMessage, res: ServerResponse): void {
  load.open++;
  load.max = Math.max(load.max, load.open);
  setTimeout(() => {
    load.open--;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Held</title><article><h1>Held page</h1><p>This page was answered after a pause, to see how many pages the browser opens at once.</p></article>');
  }, 700);
}

let site: Site;
let svc: Service;
/** A rendering provider of the Browser Rendering /content shape: POST {url} + bearer token → {success, result}. */
let vendor: Server;
const vendorCalls: { authorization: string | null; url: string }[] = [];
const VENDOR_TOKEN = 'vendor-token-e2e';

async function startVendor(): Promise<string> {
  vendor = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const { url } = JSON.parse(raw) as { url: string };
      vendorCalls.push({ authorization: req.headers.authorization ?? null, url });
      const result = `<html><head><title>Vendor</title></head><body><article><h1>Rendered by the vendor</h1><p>The provider rendered ${url} and answered with its HTML, which the service extracts like any page.</p></article></body></html>`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, result, errors: [], messages: [] }));
    });
  });
  await new Promise<void>((r) => vendor.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/client/v4/accounts/acc/browser-rendering/content`;
}

beforeAll(async () => {
  site = await startSite({
    '/robots.txt': text('User-agent: *\nDisallow: /private/\n', 'text/plain'),
    '/script-content.html': page('script-content.html'),
    '/shell.html': page('shell.html'),
    '/static/app.js': text(readFileSync(path.join(FIXTURES, 'app.js')), 'text/javascript'),
    '/static/analytics.js': text('void 0;', 'text/javascript'),
    '/static.html': page('static.html'),
    '/chain/start': redirect('/chain/meta.html'),
    '/chain/meta.html': page('meta-refresh.html'),
    '/chain/script.html': page('script-redirect.html'),
    '/chain/final.html': page('final.html'),
    '/loop': loop,
    '/slow.html': page('slow.html'),
    '/slow/tick': text('ok', 'text/plain'),
    '/slow/hang.js': hang,
    '/frame.html': page('frame.html'),
    '/frames/allowed.html': html('<p>allowed frame</p>'),
    '/private/frame.html': html('<p>must never be requested</p>'),
    '/private/page.html': page('static.html'),
    '/get-report': redirect('/report.pdf'),
    '/report.pdf': text(PDF, 'application/pdf'),
    '/account': account,
    '/held': held,
  });
  const vendorUrl = await startVendor();
  svc = await startService({
    env: { SVC_SESSION_KEY: SESSION_KEY, SVC_BROWSER_MAX_PAGES: '2', SVC_PROVIDER_URL: vendorUrl, SVC_PROVIDER_TOKEN: VENDOR_TOKEN },
  });
});

afterAll(async () => {
  await svc?.stop();
  if (svc) removeDataDir(svc.dataDir);
  await site?.close();
  vendor?.closeAllConnections();
  await new Promise<void>((r) => (vendor ? vendor.close(() => r()) : r()));
});

const scrape = (body: Record<string, unknown>) => scrapeOk(svc, body);

describe('browser lane', () => {
  it('sees content a script inserts after load; evidence of the rendered page', async () => {
    const url = `${site.origin}/script-content.html`;
    const r = await scrape({ url, lane: 'browser' });
    expect(r.status).toBe('success');
    expect(r.markdown).toContain('inserted by a script after the load event');
    const e = r.evidenceRecord;
    expect(e).toMatchObject({ lane: 'browser_local', finalUrl: url, redirectChain: { urls: [url], complete: true }, httpStatus: 200, proxy: null });
    expect(e.robotsDecision.decision).toBe('allowed');
    // rawSha256 hashes the rendered HTML, not the bytes the server sent.
    const served = createHash('sha256').update(readFileSync(path.join(FIXTURES, 'script-content.html'))).digest('hex');
    expect(e.rawSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(e.rawSha256).not.toBe(served);
    // identity.userAgent is the browser's User-Agent as the page request carried it.
    expect(e.identity.userAgent).toMatch(/Chrome\/.* svc-capture\/1\.0$/);
    expect(site.hits('/script-content.html').at(-1)?.userAgent).toBe(e.identity.userAgent);
  });

  it('auto keeps the HTTP lane for a plain page and renders a script-only shell in the browser', async () => {
    const plain = await scrape({ url: `${site.origin}/static.html` });
    expect(plain.evidenceRecord.lane).toBe('http');
    expect(plain.markdown).toContain('every word is in the first response');
    const shell = await scrape({ url: `${site.origin}/shell.html`, lane: 'auto' });
    expect(shell.status).toBe('success');
    expect(shell.evidenceRecord.lane).toBe('browser_local');
    expect(shell.markdown).toContain('rendered this article into the empty root element');
    expect(shell.warnings.join('\n')).toMatch(/lane auto: the HTTP answer is a script-only shell \(text:0, scripts:1, root:#root/);
    // The HTTP lane alone gets the empty shell.
    const http = await scrape({ url: `${site.origin}/shell.html`, lane: 'http' });
    expect(http.evidenceRecord.lane).toBe('http');
    expect(http.markdown ?? '').not.toContain('Shell rendered');
  });

  it('lists an HTTP redirect, a meta refresh and a location.href navigation; pushState/replaceState are no hop', async () => {
    const start = `${site.origin}/chain/start`;
    const r = await scrape({ url: start, lane: 'browser' });
    expect(r.status).toBe('success');
    const urls = ['/chain/start', '/chain/meta.html', '/chain/script.html', '/chain/final.html'].map((p) => site.origin + p);
    expect(r.evidenceRecord.redirectChain).toEqual({ urls, complete: true });
    expect(r.evidenceRecord.finalUrl).toBe(`${site.origin}/chain/final.html`);
    expect(r.evidenceRecord.httpStatus).toBe(200);
    expect(r.markdown).toContain('The chain ends here');
    expect(site.hits('/chain/pushed.html')).toEqual([]);
  });

  it('a page that keeps moving: first URL + last 20, not complete', async () => {
    const r = await scrape({ url: `${site.origin}/loop?n=0`, lane: 'browser' });
    expect(r.status).toBe('failed');
    expect(r.reason).toMatch(/^too_many_redirects/);
    const chain = r.evidenceRecord.redirectChain;
    expect(chain.complete).toBe(false);
    expect(chain.urls).toHaveLength(21);
    expect(chain.urls[0]).toBe(`${site.origin}/loop?n=0`);
    expect(chain.urls[1]).not.toBe(`${site.origin}/loop?n=1`);
    expect(r.evidenceRecord.finalUrl).toBe(chain.urls[20]);
  });

  it('a page that never finishes loading hits the deadline, and its page is closed', async () => {
    const r = await scrape({ url: `${site.origin}/slow.html`, lane: 'browser', timeout: 3000 });
    expect(r.status).toBe('timeout');
    expect(r.evidenceRecord.lane).toBe('browser_local');
    expect(site.hits('/slow.html')).toHaveLength(1);
    // While open, the page asks for /slow/tick every 100 ms; once closed it asks no more.
    const ticks = () => site.requests.filter((q) => q.path.startsWith('/slow/tick')).length;
    expect(ticks()).toBeGreaterThan(0);
    const after = ticks();
    await new Promise((r) => setTimeout(r, 1500));
    expect(ticks()).toBe(after);
  });

  it('a navigation that answers with a file goes to the HTTP lane and is stored', async () => {
    const r = await scrape({ url: `${site.origin}/get-report`, lane: 'browser' });
    expect(r.status).toBe('success');
    expect(r.evidenceRecord.lane).toBe('http');
    expect(r.evidenceRecord.redirectChain.urls).toEqual([`${site.origin}/get-report`, `${site.origin}/report.pdf`]);
    expect(r.file).toMatchObject({ kind: 'pdf', bytes: PDF.length });
    expect(r.evidenceRecord.rawSha256).toBe(createHash('sha256').update(PDF).digest('hex'));
    expect(r.warnings.join('\n')).toContain('the HTTP lane fetched it');
    const stored = await fetch(`${svc.base}/v1/${r.file.path}`);
    expect(Buffer.from(await stored.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('never requests a sub-document robots.txt disallows, and says so', async () => {
    const r = await scrape({ url: `${site.origin}/frame.html`, lane: 'browser' });
    expect(r.status).toBe('success');
    expect(site.hits('/frames/allowed.html').length).toBeGreaterThan(0);
    expect(site.hits('/private/frame.html')).toEqual([]);
    expect(r.warnings).toContain(`sub-document not loaded (robots_disallowed): ${site.origin}/private/frame.html`);
  });

  it('a disallowed page is blocked before the browser requests it', async () => {
    const r = await scrape({ url: `${site.origin}/private/page.html`, lane: 'browser' });
    expect(r).toMatchObject({ status: 'blocked', reason: 'robots_disallowed' });
    expect(r.evidenceRecord).toMatchObject({ lane: 'browser_local', finalUrl: null, redirectChain: { urls: [], complete: true } });
    expect(site.hits('/private/page.html')).toEqual([]);
  });

  it('opens at most SVC_BROWSER_MAX_PAGES (2) pages at once', async () => {
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => scrape({ url: `${site.origin}/held?${i}`, lane: 'browser' })));
    expect(results.map((r) => r.status)).toEqual(['success', 'success', 'success', 'success', 'success']);
    expect(site.requests.filter((q) => q.path.startsWith('/held?'))).toHaveLength(5);
    expect(load.max).toBeGreaterThanOrEqual(1);
    expect(load.max).toBeLessThanOrEqual(2);
  });

  it('refuses an unknown lane', async () => {
    expect((await svc.post('/v1/scrape', { url: `${site.origin}/static.html`, lane: 'chrome' })).body.code).toBe('invalid_request');
  });

  it('the provider lane: the vendor renders, after our robots.txt check; its chain is never complete', async () => {
    const url = `${site.origin}/shell.html`;
    const r = await scrape({ url, lane: 'provider' });
    expect(r.status).toBe('success');
    expect(r.markdown).toContain('Rendered by the vendor');
    expect(vendorCalls.at(-1)).toEqual({ authorization: `Bearer ${VENDOR_TOKEN}`, url });
    expect(r.evidenceRecord).toMatchObject({ lane: 'provider', finalUrl: url, redirectChain: { urls: [url], complete: false }, proxy: null, httpStatus: null });
    expect(r.evidenceRecord.identity.userAgent).toBeNull();
    expect(r.evidenceRecord.robotsDecision.decision).toBe('allowed');
    const calls = vendorCalls.length;
    const blocked = await scrape({ url: `${site.origin}/private/page.html`, lane: 'provider' });
    expect(blocked).toMatchObject({ status: 'blocked', reason: 'robots_disallowed' });
    expect(vendorCalls).toHaveLength(calls);
  });
});

describe('sessions (browser_local_authed)', () => {
  const origin = () => site.origin;
  const cookies = () => [{ name: 'sid', value: 'reader-7f3a', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }];

  it('stores a session, lists it without values, captures behind the cookie, and deletes it', async () => {
    const created = await svc.post('/v1/sessions', { name: 'reader', cookies: cookies(), origins: [{ origin: origin(), localStorage: [{ name: 'theme', value: 'dark' }] }] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'session', name: 'reader', origins: ['127.0.0.1', origin()] });
    const id: string = created.body.id;
    expect(id).toMatch(/^ses_[0-9a-f]{32}$/);

    const list = await svc.get('/v1/sessions');
    expect(list.body.data).toEqual([{ object: 'session', id, name: 'reader', origins: ['127.0.0.1', origin()], createdAt: created.body.createdAt }]);
    expect(JSON.stringify(list.body)).not.toContain('reader-7f3a');

    const authed = await scrape({ url: `${origin()}/account`, session: id });
    expect(authed.status).toBe('success');
    expect(authed.evidenceRecord.lane).toBe('browser_local_authed');
    expect(authed.markdown).toContain('Only a browser that carries the session cookie sees this page');
    expect(authed.markdown).toContain('Theme: dark');

    const anonymous = await scrape({ url: `${origin()}/account`, lane: 'browser' });
    expect(anonymous).toMatchObject({ status: 'blocked', reason: 'login_required' });
    expect(anonymous.evidenceRecord.httpStatus).toBe(401);

    expect((await fetch(`${svc.base}/v1/sessions/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await fetch(`${svc.base}/v1/sessions/${id}`, { method: 'DELETE' })).status).toBe(404);
    // A session that does not exist (any more) is refused before a capture starts (decision D70).
    const gone = await svc.post('/v1/scrape', { url: `${origin()}/account`, session: id });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('not_found');
  });

  it('a session is used only for its own origins; bad bodies are invalid_request', async () => {
    const created = await svc.post('/v1/sessions', { name: 'other site', cookies: [{ name: 'a', value: 'b', domain: 'example.test' }] });
    const r = await scrape({ url: `${origin()}/account`, session: created.body.id });
    expect(r.status).toBe('failed');
    expect(r.reason).toMatch(/^session_not_for_origin/);
    expect((await svc.post('/v1/sessions', { name: 'x', cookies: 'sid=1' })).body.code).toBe('invalid_request');
    expect((await svc.post('/v1/sessions', { name: 'x', cookies: [], password: 'p' })).body.code).toBe('unsupported_parameter');
    expect((await svc.post('/v1/scrape', { url: `${origin()}/account`, session: 'nope' })).body.code).toBe('invalid_request');
  });
});

describe('no Chromium outlives the service', () => {
  it('a SIGKILL of the whole service (launcher, wrangler, workerd) takes its Chromium down too', async () => {
    expect((await scrape({ url: `${site.origin}/static.html`, lane: 'browser' })).status).toBe('success');
    const chromes = readFileSync(path.join(svc.dataDir, 'run', 'chrome.pids'), 'utf8').split('\n').filter(Boolean).map(Number);
    expect(chromes.some(isRunning)).toBe(true);
    await svc.kill9();
    // Chromium runs in its own process group; the wrapper's watchdog sees its parent gone within a second or so.
    for (let i = 0; i < 100 && chromes.some(isRunning); i++) await new Promise((r) => setTimeout(r, 100));
    expect(chromes.filter(isRunning)).toEqual([]);
  });
});
