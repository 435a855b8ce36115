#!/usr/bin/env node
// Browser-lane throughput: captures per second with session reuse (a kept Browser Rendering session, a fresh context
// per capture: what the service does) beside a launch per page, in the same run, on the same fixture page.
//   node_modules/.bin/node bench/browser.ts [pages per mode, default 12]
// The BROWSER binding comes from wrangler's getPlatformProxy (miniflare's Browser Rendering on the local Chromium that
// scripts/setup-local-chrome.mjs sets up); the lane code is the service's own (fetchOverBrowserLane, BrowserPool).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { SCHEME_ONLY_POLICY } from '../src/profiles/profiles.ts';
import { fetchOverBrowserLane } from '../src/lanes/browser/lane.ts';
import { killLocalChrome, prepareLocalChrome } from '../src/lanes/browser/local-chrome.ts';
import { BrowserPool, type BrowserBinding } from '../src/lanes/browser/pool.ts';
import { checkRobots, RobotsCache } from '../src/robots/index.ts';
import { html, startSite, text } from '../test/helpers/site.ts';

const PAGES = Number(process.argv[2] ?? 12);
const PAGE = `<!doctype html><html><head><title>Bench</title></head><body><main id="m"></main>
<script>setTimeout(() => { document.getElementById('m').innerHTML = '<article><h1>Rendered</h1><p>' + 'word '.repeat(200) + '</p></article>'; }, 20);</script>
</body></html>`;

const work = mkdtempSync(path.join(tmpdir(), 'bench-browser-'));
const chrome = prepareLocalChrome(work, {}, false);
process.env.XDG_CACHE_HOME = chrome.cacheHome;
const config = path.join(work, 'wrangler.toml');
writeFileSync(config, 'name = "bench-browser"\ncompatibility_date = "2026-10-01"\ncompatibility_flags = ["nodejs_compat"]\nbrowser = { binding = "BROWSER" }\n');

const site = await startSite({ '/robots.txt': text('User-agent: *\nAllow: /\n', 'text/plain'), '/page': html(PAGE) });
const platform = await getPlatformProxy<{ BROWSER: BrowserBinding }>({ configPath: config, persist: false });

async function captures(pool: BrowserPool, label: string, pages = PAGES): Promise<number> {
  const cache = new RobotsCache();
  const inflight = new Map();
  const fetchFn = (input: string, init: RequestInit) => fetch(input, init);
  const started = performance.now();
  for (let i = 0; i < pages; i++) {
    const out = await fetchOverBrowserLane({
      url: new URL(`${site.origin}/page?i=${i}`),
      lane: 'browser_local',
      pool,
      signal: AbortSignal.timeout(30_000),
      robots: (u) => checkRobots(u, { fetch: fetchFn, userAgent: 'svc-capture/1.0', tokens: ['svc-capture'], timeoutMs: 5000, cache, inflight, now: Date.now }),
      policy: SCHEME_ONLY_POLICY,
      userAgent: 'svc-capture/1.0',
      proxy: null,
      state: null,
      now: Date.now,
    });
    if (out.kind !== 'result' || out.result.kind !== 'response') throw new Error(`${label}: capture ${i} did not render: ${JSON.stringify(out)}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const rate = pages / seconds;
  console.log(`${label.padEnd(22)} ${pages} captures in ${seconds.toFixed(2)} s = ${rate.toFixed(2)} captures/s`);
  return rate;
}

try {
  // One warm-up capture so that neither mode pays for the first Chromium start-up alone.
  await captures(new BrowserPool(platform.env.BROWSER, 1, false), 'warm-up (launch)', 1);
  const launch = await captures(new BrowserPool(platform.env.BROWSER, 1, false), 'launch per page');
  const reuse = await captures(new BrowserPool(platform.env.BROWSER, 1, true), 'session reuse');
  console.log(`session reuse / launch per page: ${(reuse / launch).toFixed(2)}x (sessions launched ${BrowserPool.stats().launched}, reused ${BrowserPool.stats().reused})`);
} finally {
  await platform.dispose();
  await site.close();
  await killLocalChrome(chrome.pidFile);
  rmSync(work, { recursive: true, force: true });
}
