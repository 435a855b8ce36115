#!/usr/bin/env node
// `npm run fuzz [-- RUNS_PER_ROUTE]`: the long fuzz run of issue 11 against the real local service (the launcher of
// `npm start` on free ports, a temporary data dir) and a fixture site on 127.0.0.1. Sends generated bodies to each
// POST route (default 3,000 each), odd paths and queries (~860), and a few 1–8 MiB bodies; checks every answer like
// test/workers/fuzz.test.ts (never a 5xx, errors in the spec's JSON shape, bounded echo); then checks that valid
// requests still succeed. Prints requests sent, status counts, the 5xx count and the RSS of the service's workerd
// processes before, right after, and 30 s after the flood. Exit status 1 on any 5xx or malformed answer.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { removeDataDir, startService, type Service } from '../test/helpers/service.ts';
import { html, startSite, type Site } from '../test/helpers/site.ts';
import { answerProblem, Tally } from '../test/fuzz/check.ts';
import { oddRequest, POST_ROUTES, postRequest, routeShape, type FuzzRequest } from '../test/fuzz/generators.ts';

const RUNS = Number(process.argv[2] ?? process.env.FUZZ_RUNS ?? 3_000);
const ODD_RUNS = Math.max(100, Math.round(RUNS / 3.5));
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 1);
const CONCURRENCY = 8;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A small site: six linked pages, items, and a robots.txt; every URL the generators build names it or port 1. */
async function fixtureSite(): Promise<Site> {
  const routes: Record<string, ReturnType<typeof html>> = {};
  for (let n = 0; n < 6; n++) {
    const links = [2 * n + 1, 2 * n + 2].filter((k) => k <= 5).map((k) => `<a href="/site/${k}">Page ${k}</a>`);
    routes[`/site/${n}`] = html(`<!doctype html><title>Site ${n}</title><main><h1>Site page ${n}</h1><p>Fixture page ${n} with enough words to be content.</p>${links.join(' ')}</main>`);
  }
  for (let n = 0; n < 10; n++) routes[`/item/${n}`] = html(`<!doctype html><title>Item ${n}</title><main><h1>Item ${n}</h1><p>Item ${n} of the fuzz fixture site.</p></main>`);
  return startSite(routes);
}

interface Proc {
  pid: number;
  ppid: number;
  name: string;
}

