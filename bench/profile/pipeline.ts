#!/usr/bin/env node
// CPU per page of the capture pipeline in Node, on the crawl bench's pages, stage by stage; run it under
// `--cpu-prof` for a profile (bench/profile/summary.ts reads it):
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile/pipeline.ts [PAGES=200] [ROUNDS=3]
//   node bench/profile/summary.ts /tmp/prof/*.cpuprofile
//
// The pages come from the shared bench's site.mjs (CRAWLBENCH_DIR, see bench/crawl/run.ts), fetched once into
// memory; runCapture then reads them through an in-memory fetch, so no socket time is in the numbers. After the
// capture, the crawl's per-page work outside runCapture is timed too: the result's JSON (storeResult) and the
// frontier's link admission (normalise + scope).
import path from 'node:path';
import { loadConfig } from '../../src/config/config.ts';
import { MemoryBucket } from '../../src/files/memory-bucket.ts';
import type { FetchFn } from '../../src/lanes/types.ts';
import { runCapture, type CaptureDeps } from '../../src/pipeline/run-capture.ts';
import { apiProfile } from '../../src/profiles/profiles.ts';
import type { CaptureOptions } from '../../src/request/capture-options.ts';
import { RobotsCache } from '../../src/robots/index.ts';
import { admissibleLinks, scopeFor } from '../../src/tasks/frontier.ts';
import { storeResult } from '../../src/tasks/result-store.ts';
import { benchDir } from '../crawl/bench-dir.ts';
import { startBenchSite } from './site.ts';

const PAGES = Number(process.argv[2] ?? 200);
const ROUNDS = Number(process.argv[3] ?? 3);
const DIR = benchDir(false);

async function loadPages(origin: string): Promise<Map<string, string>> {
  const manifest = (await (await fetch(`${origin}/__bench/manifest`)).json()) as { expected: string[] };
  const pages = new Map<string, string>();
  pages.set(`${origin}/robots.txt`, await (await fetch(`${origin}/robots.txt`)).text());
  for (const p of manifest.expected.slice(0, PAGES)) pages.set(origin + p, await (await fetch(origin + p)).text());
  return pages;
}

const site = await startBenchSite(DIR, ['--pages', String(PAGES)]);
const pages = await loadPages(site.origin);
site.stop();
const memFetch: FetchFn = async (url) => {
  const body = pages.get(url);
  if (body === undefined) return new Response('not found', { status: 404 });
  return new Response(body, { headers: { 'content-type': url.endsWith('.txt') ? 'text/plain' : 'text/html; charset=utf-8' } });
};
const config = await loadConfig({});
const deps: CaptureDeps = {
  config,
  fetch: memFetch,
  files: new MemoryBucket(),
  robotsCache: new RobotsCache(),
  robotsInflight: new Map(),
  routeOf: () => null,
  now: () => Date.now(),
};
const options: CaptureOptions = { formats: [{ type: 'markdown' }, { type: 'links' }], timeoutMs: 10_000, maxFileBytes: 50 * 1024 * 1024, onlyMainContent: true, mode: 'standard' };
const profile = apiProfile(false);
const scope = scopeFor(`${site.origin}/`, []);
const urls = [...pages.keys()].filter((u) => !u.endsWith('/robots.txt'));
const stored = new Map<string, string>();
const bucket = { put: async (k: string, v: string) => void stored.set(k, v), get: async () => null };

const t = { capture: 0, store: 0, links: 0 };
const cpu0 = process.cpuUsage();
let n = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const url of urls) {
    const a = performance.now();
    const result = await runCapture({ url, options, profile }, deps);
    const b = performance.now();
    await storeResult(bucket, `r/${n}`, result.status, { index: n, ...result });
    const c = performance.now();
    admissibleLinks(result.links ?? [], scope);
    const d = performance.now();
    if (round > 0) {
      // round 0 warms the JIT and the robots cache
      t.capture += b - a;
      t.store += c - b;
      t.links += d - c;
    }
    n++;
  }
}
const cpu = process.cpuUsage(cpu0);
const measured = urls.length * Math.max(1, ROUNDS - 1);
const f = (x: number) => (x / measured).toFixed(2);
console.log(`pipeline: ${urls.length} pages × ${ROUNDS} rounds (first is warm-up); wall ms per page: runCapture ${f(t.capture)}, store JSON ${f(t.store)}, frontier links ${f(t.links)}; process CPU ms per page (all rounds) ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)}`);
