#!/usr/bin/env node
// `npm run bench -- crawl`: the shared crawl benchmark (../shared/bench/crawl) against a local service this script
// starts itself (test/helpers/service.ts), side by side with the peer runners in one invocation of its run.mjs.
//
//   node bench/crawl/run.ts [--repeat 1] [--latency 0,20] [--pages 1000] [--concurrency 8] [--peers raw-fetch,handrolled]
//                           [--ours scrape,crawl]
//
// The shared folder has its own package.json/lock; its dependencies are installed once into a folder of ours
// (CRAWLBENCH_DIR, default $TMPDIR/crawlbench-<lock hash>) with `npm ci --omit=optional`, never into this checkout
// (CRAWLBENCH_CRAWLEE=1 installs the optional Crawlee too, and its runner is added). Printed at the end: the
// issue-17 table (pages/s per runner and latency), service CPU per page of every workerd process of the service's
// process group (from /proc, before/after each runner, by run.mjs --watch-pid), the service's RSS at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { startService, removeDataDir } from '../../test/helpers/service.ts';
import { benchDir } from './bench-dir.ts';
import { groupCpuSeconds, groupPids, rssMb } from './procfs.ts';
import { issueTable, type BenchRow } from './table.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Opts {
  repeat: number;
  latency: string;
  pages: number;
  concurrency: number;
  peers: string[];
  /** Our rows: scrape (/v1/scrape per page) and crawl (native crawl job). */
  ours: string[];
}

function parseOpts(argv: string[]): Opts {
  const o: Opts = { repeat: 1, latency: '0,20', pages: 1000, concurrency: 8, peers: ['raw-fetch', 'handrolled'], ours: ['scrape', 'crawl'] };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i + 1];
    if (argv[i] === '--repeat') o.repeat = Number(v);
    else if (argv[i] === '--latency') o.latency = v;
    else if (argv[i] === '--pages') o.pages = Number(v);
    else if (argv[i] === '--concurrency') o.concurrency = Number(v);
    else if (argv[i] === '--peers') o.peers = v.split(',').filter(Boolean);
    else if (argv[i] === '--ours') o.ours = v.split(',').filter((x) => x === 'scrape' || x === 'crawl');
    else throw new Error(`bench crawl: unknown argument ${argv[i]}`);
    i++;
  }
  return o;
}


/**
 * Runs the shared driver, echoing its output. The service's CPU per runner is read here, not with run.mjs --watch-pid:
 * wrangler dev replaces its workerd process when the Worker reloads, so fixed PIDs would miss CPU. The group's workerd
 * CPU is read when each runner's line `[latency L rep R] NAME: ...` appears (the service is idle between runners).
 */
function runShared(dir: string, args: string[], env: Record<string, string>, pgrp: number): Promise<{ code: number; cpu: Map<string, number> }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(dir, 'run.mjs'), ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
    const cpu = new Map<string, number>();
    let mark = groupCpuSeconds(pgrp, 'workerd');
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(line);
      const m = /^\s*\[latency (\S+) rep (\d+)\] (\S+):/.exec(line);
      if (!m) return;
      const now = groupCpuSeconds(pgrp, 'workerd');
      cpu.set(cpuKey(m[1] === '-' ? null : Number(m[1]), Number(m[2]) - 1, m[3]), now - mark);
      mark = now;
    });
    child.once('close', (code) => resolve({ code: code ?? 1, cpu }));
  });
}

const cpuKey = (latency: number | null, rep: number, runner: string) => `${latency}|${rep}|${runner}`;

const opts = parseOpts(process.argv.slice(2));
const withCrawlee = process.env.CRAWLBENCH_CRAWLEE === '1';
const dir = benchDir(withCrawlee);
const peers = withCrawlee && !opts.peers.includes('crawlee') ? [...opts.peers, 'crawlee'] : opts.peers;
const svc = await startService({});
const jsonFile = path.join(mkdtempSync(path.join(tmpdir(), 'bench-crawl-')), 'results.json');
let code = 1;
try {
  const pids = groupPids(svc.child.pid as number, 'workerd');
  if (pids.length === 0) throw new Error('bench crawl: no workerd process in the service process group');
  const node = JSON.stringify(process.execPath);
  const svcCmd = (mode: string) => `${node} service.mjs {origin} {max} --concurrency {concurrency} --mode ${mode}`;
  const args = [
    '--pages', String(opts.pages), '--concurrency', String(opts.concurrency), '--latency', opts.latency, '--repeat', String(opts.repeat),
    '--runners', peers.join(','), ...opts.ours.flatMap((m) => ['--cmd', `${m}=${svcCmd(m)}`]),
    '--json', jsonFile,
  ];
  console.log(`bench crawl: service ${svc.base}, workerd pids ${pids.join(', ')} (process group ${svc.child.pid}); bench in ${dir}`);
  const pgrp = svc.child.pid as number;
  const shared = await runShared(dir, args, { SVC_URL: svc.base }, pgrp);
  code = shared.code;
  const rows = (JSON.parse(readFileSync(jsonFile, 'utf8')) as { results: BenchRow[] }).results.map((r) => ({
    ...r,
    watchCpuS: shared.cpu.get(cpuKey(r.latency, r.rep, r.runner)) ?? null,
  }));
  console.log(`\n### Issue 17 table (pages/s; ${opts.pages} pages, concurrency ${opts.concurrency}, repeat ${opts.repeat})\n`);
  console.log(issueTable(rows, peers, opts.ours));
  console.log(`\nService RSS at the end (all workerd processes): ${rssMb(groupPids(pgrp, 'workerd')).toFixed(0)} MB\n`);
} finally {
  await svc.stop();
  removeDataDir(svc.dataDir);
  rmSync(path.dirname(jsonFile), { recursive: true, force: true });
}
process.exit(code);
