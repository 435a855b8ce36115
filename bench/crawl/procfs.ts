// CPU and RSS of a service's processes from /proc (Linux): every process of one process group (the launcher is
// started detached, so its group holds wrangler, workerd and the local Chromium wrapper), filtered by command name.
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let clkTck = 100;
try {
  clkTck = Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;
} catch {
  // 100 is the Linux default
}

interface Stat {
  pid: number;
  comm: string;
  pgrp: number;
  cpuS: number;
  /** CPU of its children that ended and were waited for (cutime + cstime). */
  childrenCpuS: number;
}

function stat(pid: number): Stat | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = s.lastIndexOf(')');
    const comm = s.slice(s.indexOf('(') + 1, close);
    // Fields after "(comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
    const f = s.slice(close + 2).split(' ');
    return { pid, comm, pgrp: Number(f[2]), cpuS: (Number(f[11]) + Number(f[12])) / clkTck, childrenCpuS: (Number(f[13]) + Number(f[14])) / clkTck };
  } catch {
    return null;
  }
}

function group(pgrp: number): Stat[] {
  const out: Stat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (s && s.pgrp === pgrp) out.push(s);
  }
  return out;
}

/** Processes of a process group whose command name starts with `comm` (e.g. "workerd"). */
export function groupPids(pgrp: number, comm: string): number[] {
  return group(pgrp)
    .filter((s) => s.comm.startsWith(comm))
    .map((s) => s.pid);
}

/**
 * CPU seconds of every `comm` process of the group so far, including those that ended: wrangler dev replaces its
 * workerd process when it reloads the Worker, and an ended child's CPU moves to its parent's cutime/cstime.
 */
export function groupCpuSeconds(pgrp: number, comm: string): number {
  return group(pgrp).reduce((a, s) => a + (s.comm.startsWith(comm) ? s.cpuS : 0) + s.childrenCpuS, 0);
}

/** Resident set size in MB of these processes, summed. */
export function rssMb(pids: readonly number[]): number {
  let kb = 0;
  for (const p of pids) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}
