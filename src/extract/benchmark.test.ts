// Regression gate for extraction quality: the shared scorer (shared/bench/extraction/score.mjs) on a fixed subset,
// the first 40 benchmark pages in id order, through the same batch script as `bench/extraction/run.ts`.
// At the time of writing this subset scores F1 0.979 P 0.966 R 0.993; the floors sit a little below.
// The 40 pages, their ground truth and the scorer are copied into test/fixtures/extraction-subset (no ../shared).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '..', '..');
// The in-repo subset (test/fixtures/extraction-subset, see its SOURCE.md): its score.mjs scores its own folder.
const SCORER = path.join(REPO, 'test', 'fixtures', 'extraction-subset', 'score.mjs');
const BATCH = path.join(REPO, 'bench', 'extraction', 'batch.ts');

const FLOOR = { f1: 0.968, p: 0.95, r: 0.985 };

/** A Node that runs .ts by type stripping: the project's pinned Node 24 when present, else the current one. */
function nodeBinary(): string {
  const pinned = path.join(REPO, 'node_modules', 'node', 'bin', 'node');
  return fs.existsSync(pinned) ? pinned : process.execPath;
}

describe('extraction benchmark subset (40 pages)', () => {
  it('stays above the quality floor', () => {
    expect(fs.existsSync(SCORER), `scorer not found at ${SCORER}`).toBe(true);
    const node = nodeBinary();
    const cmd = `${JSON.stringify(node)} ${JSON.stringify(BATCH)} ours {in} {out}`;
    const r = spawnSync(node, [SCORER, '--batch-cmd', cmd, '--limit', '40', '--bootstrap', '0'], {
      cwd: REPO,
      encoding: 'utf8',
      timeout: 90_000,
    });
    const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('extraction:')) ?? '';
    const m = /F1 ([\d.]+) P ([\d.]+) R ([\d.]+) pages (\d+) failed (\d+)/.exec(line);
    expect(m, `no score line; stderr: ${r.stderr}`).not.toBeNull();
    const [, f1, p, rec, pages, failed] = (m as RegExpExecArray).map(Number);
    expect(pages).toBe(40);
    expect(failed).toBe(0);
    expect(f1).toBeGreaterThanOrEqual(FLOOR.f1);
    expect(p).toBeGreaterThanOrEqual(FLOOR.p);
    expect(rec).toBeGreaterThanOrEqual(FLOOR.r);
  }, 120_000);
});
