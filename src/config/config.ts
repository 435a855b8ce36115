// Bindings and SVC_* settings are read once, at the edge of each Worker, into this typed config; everything below
// receives it as a parameter (no env reads deep inside).
import { parseMaxFileBytesSetting } from '../files/limits.ts';
import { sha256Hex } from '../files/sha256.ts';
import { NO_PROXY_ROUTES, parseProxySettings, ProxySettingsError, type ProxyRoutes } from '../lanes/proxy/settings.ts';
import { errorMessage } from '../io/errors.ts';
import type { ProviderSettings } from '../lanes/provider.ts';


export interface ModelSettings {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
}

export interface Config {
  /** `--hosted`: tokens required, internal error messages hidden. */
  hosted: boolean;
  /** Hex SHA-256 digests of the accepted bearer tokens; empty = no authentication (decision D1). */
  tokenDigests: string[];
  maxFileBytes: number;
  contact: string | null;
  sourceCommit: string | null;
  captureRawDir: string | null;
  model: ModelSettings | null;
  /** The environment proxy of local mode (HTTPS_PROXY / HTTP_PROXY / NO_PROXY, decision D27); none when hosted. */
  proxy: ProxyRoutes;
  /** SVC_BROWSER_MAX_PAGES: browser-lane pages open at once per Worker isolate (decision D240). */
  browserMaxPages: number;
  /** SVC_PROVIDER_URL (+ SVC_PROVIDER_TOKEN): the provider lane's rendering endpoint; null = no provider lane. */
  provider: ProviderSettings | null;
  /** SVC_SESSION_KEY: encrypts stored browser sessions at rest; null = sessions are refused. */
  sessionKey: string | null;
}

/** Raised when a setting is unusable; the launcher refuses to start, a deployed Worker answers internal_error. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, unknown>;

/** A setting as text: trimmed, null when absent, not a string or blank. Every Worker's edge reads settings with it. */
export function str(env: Env, key: string): string | null {
  const v = env[key];
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' ? null : t;
}

/** SVC_HOSTED: `1` or `true` (the launcher's `--hosted`). */
export function hostedSetting(env: Env): boolean {
  const v = str(env, 'SVC_HOSTED');
  return v === '1' || v === 'true';
}

/** Tokens from SVC_API_TOKEN and the comma-separated SVC_API_TOKENS (the launcher folds `--token` into the latter). */
export function tokensFromEnv(env: Env): string[] {
  const out: string[] = [];
  const one = str(env, 'SVC_API_TOKEN');
  if (one) out.push(one);
  for (const t of (str(env, 'SVC_API_TOKENS') ?? '').split(',')) {
    const s = t.trim();
    if (s) out.push(s);
  }
  return [...new Set(out)];
}


/** Reads the proxy variables (upper case, as the launcher passes them, or lower case); unusable → ConfigError. */
export function proxyRoutesFromEnv(env: Env): ProxyRoutes {
  try {
    return parseProxySettings({
      HTTPS_PROXY: str(env, 'HTTPS_PROXY') ?? str(env, 'https_proxy'),
      HTTP_PROXY: str(env, 'HTTP_PROXY') ?? str(env, 'http_proxy'),
      NO_PROXY: str(env, 'NO_PROXY') ?? str(env, 'no_proxy'),
    });
  } catch (err) {
    if (err instanceof ProxySettingsError) throw new ConfigError(err.message);
    throw err;
  }
}


function maxFileBytesSetting(raw: string | null): number {
  try {
    return parseMaxFileBytesSetting(raw ?? undefined);
  } catch (err) {
    throw new ConfigError(errorMessage(err));
  }
}

export const DEFAULT_BROWSER_MAX_PAGES = 2;
export const MAX_BROWSER_MAX_PAGES = 16;

function browserMaxPagesSetting(raw: string | null): number {
  if (raw === null) return DEFAULT_BROWSER_MAX_PAGES;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_BROWSER_MAX_PAGES) {
    throw new ConfigError(`SVC_BROWSER_MAX_PAGES must be a whole number from 1 to ${MAX_BROWSER_MAX_PAGES}`);
  }
  return n;
}

function providerSetting(env: Env): ProviderSettings | null {
  const url = str(env, 'SVC_PROVIDER_URL');
  if (url === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('SVC_PROVIDER_URL must be an http or https URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError('SVC_PROVIDER_URL must be an http or https URL');
  return { url: parsed.href, token: str(env, 'SVC_PROVIDER_TOKEN') };
}

/** The stored sessions' key material: at least 16 characters (a key is derived from it with HKDF, decision D246). */
function sessionKeySetting(raw: string | null): string | null {
  if (raw !== null && raw.length < 16) throw new ConfigError('SVC_SESSION_KEY must be at least 16 characters long');
  return raw;
}

export async function loadConfig(env: Env): Promise<Config> {
  const hosted = hostedSetting(env);
  const tokens = tokensFromEnv(env);
  if (hosted && tokens.length === 0) throw new ConfigError('--hosted requires at least one API token');
  const baseUrl = str(env, 'SVC_EXTRACT_BASE_URL');
  const model = str(env, 'SVC_EXTRACT_MODEL');
  const modelTimeout = Number(str(env, 'SVC_EXTRACT_TIMEOUT_MS') ?? '60000');
  return {
    hosted,
    tokenDigests: await Promise.all(tokens.map((t) => sha256Hex(new TextEncoder().encode(t)))),
    maxFileBytes: maxFileBytesSetting(str(env, 'SVC_MAX_FILE_BYTES')),
    contact: str(env, 'SVC_CONTACT'),
    sourceCommit: str(env, 'SVC_SOURCE_COMMIT'),
    captureRawDir: str(env, 'SVC_CAPTURE_RAW_DIR'),
    model:
      baseUrl && model
        ? {
            baseUrl,
            model,
            apiKey: str(env, 'SVC_EXTRACT_API_KEY'),
            timeoutMs: Number.isFinite(modelTimeout) && modelTimeout > 0 ? modelTimeout : 60000,
          }
        : null,
    proxy: hosted ? NO_PROXY_ROUTES : proxyRoutesFromEnv(env),
    browserMaxPages: browserMaxPagesSetting(str(env, 'SVC_BROWSER_MAX_PAGES')),
    provider: providerSetting(env),
    sessionKey: sessionKeySetting(str(env, 'SVC_SESSION_KEY')),
  };
}

/**
 * `read` once per settings object: workerd hands every request of an isolate the same `env`, and the settings cannot
 * change while it lives, so what is read from them is kept for it. A call without a settings object (some unit tests
 * run the app without bindings) reads every time.
 */
export function oncePerSettings<V>(read: (env: Env) => V): (env: Env) => V {
  const kept = new WeakMap<object, V>();
  return (env) => {
    if (typeof env !== 'object' || env === null) return read(env);
    if (!kept.has(env)) kept.set(env, read(env));
    return kept.get(env) as V;
  };
}

/** loadConfig once per settings object (token digests included), instead of on every request. */
export const configOf: (env: Env) => Promise<Config> = oncePerSettings(loadConfig);
