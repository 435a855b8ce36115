// Flags of `npm start -- …` (the local managed service). Pure parsing, so it is tested without starting anything.
import { parseProxySettings } from '../lanes/proxy/settings.ts';
import { errorMessage } from '../io/errors.ts';

export interface LaunchOptions {
  port: number;
  previewPort: number;
  dataDir: string;
  tokens: string[];
  hosted: boolean;
}

export class UsageError extends Error {}

export const USAGE = `usage: npm start -- [--port N] [--preview-port N] [--data-dir DIR] [--token T]... [--hosted]
  --port N          API (/v1) port on 127.0.0.1 (default 8787)
  --preview-port N  anonymous preview host port on 127.0.0.1 (default 8788)
  --data-dir DIR    persisted state: Durable Objects, R2 files, queues, logs (default ./.svc-data)
  --token T         accept "Authorization: Bearer T" (repeatable; also SVC_API_TOKEN, SVC_API_TOKENS)
  --hosted          hosted mode: tokens required, internal error messages hidden`;

function port(flag: string, raw: string | undefined): number {
  const n = Number(raw);
  if (raw === undefined || !/^\d+$/.test(raw) || n < 1 || n > 65535) throw new UsageError(`${flag} needs a port number from 1 to 65535`);
  return n;
}

export function parseLaunchArgs(argv: string[], env: Record<string, string | undefined>): LaunchOptions {
  const o: LaunchOptions = { port: 8787, previewPort: 8788, dataDir: './.svc-data', tokens: [], hosted: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--port': o.port = port(flag, value()); break;
      case '--preview-port': o.previewPort = port(flag, value()); break;
      case '--data-dir': o.dataDir = value(); break;
      case '--token': o.tokens.push(value()); break;
      case '--hosted': o.hosted = true; break;
      case '--help': case '-h': throw new UsageError(USAGE);
      default: throw new UsageError(`unknown flag ${a}\n${USAGE}`);
    }
  }
  if (o.port === o.previewPort) throw new UsageError('--port and --preview-port must differ');
  const fromEnv = [env.SVC_API_TOKEN ?? '', ...(env.SVC_API_TOKENS ?? '').split(',')].map((t) => t.trim()).filter(Boolean);
  o.tokens = [...new Set([...o.tokens, ...fromEnv])];
  if (o.tokens.some((t) => t.includes(','))) throw new UsageError('a token must not contain a comma');
  try {
    // An unusable proxy URL stops the launcher here instead of failing every capture (decision D27).
    parseProxySettings({ HTTPS_PROXY: env.HTTPS_PROXY ?? env.https_proxy, HTTP_PROXY: env.HTTP_PROXY ?? env.http_proxy });
  } catch (err) {
    throw new UsageError(errorMessage(err));
  }
  if (o.hosted && o.tokens.length === 0) {
    throw new UsageError('--hosted requires at least one API token: pass --token T, or set SVC_API_TOKEN or SVC_API_TOKENS');
  }
  if (o.hosted && (env.SVC_PREVIEW_ALLOW_ORIGINS ?? '').trim() !== '') {
    // The exemption exists for tests and local demos of loopback fixture sites only (decision D141).
    throw new UsageError('--hosted refuses to start with SVC_PREVIEW_ALLOW_ORIGINS set: it exempts origins from the preview\'s address policy');
  }
  return o;
}

const PROXY_VARS = new Set(['HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'https_proxy', 'http_proxy', 'no_proxy']);

/** The settings passed through to the Workers: every SVC_* variable plus the proxy variables (local mode). */
export function workerVars(o: LaunchOptions, env: Record<string, string | undefined>): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined || v === '') continue;
    if (k.startsWith('SVC_') || PROXY_VARS.has(k)) {
      vars[k.toUpperCase()] = v;
    }
  }
  delete vars.SVC_API_TOKEN;
  if (o.tokens.length > 0) vars.SVC_API_TOKENS = o.tokens.join(',');
  else delete vars.SVC_API_TOKENS;
  if (o.hosted) vars.SVC_HOSTED = '1';
  return vars;
}
