// Node-only (the launcher, never a Worker): the local Chromium of the browser lane under wrangler dev. Before wrangler
// starts, scripts/setup-local-chrome.mjs writes a wrapper into a cache folder of this data dir (so the environment
// proxy and the PID file are this service's own); when the service stops, every Chromium that wrapper started is
// killed. Miniflare starts Chromium detached (its own process group), so a SIGKILL of wrangler would leave it running.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SETUP = path.join(ROOT, 'scripts/setup-local-chrome.mjs');

export interface LocalChrome {
  /** XDG_CACHE_HOME for wrangler: miniflare finds the wrapper under it. */
  cacheHome: string;
  /** The wrapper appends the PID of every Chromium it starts here. */
  pidFile: string;
}

function proxyArgs(vars: Record<string, string>): string[] {
  const pick = (upper: string) => vars[upper] ?? vars[upper.toLowerCase()];
  const out: string[] = [];
  const pairs: [string, string | undefined][] = [
    ['--https-proxy', pick('HTTPS_PROXY')],
    ['--http-proxy', pick('HTTP_PROXY')],
    ['--no-proxy', pick('NO_PROXY')],
  ];
  for (const [flag, value] of pairs) if (value) out.push(flag, value);
  return out;
}

/** Runs the (idempotent) set-up for this data dir; throws with the script's output when it fails. */
export function prepareLocalChrome(runDir: string, vars: Record<string, string>, hosted: boolean): LocalChrome {
  const cacheHome = path.join(runDir, 'chrome-cache');
  const pidFile = path.join(runDir, 'chrome.pids');
  // Hosted mode has no environment proxy (decision D27): neither has its browser.
  const args = [SETUP, '--wrapper-root', cacheHome, '--pid-file', pidFile, ...(hosted ? [] : proxyArgs(vars))];
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', env: process.env });
  if (r.status !== 0) throw new Error(`local Chromium set-up failed: ${r.stderr || r.stdout || r.error?.message}`);
  return { cacheHome, pidFile };
}

/** True when the PID still belongs to a Chromium that miniflare started (PIDs are reused). */
function isOurChromium(pid: number): boolean {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmd.includes('--remote-debugging-port') && cmd.includes('browser-rendering');
  } catch {
    return false;
  }
}

/** True while the process exists and is not a zombie (a killed child of a killed parent may wait to be reaped). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Kills every Chromium listed in the PID file (with its process group), empties the file and waits (at most
 * `waitMs`) until they are gone; returns how many were killed.
 */
export async function killLocalChrome(pidFile: string, waitMs = 3_000): Promise<number> {
  const killed = signalLocalChrome(pidFile);
  const until = Date.now() + waitMs;
  while (killed.some(isRunning) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  return killed.length;
}

function signalLocalChrome(pidFile: string): number[] {
  if (!existsSync(pidFile)) return [];
  const pids = readFileSync(pidFile, 'utf8').split('\n').map(Number).filter((n) => Number.isInteger(n) && n > 1);
  const killed: number[] = [];
  for (const pid of new Set(pids)) {
    if (!isOurChromium(pid)) continue;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        continue;
      }
    }
    killed.push(pid);
  }
  rmSync(pidFile, { force: true });
  return killed;
}
