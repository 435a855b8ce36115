// The crawl bench's fixture site (site.mjs of the shared bench's installed copy, see bench/crawl/run.ts) as a child
// process: it prints its origin as its first line.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export interface BenchSite {
  origin: string;
  stop: () => void;
}

/** Starts `site.mjs --port 0 ...args` from `dir` and waits for the origin it prints. */
export async function startBenchSite(dir: string, args: string[]): Promise<BenchSite> {
  const child = spawn(process.execPath, [path.join(dir, 'site.mjs'), '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => readline.createInterface({ input: child.stdout }).once('line', resolve));
  return { origin: line.trim(), stop: () => child.kill('SIGTERM') };
}