function processes(): Proc[] {
  const out: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      out.push({ pid: Number(entry), ppid: Number(stat.slice(close + 2).split(' ')[1]), name: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

function rssKiB(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * RSS of the service's workerd processes, per Worker (api, preview): looked up afresh each time, since wrangler dev
 * starts a new workerd when it reloads the Worker (a source file changed).
 */
function workerdRss(launcher: number): string {
  const all = processes();
  const kids = (pid: number) => all.filter((p) => p.ppid === pid);
  const parts: string[] = [];
  for (const wrangler of kids(launcher)) {
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${wrangler.pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    const role = cmd.includes('wrangler.preview.toml') ? 'preview' : 'api';
    let kib = 0;
    const stack = [wrangler.pid];
    while (stack.length > 0) {
      for (const c of kids(stack.pop() as number)) {
        if (c.name.includes('workerd')) kib += rssKiB(c.pid);
        stack.push(c.pid);
      }
    }
    parts.push(`${role} ${(kib / 1024).toFixed(0)} MiB`);
  }
  return parts.join(', ');
}

async function send(svc: Service, req: FuzzRequest, tally: Tally, ok: readonly number[]): Promise<{ status: number; body: string }> {
  const init: RequestInit = { method: req.method, headers: { 'content-type': 'application/json' } };
  if (req.body !== null) init.body = req.body;
  const res = await fetch(svc.base + req.path, init);
  const text = await res.text();
  tally.add(routeShape(req.method, req.path), res.status, answerProblem(req.method, res.status, res.headers.get('content-type'), text, ok), JSON.stringify(req));
  return { status: res.status, body: text };
}

async function flood(svc: Service, requests: FuzzRequest[], tally: Tally, ok: readonly number[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const req = requests[next++];
        try {
          await send(svc, req, tally, ok);
        } catch (err) {
          // A request the runtime dropped (connection reset) is a failure as well.
          tally.add(routeShape(req.method, req.path), 599, `no answer: ${String(err)}`, JSON.stringify(req));
        }
      }
    }),
  );
}

/** Large bodies, as in the issue: URLs of 1–8 MiB in each POST route. */
function bigBodies(origin: string): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  for (const mib of [1, 2, 4, 8]) {
    const url = `${origin}/item/1?${'a'.repeat(mib * 1024 * 1024)}`;
    out.push({ method: 'POST', path: '/v1/scrape', body: JSON.stringify({ url }) });
    out.push({ method: 'POST', path: '/v1/batches', body: JSON.stringify({ urls: [url, `${origin}/item/2`] }) });
    out.push({ method: 'POST', path: '/v1/crawls', body: JSON.stringify({ url }) });
    out.push({ method: 'POST', path: '/v1/scrape', body: JSON.stringify({ url: `${origin}/item/1`, [`k${'x'.repeat(mib * 1024 * 1024 - 100)}`]: 1 }) });
  }
  return out;
}

async function validStillWorks(svc: Service, site: Site): Promise<string[]> {
  const problems: string[] = [];
  const scrape = await svc.post('/v1/scrape', { url: `${site.origin}/item/3`, formats: ['markdown'] });
  if (scrape.status !== 200 || scrape.body.status !== 'success') problems.push(`valid scrape: ${scrape.status} ${JSON.stringify(scrape.body).slice(0, 200)}`);
  // Batches the flood created may still hold the active-batch limit: retry for up to 60 s, as a client would.
  let batch = await svc.post('/v1/batches', { urls: [`${site.origin}/item/4`, `${site.origin}/item/5`] });
  for (let i = 0; i < 60 && batch.status === 400; i++) {
    await sleep(1_000);
    batch = await svc.post('/v1/batches', { urls: [`${site.origin}/item/4`, `${site.origin}/item/5`] });
  }
  if (batch.status !== 201) problems.push(`valid batch: ${batch.status} ${JSON.stringify(batch.body).slice(0, 200)}`);
  const crawl = await svc.post('/v1/crawls', { url: `${site.origin}/site/0`, maxPages: 2 });
  if (crawl.status !== 201) problems.push(`valid crawl: ${crawl.status} ${JSON.stringify(crawl.body).slice(0, 200)}`);
  return problems;
}

const site = await fixtureSite();
const svc = await startService();
let failed = false;
try {
  const launcher = svc.child.pid as number;
  await sleep(2_000);
  console.log(`workerd RSS before: ${workerdRss(launcher)}`);
  const origins = [site.origin, 'http://127.0.0.1:1'];
  const tally = new Tally();
  const started = Date.now();
  // A second round (FUZZ_ROUNDS=2, other seed) shows whether memory keeps growing or stays at the first round's level.
  for (let round = 1; round <= ROUNDS; round++) {
    const seed = SEED + round - 1;
    for (const route of POST_ROUTES) {
      const requests = fc.sample(postRequest(route, origins), { numRuns: RUNS, seed });
      await flood(svc, requests, tally, [route === '/v1/scrape' ? 200 : 201]);
      console.log(`round ${round} ${route}: ${RUNS} sent (${((Date.now() - started) / 1000).toFixed(0)} s); workerd RSS ${workerdRss(launcher)}`);
    }
    await flood(svc, fc.sample(oddRequest(), { numRuns: ODD_RUNS, seed }), tally, [200, 201]);
    await flood(svc, bigBodies(site.origin), tally, [200, 201]);
    console.log(`workerd RSS right after round ${round}: ${workerdRss(launcher)}`);
  }
  const afterValid = await validStillWorks(svc, site);
  console.log(`\n${tally.report()}`);
  for (const p of [...tally.problems, ...afterValid]) console.log(`PROBLEM: ${p}`);
  console.log(`valid requests after the flood: ${afterValid.length === 0 ? 'all succeeded' : 'FAILED'}`);
  await sleep(30_000);
  console.log(`workerd RSS 30 s later: ${workerdRss(launcher)}`);
  failed = tally.count((s) => s >= 500) > 0 || tally.problems.length > 0 || afterValid.length > 0;
} finally {
  await svc.stop();
  removeDataDir(svc.dataDir);
  await site.close();
}
console.log(failed ? 'fuzz: FAILED' : 'fuzz: OK (zero 5xx)');
process.exit(failed ? 1 : 0);
