// Extraction benchmark runner: `node bench/extraction/run.ts` (Node 24).
//
// Runs the shared scorer (shared/bench/extraction/score.mjs, batch mode) twice in one session: on our extractor
// (src/extract, the code behind /v1/scrape) and on the baseline Readability + linkedom + turndown. Prints each
// scorer's `extraction:` line, the CPU time per page of the whole HTML → Markdown step (median and p95; one process
// for all 181 pages after one untimed warm-up pass, process.cpuUsage user + system around each page), and a
// side-by-side table with the published figures of the benchmark's README. The scorer's own batch_ms/ms_per_page
// include process start, module loading and the warm-up pass.
//
// shared/ is found at `../shared` beside the repository root, or at env SVC_SHARED_DIR.
// Options: --limit N (first N pages only), --bootstrap N (passed to the scorer; default 0 = off).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const HERE = import.meta.dirname;
const REPO = path.resolve(HERE, '..', '..');

export function sharedDir(): string {
  return process.env['SVC_SHARED_DIR'] ?? path.resolve(REPO, '..', 'shared');
}

export interface ScoreLine {
  line: string;
  f1: number;
  p: number;
  r: number;
}

/** Parses the scorer's `extraction: F1 x P y R z …` line. */
export function parseScoreLine(stdout: string): ScoreLine | null {
  const line = stdout.split('\n').find((l) => l.startsWith('extraction:'));
  if (line === undefined) return null;
  const m = /F1 ([\d.]+) P ([\d.]+) R ([\d.]+)/.exec(line);
  if (m === null) return null;
  return { line, f1: Number(m[1]), p: Number(m[2]), r: Number(m[3]) };
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1)))];
}

interface MethodResult {
  name: string;
  score: ScoreLine | null;
  medianMs: number;
  p95Ms: number;
}

function runMethod(method: string, label: string, extra: string[]): MethodResult {
  const scorer = path.join(sharedDir(), 'bench', 'extraction', 'score.mjs');
  const batch = path.join(HERE, 'batch.ts');
  const timingFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'extract-timing-')), `${method}.json`);
  const cmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(batch)} ${method} {in} {out}`;
  const r = spawnSync(process.execPath, [scorer, '--batch-cmd', cmd, ...extra], {
    cwd: REPO,
    env: { ...process.env, TIMING_OUT: timingFile, WARMUP: '1' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.stderr) process.stderr.write(r.stderr);
  const score = parseScoreLine(r.stdout ?? '');
  console.log(`[${label}]`);
  console.log((r.stdout ?? '').trim());
  let times: number[] = [];
  if (fs.existsSync(timingFile)) {
    times = Object.values(JSON.parse(fs.readFileSync(timingFile, 'utf8')) as Record<string, number>);
    fs.rmSync(path.dirname(timingFile), { recursive: true, force: true });
  }
  const result = { name: label, score, medianMs: quantile(times, 0.5), p95Ms: quantile(times, 0.95) };
  console.log(`cpu_ms_per_page: median ${result.medianMs.toFixed(1)} p95 ${result.p95Ms.toFixed(1)} pages ${times.length}\n`);
  return result;
}

const PUBLISHED: Array<[string, number, number, number]> = [
  ['rs_trafilatura (published)', 0.97, 0.951, 0.99],
  ['Zyte AutoExtract (published)', 0.97, 0.984, 0.956],
  ['trafilatura 2.0.0 (published)', 0.958, 0.938, 0.978],
];

function fmt(n: number, digits = 3): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '–';
}

function main(): number {
  const args = process.argv.slice(2);
  const extra: string[] = [];
  let bootstrap = '0';
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--limit' && args[i + 1] !== undefined) extra.push('--limit', args[++i]);
    else if (args[i] === '--bootstrap' && args[i + 1] !== undefined) bootstrap = args[++i];
  }
  extra.push('--bootstrap', bootstrap);
  const scorer = path.join(sharedDir(), 'bench', 'extraction', 'score.mjs');
  if (!fs.existsSync(scorer)) {
    console.error(`extraction bench: no scorer at ${scorer} (set SVC_SHARED_DIR to the shared/ folder)`);
    return 2;
  }
  const ours = runMethod('ours', 'extract-tf/4 (ours)', extra);
  const base = runMethod('readability', 'readability+linkedom+turndown', extra);
  console.log('| extractor | F1 | P | R | cpu ms/page median | p95 |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const m of [ours, base]) {
    console.log(`| ${m.name} | ${fmt(m.score?.f1 ?? NaN)} | ${fmt(m.score?.p ?? NaN)} | ${fmt(m.score?.r ?? NaN)} | ${fmt(m.medianMs, 1)} | ${fmt(m.p95Ms, 1)} |`);
  }
  for (const [name, f1, p, r] of PUBLISHED) console.log(`| ${name} | ${fmt(f1)} | ${fmt(p)} | ${fmt(r)} | – | – |`);
  return ours.score === null || base.score === null ? 1 : 0;
}

if (import.meta.main) process.exit(main());
