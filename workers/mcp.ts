// The remote owner-only MCP endpoint of the API Worker (spec "Surfaces" 3, "Authentication" 9). With the SVC_MCP_*
// settings, the Worker's fetch runs behind @cloudflare/workers-oauth-provider: /mcp needs an access token, which only
// the configured owner obtains by logging in at the upstream OpenID Connect provider (src/mcp/login.ts); the provider
// also serves /token, /register and the authorization-server and protected-resource metadata. Everything else goes to
// the API unchanged. Without the settings this wrapper passes every request straight to the API (/mcp is a 404).
//
// /mcp is served statelessly by the `agents` package's createMcpHandler in this same Worker invocation (decision
// D120), and the tools call the API's Hono app in-process: the SDK client gets a fetch that hands the Request to the
// app with the same env and ctx, so no request leaves the Worker.
import { OAuthProvider, type OAuthHelpers } from '@cloudflare/workers-oauth-provider';
import { createMcpHandler } from 'agents/mcp/server';
import { createClient, type SvcClient } from '../packages/sdk/src/client.ts';
import { ConfigError, loadConfig, tokensFromEnv } from '../src/config/config.ts';
import { errorResponse } from '../src/errors.ts';
import { AUTHORIZE_PATH, CALLBACK_PATH, loginRoutes, type OwnerProps } from '../src/mcp/login.ts';
import { mcpServerFactory } from '../src/mcp/server.ts';
import { MCP_ROUTE, readMcpSettings, type McpSettings } from '../src/mcp/settings.ts';

export type ApiFetch = (req: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

type ProviderEnv = Env & { OAUTH_PROVIDER: OAuthHelpers; OAUTH_KV: KVNamespace };

/** The SVC_* settings, read by name like loadConfig reads them. */
const settingsOf = (env: Env): Record<string, unknown> => env as unknown as Record<string, unknown>;

const TOKEN_PATH = '/token';
const REGISTER_PATH = '/register';
const MCP_PATHS = new Set([MCP_ROUTE, AUTHORIZE_PATH, CALLBACK_PATH, TOKEN_PATH, REGISTER_PATH]);

const isMcpPath = (url: URL): boolean => MCP_PATHS.has(url.pathname) || url.pathname.startsWith('/.well-known/oauth-');

/** The SDK client of the remote tools: the API app called in-process, authenticated with the API's own token. */
function inProcessClient(apiFetch: ApiFetch, req: Request, env: Env, ctx: ExecutionContext): SvcClient {
  return createClient({
    baseUrl: new URL(req.url).origin,
    token: tokensFromEnv(settingsOf(env))[0],
    env: {},
    fetch: async (input, init) => apiFetch(new Request(input, init), env, ctx),
  });
}

function mcpApiHandler(settings: McpSettings, apiFetch: ApiFetch): ExportedHandlerWithFetch {
  const hostname = new URL(settings.resource).hostname;
  return {
    fetch: (req: Request, env: Env, ctx: ExecutionContext<OwnerProps>) => {
      // Tokens are issued to the owner only; one issued before the owner setting changed is no longer good.
      if (ctx.props?.sub !== settings.ownerSub) {
        return Response.json(
          { error: 'this access token does not belong to the owner of this service', code: 'unauthorized' },
          { status: 401, headers: { 'www-authenticate': 'Bearer error="invalid_token"' } },
        );
      }
      const factory = mcpServerFactory({ client: () => inProcessClient(apiFetch, req, env, ctx), mask: true });
      const handler = createMcpHandler(factory, {
        route: MCP_ROUTE,
        allowedHostnames: [hostname],
        authContext: { props: { sub: ctx.props.sub } },
      });
      return handler(req, env, ctx);
    },
  };
}

type ExportedHandlerWithFetch = { fetch: (req: Request, env: Env, ctx: ExecutionContext<OwnerProps>) => Response | Promise<Response> };

function createProvider(settings: McpSettings, apiFetch: ApiFetch): OAuthProvider<ProviderEnv> {
  const login = loginRoutes(settings);
  return new OAuthProvider<ProviderEnv>({
    apiRoute: MCP_ROUTE,
    apiHandler: mcpApiHandler(settings, apiFetch) as never,
    defaultHandler: {
      fetch: (req: Request, env: ProviderEnv, ctx: ExecutionContext) => {
        const path = new URL(req.url).pathname;
        if (path === AUTHORIZE_PATH || path === CALLBACK_PATH) return login.fetch(req, env, ctx);
        return apiFetch(req, env, ctx);
      },
    } as ExportedHandler<ProviderEnv>,
    authorizeEndpoint: AUTHORIZE_PATH,
    tokenEndpoint: TOKEN_PATH,
    clientRegistrationEndpoint: REGISTER_PATH,
    resourceMetadata: { resource: settings.resource },
  });
}

/** Settings whose MCP part is unusable: the MCP paths answer internal_error (masked when hosted); the API runs on. */
async function misconfigured(err: ConfigError, env: Env): Promise<Response> {
  const hosted = (await loadConfig(settingsOf(env)).catch(() => null))?.hosted ?? true;
  return errorResponse(new Error(`remote MCP endpoint off: ${err.message}`), hosted);
}

/** Wraps the API's fetch with the remote MCP endpoint when the SVC_MCP_* settings are present. */
export function withRemoteMcp(apiFetch: ApiFetch): ApiFetch {
  let cached: { key: string; provider: OAuthProvider<ProviderEnv> } | null = null;
  return (req, env, ctx) => {
    let settings: McpSettings | null;
    try {
      settings = readMcpSettings(settingsOf(env));
    } catch (err) {
      if (err instanceof ConfigError && isMcpPath(new URL(req.url))) return misconfigured(err, env);
      if (err instanceof ConfigError) return apiFetch(req, env, ctx);
      throw err;
    }
    if (settings === null) return apiFetch(req, env, ctx);
    const key = JSON.stringify(settings);
    if (cached?.key !== key) cached = { key, provider: createProvider(settings, apiFetch) };
    return cached.provider.fetch(req, env as ProviderEnv, ctx);
  };
}
