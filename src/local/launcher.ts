#!/usr/bin/env node
// `npm start`: the local managed service. Runs the API Worker (/v1 + scheduler + Queue consumer, with Durable Objects,
// R2 and Queues) and the preview Worker on workerd via `wrangler dev`, state persisted under --data-dir. Crons never
// fire by themselves under wrangler dev, so this launcher triggers the scheduler once a minute.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { freePort } from './ports.ts';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/config.ts';
import { WorkerdLogFilter } from './log-filter.ts';
import { parseLaunchArgs, UsageError, workerVars, type LaunchOptions } from './args.ts';
import { loadPreviewConfig } from '../preview/config.ts';
import { killLocalChrome, prepareLocalChrome, type LocalChrome } from '../lanes/browser/local-chrome.ts';
import { errorMessage } from '../io/errors.ts';
import { randomId } from '../io/text.ts';
import { MARK_VARIABLE, signalMarked } from './marked.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
// wrangler's own server script, run directly: its `bin/wrangler.js` is only a wrapper that spawns this script as a
// second process, and a wrapper killed with SIGKILL left that process (and its workerd) running, holding the port.
const WRANGLER = path.join(ROOT, 'node_modules/wrangler/wrangler-dist/cli.js');
const CRON = '* * * * *';
// Carried by every process this launcher starts (wrangler, and the workerd wrangler starts): see marked.ts.
const MARK = randomId('launch');


function envFile(vars: Record<string, string>): string {
  // dotenv syntax; values are single-quoted so that `#`, spaces and `$` survive.
  return Object.entries(vars)
    .map(([k, v]) => `${k}='${v.replace(/'/g, "'\\''").replace(/\n/g, ' ')}'`)
    .join('\n') + '\n';
}

async function startWrangler(name: string, config: string, port: number, o: LaunchOptions, vars: Record<string, string>, chrome: LocalChrome | null = null): Promise<ChildProcess> {
  const runDir = path.join(o.dataDir, 'run');
  mkdirSync(runDir, { recursive: true });
  const file = path.join(runDir, `${name}.env`);
  writeFileSync(file, envFile(vars), { mode: 0o600 });
  const args = [
    // What bin/wrangler.js adds (the launcher itself runs on the Node that wrangler needs, package.json's `node`).
    '--no-warnings',
    WRANGLER, 'dev',
    '--config', path.join(ROOT, config),
    '--ip', '127.0.0.1',
    '--port', String(port),
    '--inspector-port', String(await freePort()),
    // One state folder per Worker: two workerd processes opening the same SQLite files at start race (SQLITE_BUSY).
    '--persist-to', path.join(o.dataDir, name === 'api' ? 'state' : `${name}-state`),
    '--env-file', file,
    '--show-interactive-dev-session=false',
    '--log-level', process.env.SVC_LOG_LEVEL ?? 'warn',
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // Piped through WorkerdLogFilter: workerd's native DNS-failure stacks are dropped (a page result says it all).
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      [MARK_VARIABLE]: MARK,
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      // Development aids of wrangler dev that a service must not run (D72): the local explorer, an API on every port
      // that reads and writes any Durable Object, KV namespace and bucket without a token, and local observability,
      // which streams every invocation's trace to a collector that writes it to SQLite (about 40 % of a crawled
      // page's CPU).
      X_LOCAL_EXPLORER: 'false',
      X_LOCAL_OBSERVABILITY: 'false',
      WRANGLER_LOG_PATH: path.join(o.dataDir, 'logs'),
      // The browser lane's Chromium wrapper of this data dir (src/lanes/browser/local-chrome.ts).
      XDG_CACHE_HOME: chrome?.cacheHome ?? process.env.XDG_CACHE_HOME ?? path.join(ROOT, 'node_modules/.cache'),
    },
  });
  forwardFiltered(child.stdout, process.stdout);
  forwardFiltered(child.stderr, process.stderr);
  return child;
}

