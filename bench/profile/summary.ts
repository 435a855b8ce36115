#!/usr/bin/env node
// Where the CPU went in a V8 .cpuprofile (node --cpu-prof, or one saved from the workerd inspector): self time by
// source file and by function, as a share of all sampled time.
//   node bench/profile/summary.ts FILE.cpuprofile [TOP=25] [STAGES=fn,fn,...]
// STAGES: functions whose inclusive time (samples with the function anywhere on the stack) is listed too.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
const top = Number(process.argv[3] ?? 25);
if (!file) {
  console.error('usage: node bench/profile/summary.ts FILE.cpuprofile [TOP]');
  process.exit(2);
}
const prof = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
prof.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

function shorten(url: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return `npm:${m[1]}`;
  const s = /\/work\/main\/(.*)$/.exec(url);
  return s ? s[1] : url || '(native/idle)';
}

function table(title: string, key: (n: ProfileNode) => string): void {
  const acc = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (node) acc.set(key(node), (acc.get(key(node)) ?? 0) + us);
  }
  console.log(`\n${title}\n\n| where | self ms | share |\n| --- | --: | --: |`);
  for (const [k, us] of [...acc].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`| ${k} | ${(us / 1000).toFixed(0)} | ${((100 * us) / total).toFixed(1)} % |`);
  }
}

/** Inclusive time of named functions: a sample counts once for each named function on its stack. */
function stages(names: readonly string[]): void {
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const acc = new Map<string, number>(names.map((n) => [n, 0]));
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const fn = byId.get(cur)?.callFrame.functionName ?? '';
      if (acc.has(fn) && !seen.has(fn)) {
        seen.add(fn);
        acc.set(fn, (acc.get(fn) ?? 0) + us);
      }
    }
  }
  console.log(`\nInclusive time of stages\n\n| function | ms | share |\n| --- | --: | --: |`);
  for (const [k, us] of acc) console.log(`| ${k} | ${(us / 1000).toFixed(0)} | ${((100 * us) / total).toFixed(1)} % |`);
}

console.log(`profile ${file}: ${(total / 1000).toFixed(0)} ms sampled`);
table('Self time by file', (n) => shorten(n.callFrame.url));
table('Self time by function', (n) => `${n.callFrame.functionName || '(anonymous)'} (${shorten(n.callFrame.url)}:${n.callFrame.lineNumber + 1})`);
if (process.argv[4]) stages(process.argv[4].split(',').filter(Boolean));
