#!/usr/bin/env node
// `npm run bench [-- NAME ...]`: benchmarks, each printing ratios measured side by side in this one run. With no
// names: extraction, extraction-broad, crawl, bundle and browser; file-stream only when named.
//   1. extraction: our extractor vs Readability+turndown on ../shared/bench/extraction (181 pages)
//   2. crawl: ../shared/bench/crawl against a local service started for it (bench/crawl/run.ts): peers, /v1/scrape per
//      page and the native crawl, service CPU per page, service RSS; arguments after `--` go to it when it is the only
//      name (e.g. `npm run bench -- crawl --repeat 3`)
//   3. bundle: `wrangler deploy --dry-run` size (and gzip) of each Worker
//   4. extraction-broad: our own broader pages (recipes, public sector, docs, shops; German) vs Readability
//   5. browser: browser-lane captures per second with session reuse beside a launch per page
//   6. file-stream: a 200 MiB file streamed through the local service vs a plain fetch of the same file, with the
//      workerd process's peak RSS
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startService } from '../test/helpers/service.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const NAMES = ['extraction', 'extraction-broad', 'crawl', 'bundle', 'browser', 'file-stream'];
const only = args.filter((a) => NAMES.includes(a));
// Options (`--repeat 3` ...) after the names are the crawl bench's.
const firstOption = args.findIndex((a) => a.startsWith('--'));
const crawlArgs = firstOption === -1 ? [] : args.slice(firstOption);
const DEFAULT = ['extraction', 'extraction-broad', 'crawl', 'bundle', 'browser'];
const wanted = (name: string) => (only.length === 0 ? DEFAULT.includes(name) : only.includes(name));

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
if (wanted('extraction-broad')) {
  console.log('== extraction-broad ==');
  failures += (await run('bench/extraction-broad/run.ts', [])) === 0 ? 0 : 1;
}
if (wanted('crawl')) {
  console.log('== crawl ==');
  failures += (await run('bench/crawl/run.ts', crawlArgs)) === 0 ? 0 : 1;
}
if (wanted('bundle')) {
  console.log('== bundle ==');
  failures += (await run('bench/crawl/bundle.ts', [])) === 0 ? 0 : 1;
}
if (wanted('browser')) {
  console.log('== browser ==');
  failures += (await run('bench/browser.ts', [])) === 0 ? 0 : 1;
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