function forwardFiltered(from: NodeJS.ReadableStream | null, to: NodeJS.WritableStream): void {
  if (from === null) return;
  const filter = new WorkerdLogFilter();
  from.setEncoding('utf8');
  from.on('data', (chunk: string) => {
    const out = filter.push(chunk);
    if (out !== '') to.write(out);
  });
  from.on('end', () => {
    const rest = filter.flush();
    if (rest !== '') to.write(rest);
  });
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: wrangler exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready within ${timeoutMs} ms`);
}

async function main(): Promise<void> {
  let o: LaunchOptions;
  try {
    o = parseLaunchArgs(process.argv.slice(2), process.env);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  o.dataDir = path.resolve(o.dataDir);
  const vars = workerVars(o, process.env);
  // Preview quotas of a local service start from zero at every launch (spec "Limits" rule 3): the counter Durable
  // Object keys its rows by this epoch, while its state directory persists (decision D143).
  vars.SVC_PREVIEW_EPOCH = String(Date.now());
  // The local queues live in memory: a fresh runtime sends again the work a previous one held (decision D223).
  vars.SVC_LOCAL_SERVICE = '1';
  // The Workers read these settings with the same loaders: a setting they would refuse stops us before starting.
  try {
    await loadConfig(vars);
    loadPreviewConfig(vars);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
  mkdirSync(o.dataDir, { recursive: true });
  // The browser lane's local Chromium (idempotent set-up); a Chromium left by a killed earlier run is stopped first.
  let chrome: LocalChrome | null = null;
  try {
    mkdirSync(path.join(o.dataDir, 'run'), { recursive: true });
    chrome = prepareLocalChrome(path.join(o.dataDir, 'run'), vars, o.hosted);
    await killLocalChrome(chrome.pidFile);
  } catch (err) {
    console.error(`warning: the browser lane is unavailable: ${errorMessage(err)}`);
  }

  const children: ChildProcess[] = [];
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    clearInterval(ticker);
    let alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
    for (const c of alive) c.kill('SIGTERM');
    const done = () => {
      // A workerd whose wrangler died abruptly is no longer our child's child: found by its mark, it goes too.
      signalMarked(MARK, 'SIGKILL');
      void (chrome ? killLocalChrome(chrome.pidFile) : Promise.resolve(0)).finally(() => process.exit(code));
    };
    if (alive.length === 0) done();
    for (const c of alive) {
      c.once('exit', () => {
        alive = alive.filter((x) => x !== c);
        if (alive.length === 0) done();
      });
    }
    setTimeout(() => {
      for (const c of alive) c.kill('SIGKILL');
      done();
    }, 10_000).unref();
  };
  let ticker: NodeJS.Timeout | undefined;
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  // `npm start` does not pass SIGTERM on to us: when our parent goes away, stop rather than orphan workerd.
  const parent = process.ppid;
  const orphanCheck = setInterval(() => {
    if (process.ppid !== parent) stop(0);
  }, 1000);
  orphanCheck.unref();

  const api = await startWrangler('api', 'wrangler.toml', o.port, o, vars, chrome);
  const preview = await startWrangler('preview', 'wrangler.preview.toml', o.previewPort, o, vars);
  children.push(api, preview);
  for (const c of children) {
    c.once('exit', (code, signal) => {
      if (!stopping) {
        console.error(`a Worker process stopped unexpectedly (code ${code}, signal ${signal}); shutting down`);
        stop(1);
      }
    });
  }
  const apiUrl = `http://127.0.0.1:${o.port}`;
  const previewUrl = `http://127.0.0.1:${o.previewPort}`;
  try {
    await Promise.all([waitReady(`${apiUrl}/healthz`, api, 120_000), waitReady(`${previewUrl}/healthz`, preview, 120_000)]);
  } catch (err) {
    console.error(errorMessage(err));
    stop(1);
    return;
  }
  console.log(`capture service ready (data dir ${o.dataDir}${o.tokens.length ? `, ${o.tokens.length} token(s)` : ', no tokens'}${o.hosted ? ', hosted' : ''})`);
  console.log(`API:     ${apiUrl}/v1`);
  console.log(`Preview: ${previewUrl}`);

  // The scheduler: fire the cron once a minute, as Cloudflare would.
  const fire = () => {
    fetch(`${apiUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(CRON)}`, { signal: AbortSignal.timeout(30_000) }).catch(() => undefined);
  };
  ticker = setInterval(fire, Number(process.env.SVC_SCHEDULER_INTERVAL_MS ?? 60_000));
  // At once too: the first run sends again the batch and crawl work a previous process died with (D223).
  fire();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
