// Issue 13 items 4 and 6: with the environment proxy set, the local Chromium's traffic goes through it (lane
// `browser_proxy`, evidence `proxy` = host:port); and no Chromium outlives the service, even when wrangler is killed
// with SIGKILL (Chromium runs in its own process group; the launcher kills what its wrapper started).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidEvidenceRecord } from '../helpers/evidence-schema.ts';
import { removeDataDir, startService, type Service } from '../helpers/service.ts';
import { html, startSite, text, type Site } from '../helpers/site.ts';
import { startForwardProxy, type ForwardProxy } from './forward-proxy.ts';
import { isRunning as alive } from '../../src/lanes/browser/local-chrome.ts';

const ARTICLE = `<!doctype html><html><head><title>Through the proxy</title></head><body><main id="m"></main>
<script>document.getElementById('m').innerHTML = '<article><h1>Rendered behind a proxy</h1><p>The browser fetched this page ' +
'through the forward proxy of the environment, and the script filled it in after it arrived there.</p></article>';</script>
</body></html>`;

let site: Site;
let proxy: ForwardProxy;
let svc: Service;

beforeAll(async () => {
  site = await startSite({ '/robots.txt': text('User-agent: *\nAllow: /\n', 'text/plain'), '/page': html(ARTICLE) });
  proxy = await startForwardProxy();
  svc = await startService({ env: { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url, NO_PROXY: '' } });
});

afterAll(async () => {
  await svc?.stop();
  if (svc) removeDataDir(svc.dataDir);
  await proxy?.close();
  await site?.close();
});


describe('browser_proxy', () => {
  it("routes the browser's page requests through the environment proxy and reports it", async () => {
    const url = `${site.origin}/page`;
    const r = await svc.post('/v1/scrape', { url, lane: 'browser' });
    expect(r.status).toBe(200);
    expectValidEvidenceRecord(r.body.evidenceRecord);
    expect(r.body.status).toBe('success');
    expect(r.body.markdown).toContain('Rendered behind a proxy');
    expect(r.body.evidenceRecord).toMatchObject({ lane: 'browser_proxy', proxy: `127.0.0.1:${proxy.port}`, finalUrl: url });
    const targets = proxy.seen.filter((s) => s.kind === 'absolute').map((s) => s.target);
    // robots.txt from the Worker, the page from Chromium: both through the proxy.
    expect(targets).toContain(`${site.origin}/robots.txt`);
    expect(targets).toContain(url);
    const chromeRequest = site.hits('/page').find((h) => h.userAgent?.includes('Chrome'));
    expect(chromeRequest).toBeDefined();
  });

  it('leaves no Chromium running when wrangler is killed with SIGKILL', async () => {
    const pidFile = path.join(svc.dataDir, 'run', 'chrome.pids');
    expect(existsSync(pidFile)).toBe(true);
    const chromes = readFileSync(pidFile, 'utf8').split('\n').filter(Boolean).map(Number);
    expect(chromes.length).toBeGreaterThan(0);
    expect(chromes.some(alive)).toBe(true);
    const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(svc.child.pid)], { encoding: 'utf8' });
    const wrangler = children.split('\n').find((l) => l.includes('wrangler-dist/cli.js dev') && l.includes('wrangler.toml'));
    expect(wrangler).toBeDefined();
    const exited = new Promise<void>((resolve) => svc.child.once('exit', () => resolve()));
    process.kill(Number(wrangler?.trim().split(/\s+/)[0]), 'SIGKILL');
    // The launcher notices, stops the rest and kills the Chromium its wrapper started, then exits.
    await exited;
    expect(chromes.filter(alive)).toEqual([]);
  });
});
