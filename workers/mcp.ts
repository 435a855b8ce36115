// The remote owner-only MCP endpoint's switch in the API Worker (spec "Surfaces" 3, "Authentication" 9). Without the
// SVC_MCP_* settings every request goes straight to the API (/mcp is the API's 404) and the endpoint's code is never
// loaded. With them, requests pass through the OAuth provider of workers/mcp-remote.ts, which hands every path but
// its own (/mcp, /authorize, /callback, /token, /register, /.well-known/oauth-*) to the API unchanged.
import type { OAuthProvider } from '@cloudflare/workers-oauth-provider';
import { ConfigError, loadConfig, oncePerSettings } from '../src/config/config.ts';
import { errorResponse } from '../src/errors.ts';
import { AUTHORIZE_PATH, CALLBACK_PATH, MCP_ROUTE, readMcpSettings, type McpSettings } from '../src/mcp/settings.ts';
import type { ProviderEnv } from './mcp-remote.ts';

export type ApiFetch = (req: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

export const TOKEN_PATH = '/token';
export const REGISTER_PATH = '/register';
const MCP_PATHS = new Set([MCP_ROUTE, AUTHORIZE_PATH, CALLBACK_PATH, TOKEN_PATH, REGISTER_PATH]);

const isMcpPath = (url: URL): boolean => MCP_PATHS.has(url.pathname) || url.pathname.startsWith('/.well-known/oauth-');

/** The SVC_* settings, read by name as loadConfig reads them. */
export const settingsOf = (env: Env): Record<string, unknown> => env as unknown as Record<string, unknown>;

/** Settings whose MCP part is unusable: the MCP paths answer internal_error (masked when hosted); the API runs on. */
async function misconfigured(err: ConfigError, env: Env): Promise<Response> {
  const hosted = (await loadConfig(settingsOf(env)).catch(() => null))?.hosted ?? true;
  return errorResponse(new Error(`remote MCP endpoint off: ${err.message}`), hosted);
}

/** readMcpSettings once per settings object: null, the settings, or why they are unusable. */
const mcpSettingsOf = oncePerSettings((env): McpSettings | null | ConfigError => {
  try {
    return readMcpSettings(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err;
  }
});

/** Wraps the API's fetch with the remote MCP endpoint when the SVC_MCP_* settings are present. */
export function withRemoteMcp(apiFetch: ApiFetch): ApiFetch {
  let cached: { key: string; provider: Promise<OAuthProvider<ProviderEnv>> } | null = null;
  return async (req, env, ctx) => {
    const settings = mcpSettingsOf(settingsOf(env));
    if (settings instanceof ConfigError) return isMcpPath(new URL(req.url)) ? misconfigured(settings, env) : apiFetch(req, env, ctx);
    if (settings === null) return apiFetch(req, env, ctx);
    const key = JSON.stringify(settings);
    if (cached?.key !== key) {
      const chosen = settings;
      cached = { key, provider: import('./mcp-remote.ts').then((remote) => remote.createProvider(chosen, apiFetch)) };
    }
    return (await cached.provider).fetch(req, env as ProviderEnv, ctx);
  };
}
