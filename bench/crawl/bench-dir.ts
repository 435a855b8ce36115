// Where the shared crawl bench (../shared/bench/crawl) runs from: a copy with its own node_modules, installed once per
// lock file with `npm ci --omit=optional` (CRAWLBENCH_DIR overrides), never into this checkout. The crawl table
// (run.ts) and the profile scripts (bench/profile) use the same copy.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SHARED = process.env.CRAWLBENCH_SRC ?? path.resolve(ROOT, '../shared/bench/crawl');

function makeWritable(dir: string): void {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    chmodSync(p, statSync(p).isDirectory() ? 0o755 : 0o644);
    if (statSync(p).isDirectory()) makeWritable(p);
  }
  chmodSync(dir, 0o755);
}

/** A copy of the shared bench with its own node_modules (installed once per lock file). */
export function benchDir(withCrawlee: boolean): string {
  const lock = readFileSync(path.join(SHARED, 'package-lock.json'));
  const dir = process.env.CRAWLBENCH_DIR ?? path.join(tmpdir(), `crawlbench-${createHash('sha256').update(lock).digest('hex').slice(0, 12)}`);
  const installed = existsSync(path.join(dir, 'node_modules', 'linkedom')) && (!withCrawlee || existsSync(path.join(dir, 'node_modules', '@crawlee')));
  if (installed) return dir;
  console.log(`bench crawl: installing the shared bench's dependencies into ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(SHARED, dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) });
  makeWritable(dir);
  const args = ['ci', '--no-audit', '--no-fund', ...(withCrawlee ? [] : ['--omit=optional'])];
  execFileSync('npm', args, { cwd: dir, stdio: 'inherit' });
  return dir;
}
