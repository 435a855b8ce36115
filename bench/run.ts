#!/usr/bin/env node
// `npm run bench`: every benchmark, each printing ratios measured side by side in this one run.
//   1. extraction: our extract-tf/4 vs Readability+turndown on ../shared/bench/extraction (181 pages)
//   2. file-stream: a 200 MiB file streamed through the local service vs a plain fetch of the same file, with the
//      workerd process's peak RSS
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startService } from '../test/helpers/service.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);
const wanted = (name: string) => only.length === 0 || only.includes(name);

function run(script: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, script), ...args], { stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

let failures = 0;
if (wanted('extraction')) {
  console.log('== extraction ==');
  failures += (await run('bench/extraction/run.ts', [])) === 0 ? 0 : 1;
}
if (wanted('file-stream')) {
  console.log('== file-stream ==');
  const svc = await startService({ env: { SVC_MAX_FILE_BYTES: String(500 * 1024 * 1024) } });
  try {
    failures += (await run('bench/file-stream.ts', process.env.BENCH_FILE_MIB ? [process.env.BENCH_FILE_MIB] : [], { SVC_URL: svc.base })) === 0 ? 0 : 1;
  } finally {
    await svc.stop();
  }
}
process.exit(failures === 0 ? 0 : 1);
