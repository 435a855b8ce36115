// Starts the real local service through the same launcher as `npm start` (src/local/launcher.ts) on free ports with a
// temporary data dir, and stops it again. `restart()` keeps the data dir, to prove state survives.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../../src/local/ports.ts';

export { freePort };
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServiceOptions {
  tokens?: string[];
  hosted?: boolean;
  env?: Record<string, string>;
  dataDir?: string;
  /** API port; default a free one. For settings that must name the public URL in advance (SVC_MCP_RESOURCE). */
  port?: number;
}

export interface Service {
  base: string;
  previewBase: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** fetch against the API with JSON helpers. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
  /** SIGKILL the whole process group (launcher, wrangler, workerd), as a crash would. */
  kill9(): Promise<void>;
  restart(): Promise<Service>;
}


async function json(res: Response): Promise<{ status: number; body: any }> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // leave as text
  }
  return { status: res.status, body };
}

interface Launched {
  child: ChildProcess;
  output: () => string;
}

/** Starts the launcher and waits until both Workers serve; rejects with its output if it exits first. */
async function launch(args: string[], env: Record<string, string>): Promise<Launched> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start in time:\n${out}`)), 150_000);
    const check = setInterval(() => {
      if (out.includes('Preview:')) {
        clearInterval(check);
        clearTimeout(timer);
        resolve();
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}:\n${out}`));
    });
  });
  return { child, output: () => out };
}

/** The service's environment: only the settings a test gives it. */
function serviceEnv(opts: ServiceOptions): Record<string, string> {
  const env: Record<string, string> = {};
  // No SVC_* and no proxy variables inherited from the machine (an HTTP_PROXY on a CI host would otherwise route the
  // fixture sites' loopback traffic through it).
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith('SVC_') && !/^(https?|no|all)_proxy$/i.test(k)) env[k] = v;
  }
  return Object.assign(env, opts.env ?? {});
}

export async function startService(opts: ServiceOptions = {}): Promise<Service> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'svc-test-'));
  // Ports are free when picked, but another service starting beside this one (tests run in parallel) may take one
  // before wrangler binds it, or one of wrangler's own internal sockets: then the start is tried again on new ports.
  for (let attempt = 1; ; attempt++) {
    const [port, previewPort] = [opts.port ?? (await freePort()), await freePort()];
    const args = [path.join(ROOT, 'src/local/launcher.ts'), '--port', String(port), '--preview-port', String(previewPort), '--data-dir', dataDir];
    for (const t of opts.tokens ?? []) args.push('--token', t);
    if (opts.hosted) args.push('--hosted');
    try {
      const { child, output } = await launch(args, serviceEnv(opts));
      return serviceHandle(opts, dataDir, port, previewPort, child, output);
    } catch (err) {
      if (attempt >= 3 || !/Address already in use/.test(String(err))) throw err;
    }
  }
}

function serviceHandle(opts: ServiceOptions, dataDir: string, port: number, previewPort: number, child: ChildProcess, output: () => string): Service {
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const svc: Service = {
    base,
    previewBase: `http://127.0.0.1:${previewPort}`,
    dataDir,
    child,
    output,
    post: async (p, body, headers = {}) =>
      json(await fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) })),
    get: async (p, headers = {}) => json(await fetch(base + p, { headers })),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
    kill9: async () => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    },
    restart: async () => {
      await svc.stop();
      return startService({ ...opts, dataDir });
    },
  };
  return svc;
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
