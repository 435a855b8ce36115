import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MARK_VARIABLE, markedProcesses, signalMarked } from './marked.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('marked processes', () => {
  it('finds environments that carry the mark exactly, not a mark it is a prefix of', () => {
    const proc = mkdtempSync(path.join(tmpdir(), 'proc-'));
    dirs.push(proc);
    const entry = (pid: string, env: string[]) => {
      mkdirSync(path.join(proc, pid));
      writeFileSync(path.join(proc, pid, 'environ'), env.map((e) => `${e}\0`).join(''));
    };
    entry('101', ['PATH=/bin', `${MARK_VARIABLE}=launch_a`]);
    entry('102', [`${MARK_VARIABLE}=launch_a`, 'HOME=/root']);
    entry('103', [`${MARK_VARIABLE}=launch_ab`]);
    entry('104', ['PATH=/bin']);
    mkdirSync(path.join(proc, 'self'));
    expect(markedProcesses('launch_a', proc).sort()).toEqual([101, 102]);
  });

  it('stops a marked process that is not a child of ours any more', async () => {
    const mark = `launch_test_${process.pid}_${Date.now()}`;
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { env: { ...process.env, [MARK_VARIABLE]: mark }, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    await new Promise((r) => setTimeout(r, 200));
    expect(markedProcesses(mark)).toEqual([child.pid]);
    expect(signalMarked(mark, 'SIGKILL')).toBe(1);
    expect(await exited).toBe('SIGKILL');
  });
});
