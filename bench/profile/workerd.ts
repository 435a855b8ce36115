#!/usr/bin/env node
// A CPU profile of the API Worker's isolate in workerd during one native crawl of the crawl bench's site, taken
// through the inspector port the launcher gives `wrangler dev` (--inspector-port). Writes a .cpuprofile that
// bench/profile/summary.ts reads.
//
//   node bench/profile/workerd.ts [PAGES=300] [OUT=/tmp/workerd-crawl.cpuprofile] [LATENCY_MS=0] [crawl|scrape] [warm]
//
// `warm` runs the same work once unprofiled first, so the profile shows the steady state rather than V8 warming up.
// `scrape` asks POST /v1/scrape for each page of the site instead (8 at a time), to profile the per-request path.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { removeDataDir, startService } from '../../test/helpers/service.ts';
import { benchDir } from '../crawl/bench-dir.ts';
import { startBenchSite } from './site.ts';

const PAGES = Number(process.argv[2] ?? 300);
const OUT = process.argv[3] ?? path.join(tmpdir(), 'workerd-crawl.cpuprofile');
const LATENCY = Number(process.argv[4] ?? 0);
const MODE = process.argv[5] === 'scrape' ? 'scrape' : 'crawl';
const WARM = process.argv[6] === 'warm';
const DIR = benchDir(false);

/** The inspector port of the API Worker's `wrangler dev` in this process group. */
function inspectorPort(pgrp: number): number {
  const ps = execFileSync('ps', ['-o', 'pgid=,args=', '-e'], { encoding: 'utf8' });
  for (const line of ps.split('\n')) {
    const [pg, ...rest] = line.trim().split(/\s+/);
    const args = rest.join(' ');
    if (Number(pg) === pgrp && args.includes('wrangler.toml') && args.includes('--inspector-port')) {
      const m = /--inspector-port (\d+)/.exec(args);
      if (m) return Number(m[1]);
    }
  }
  throw new Error('no inspector port found');
}

class Cdp {
  #ws: WebSocket;
  #id = 0;
  #waiting = new Map<number, (v: unknown) => void>();
  constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.addEventListener('message', (e) => {
      const msg = JSON.parse(String(e.data)) as { id?: number; result?: unknown; error?: unknown };
      if (msg.id !== undefined) this.#waiting.get(msg.id)?.(msg.error ? Promise.reject(new Error(JSON.stringify(msg.error))) : msg.result);
    });
  }
  static async open(url: string): Promise<Cdp> {
    // The inspector proxy (miniflare) accepts only known origins; undici's WebSocket sends none unless told.
    const ws = new WebSocket(url, { headers: { origin: 'http://127.0.0.1' } } as unknown as string[]);
    await new Promise((resolve, reject) => {
      ws.addEventListener('open', resolve, { once: true });
      ws.addEventListener('error', reject, { once: true });
    });
    return new Cdp(ws);
  }
  send(method: string, params: object = {}): Promise<unknown> {
    const id = ++this.#id;
    this.#ws.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve) => this.#waiting.set(id, resolve));
  }
  close(): void {
    this.#ws.close();
  }
}

type Service = Awaited<ReturnType<typeof startService>>;

async function crawlAll(svc: Service, origin: string): Promise<string> {
  const created = await svc.post('/v1/crawls', { url: `${origin}/`, maxPages: PAGES });
  if (created.status !== 201) throw new Error(`crawl: ${created.status} ${JSON.stringify(created.body)}`);
  let status = 'running';
  while (status === 'running') {
    await new Promise((r) => setTimeout(r, 100));
    status = (await svc.get(`/v1/crawls/${created.body.id}`)).body.status;
  }
  return status;
}

async function scrapeAll(svc: Service, origin: string): Promise<string> {
  const manifest = (await (await fetch(`${origin}/__bench/manifest`)).json()) as { expected: string[] };
  const urls = manifest.expected.slice(0, PAGES).map((u) => new URL(u, origin).href);
  let next = 0;
  let failed = 0;
  const worker = async (): Promise<void> => {
    while (next < urls.length) {
      const r = await svc.post('/v1/scrape', { url: urls[next++] });
      if (r.status !== 200) failed++;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return failed === 0 ? 'completed' : `completed with ${failed} failures`;
}

const svc = await startService({});
const site = await startBenchSite(DIR, ['--pages', String(PAGES), '--latency', String(LATENCY)]);
try {
  const port = inspectorPort(svc.child.pid as number);
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as Array<{ title: string; webSocketDebuggerUrl: string }>;
  console.log(`inspector ${port}: ${targets.map((t) => t.title).join(', ')}`);
  const cdp = await Cdp.open(targets[0].webSocketDebuggerUrl);
  const run = (): Promise<string> => (MODE === 'crawl' ? crawlAll(svc, site.origin) : scrapeAll(svc, site.origin));
  if (WARM) console.log(`warm-up ${MODE}: ${await run()}`);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = performance.now();
  const status = await run();
  const secs = (performance.now() - t0) / 1000;
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
  writeFileSync(OUT, JSON.stringify(profile));
  cdp.close();
  console.log(`${MODE} of ${PAGES} pages ${status} in ${secs.toFixed(1)} s; profile written to ${OUT}`);
} finally {
  site.stop();
  await svc.stop();
  removeDataDir(svc.dataDir);
}
