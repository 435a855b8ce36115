// The processes one launcher started, found again by a mark in their environment. wrangler runs workerd as a child
// of its own; when wrangler dies abruptly (SIGKILL, a crash), that workerd is re-parented and would keep the port and
// the state folder. Every process the launcher starts inherits SVC_LAUNCH_MARK, so the launcher can stop all of them
// on the way out, whoever their parent is now. Linux only (/proc); elsewhere nothing is found and nothing is done.
import { readdirSync, readFileSync } from 'node:fs';

export const MARK_VARIABLE = 'SVC_LAUNCH_MARK';

/** PIDs of live processes (other than this one) whose environment carries `SVC_LAUNCH_MARK=<mark>`. */
export function markedProcesses(mark: string, proc = '/proc'): number[] {
  const needle = `\0${MARK_VARIABLE}=${mark}\0`;
  const out: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync(proc);
  } catch {
    return out;
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      if (`\0${readFileSync(`${proc}/${entry}/environ`, 'latin1')}`.includes(needle)) out.push(pid);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return out;
}

/** Sends `signal` to every marked process; returns how many were signalled. */
export function signalMarked(mark: string, signal: NodeJS.Signals): number {
  let n = 0;
  for (const pid of markedProcesses(mark)) {
    try {
      process.kill(pid, signal);
      n++;
    } catch {
      // Already gone.
    }
  }
  return n;
}
