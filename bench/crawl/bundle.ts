// Bundle size of each Worker as `wrangler deploy --dry-run` reports it ("Total Upload: X KiB / gzip: Y KiB"). The
// bundle is written to a temporary folder and removed; nothing is uploaded.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WRANGLER = path.join(ROOT, 'node_modules/wrangler/bin/wrangler.js');
export const WORKER_CONFIGS = ['wrangler.toml', 'wrangler.preview.toml'] as const;

export interface BundleSize {
  config: string;
  /** KiB as wrangler prints them; null when the dry run failed or printed no size. */
  totalKiB: number | null;
  gzipKiB: number | null;
}

function dryRun(config: string, outdir: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [WRANGLER, 'deploy', '--dry-run', '--outdir', outdir, '--config', path.join(ROOT, config)], {
      cwd: ROOT,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('close', () => resolve(out));
  });
}

export async function bundleSize(config: string): Promise<BundleSize> {
  const outdir = mkdtempSync(path.join(tmpdir(), 'bench-bundle-'));
  try {
    const out = await dryRun(config, outdir);
    const m = /Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/.exec(out);
    if (!m) console.error(`bundle: no size in the dry run of ${config}:\n${out.slice(-2000)}`);
    return { config, totalKiB: m ? Number(m[1]) : null, gzipKiB: m ? Number(m[2]) : null };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

export function bundleTable(rows: readonly BundleSize[]): string {
  const f = (x: number | null) => (x === null ? '–' : x.toFixed(1));
  return [
    '| Worker config | bundle KiB | gzip KiB |',
    '| --- | --: | --: |',
    ...rows.map((r) => `| ${r.config} | ${f(r.totalKiB)} | ${f(r.gzipKiB)} |`),
  ].join('\n');
}

if (import.meta.main) {
  const rows: BundleSize[] = [];
  for (const c of WORKER_CONFIGS) rows.push(await bundleSize(c));
  console.log(`\n### Worker bundles (wrangler deploy --dry-run)\n\n${bundleTable(rows)}\n`);
  process.exit(rows.every((r) => r.gzipKiB !== null) ? 0 : 1);
}
