#!/usr/bin/env node
// Local Chromium for the browser lane (Browser Rendering under wrangler dev / @cloudflare/vitest-plugin).
// Miniflare looks for "Chrome for Testing" at a hard-coded version under
//   ${XDG_CACHE_HOME}/.wrangler/chrome/linux-<BROWSER_VERSION>/chrome-linux64/chrome
// and downloads it otherwise (no internet here). This script puts a small shell wrapper there that execs a local
// Chromium, plus the `.miniflare-install-complete` marker (without it a failed launch deletes the folder).
// Chromium: $CHROME_BIN when set, else the headless shell inside the npm package @sparticuz/chromium, unpacked once
// into its own folder (it unpacks into TMPDIR and reuses whatever it finds there).
// Idempotent and safe to run concurrently: `npm ci` runs it (postinstall) and the launcher runs it at every start.
//
// Options (the launcher passes them; postinstall runs it bare):
//   --wrapper-root DIR   where the .wrangler/chrome tree goes (default: the cache root)
//   --pid-file FILE      the wrapper appends the PID of every Chromium it starts (the launcher kills them on stop)
//   --https-proxy URL --http-proxy URL --no-proxy LIST   route Chromium's traffic through the environment proxy
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i];
    if (!key.startsWith('--') || argv[i + 1] === undefined) throw new Error(`setup-local-chrome: bad argument ${key}`);
    out[key.slice(2)] = argv[i + 1];
  }
  return out;
}

/** Miniflare's hard-coded Chrome version, read from its bundle so that an upgrade keeps working. */
function miniflareBrowserVersion() {
  const bundle = fs.readFileSync(path.join(path.dirname(require.resolve('miniflare')), 'index.js'), 'utf8');
  const m = /var BROWSER_VERSION = "([\d.]+)";/.exec(bundle);
  if (!m) throw new Error('setup-local-chrome: BROWSER_VERSION not found in the miniflare bundle');
  return m[1];
}

function packageVersion(name) {
  let dir = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

/** Unpacks @sparticuz/chromium once; a second process racing us either finds it done or loses the rename. */
async function unpackedChromium(cacheRoot) {
  const version = packageVersion('@sparticuz/chromium');
  const dir = path.join(cacheRoot, 'sparticuz-chromium', version);
  const done = path.join(dir, '.unpacked');
  if (fs.existsSync(done)) return path.join(dir, 'chromium');
  const tmp = `${dir}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  process.env.TMPDIR = tmp;
  const { default: chromium } = await import('@sparticuz/chromium');
  await chromium.executablePath();
  fs.writeFileSync(path.join(tmp, '.unpacked'), '');
  // A half-unpacked folder from a killed run has no marker: replace it.
  if (fs.existsSync(dir) && !fs.existsSync(done)) fs.rmSync(dir, { recursive: true, force: true });
  try {
    fs.renameSync(tmp, dir);
  } catch (err) {
    if (!fs.existsSync(done)) throw err;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return path.join(dir, 'chromium');
}

const quote = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;

/**
 * Chromium's proxy flags from the environment proxy. Chromium never proxies loopback unless told (`<-loopback>`);
 * the HTTP lane does, so the browser does too, except for what NO_PROXY lists.
 */
export function proxyFlags(o) {
  const rules = [];
  if (o['https-proxy']) rules.push(`https=${o['https-proxy']}`);
  if (o['http-proxy']) rules.push(`http=${o['http-proxy']}`);
  const noProxy = (o['no-proxy'] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (rules.length === 0 || noProxy.includes('*')) return [];
  return [`--proxy-server=${rules.join(';')}`, `--proxy-bypass-list=${['<-loopback>', ...noProxy].join(';')}`];
}

function wrapperText(target, o) {
  // No traffic of Chromium's own (updates, pings, reliability reports, QUIC probes): it may reach only the pages the
  // service asks for. miniflare already passes --disable-background-networking and --disable-sync.
  const quiet = ['--disable-component-update', '--disable-domain-reliability', '--no-pings', '--disable-quic'];
  const flags = ['--no-sandbox', '--disable-gpu', ...quiet, ...proxyFlags(o)];
  if (process.env.CHROME_HOST_RULES) flags.push(`--host-resolver-rules=${process.env.CHROME_HOST_RULES}`);
  const lines = ['#!/bin/sh', '# Written by scripts/setup-local-chrome.mjs: the local Chromium of the browser lane.'];
  // exec keeps the PID: the launcher kills this process group when the service stops (even after a SIGKILL).
  if (o['pid-file']) lines.push(`echo $$ >> ${quote(o['pid-file'])}`);
  // Chromium runs in its own process group (started detached): when the process that started it (wrangler) dies, even
  // by SIGKILL with the whole service, a watchdog in that group takes the group down with it.
  lines.push('parent=$PPID');
  lines.push('( while kill -0 "$parent" 2>/dev/null; do sleep 1; done; kill -9 -$$ ) </dev/null >/dev/null 2>&1 &');
  // --no-sandbox: miniflare adds it only when $CI is set, and Chromium refuses to start as root without it.
  lines.push(`exec ${quote(target)} ${flags.map(quote).join(' ')} "$@"`);
  return lines.join('\n') + '\n';
}

/** Writes a file only when its content changes, through a rename (a running service may be executing it). */
function writeIfChanged(file, text, mode) {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return;
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, text, { mode });
  fs.renameSync(tmp, file);
}

export async function setupLocalChrome(o = {}) {
  const cacheRoot = process.env.XDG_CACHE_HOME || path.join(ROOT, 'node_modules', '.cache');
  const target = process.env.CHROME_BIN || (await unpackedChromium(cacheRoot));
  const installDir = path.join(o['wrapper-root'] ?? cacheRoot, '.wrangler', 'chrome', `linux-${miniflareBrowserVersion()}`);
  const exe = path.join(installDir, 'chrome-linux64', 'chrome');
  fs.mkdirSync(path.dirname(exe), { recursive: true });
  writeIfChanged(exe, wrapperText(target, o), 0o755);
  // Without the marker, a failed launch from a folder miniflare never installed makes it delete the folder.
  writeIfChanged(path.join(installDir, '.miniflare-install-complete'), '', 0o644);
  return { exe, target };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2));
  try {
    const { exe, target } = await setupLocalChrome(args);
    console.log(`chrome wrapper: ${exe} -> ${target}`);
  } catch (err) {
    // The browser lane is optional: `npm ci` must not fail for it (the launcher tries again and says so).
    console.error(`setup-local-chrome: the browser lane will be unavailable: ${err instanceof Error ? err.message : err}`);
    process.exitCode = args['wrapper-root'] ? 1 : 0;
  }
}
