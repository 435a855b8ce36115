// The remote owner-only MCP endpoint itself, loaded by workers/mcp.ts only when the SVC_MCP_* settings are present
// (its dependencies initialise lazily, so a Worker without them never evaluates them). The OAuth provider
// (@cloudflare/workers-oauth-provider) guards /mcp and serves /token, /register and the authorization-server and
// protected-resource metadata; /authorize and /callback are the login (src/mcp/login.ts); everything else is the API.
//
// /mcp is served statelessly by the `agents` package's createMcpHandler in this same Worker invocation (decision
// D120), and the tools call the API's Hono app in-process: the SDK client gets a fetch that hands the Request to the
// app with the same env and ctx, so no request leaves the Worker.
import { OAuthProvider, type OAuthHelpers } from '@cloudflare/workers-oauth-provider';
import { createMcpHandler } from 'agents/mcp/server';
import { createClient, type SvcClient } from '../packages/sdk/src/client.ts';
import { tokensFromEnv } from '../src/config/config.ts';
import { loginRoutes, type OwnerProps } from '../src/mcp/login.ts';
import { mcpServerFactory } from '../src/mcp/server.ts';
import { AUTHORIZE_PATH, CALLBACK_PATH, MCP_ROUTE, type McpSettings } from '../src/mcp/settings.ts';
import { REGISTER_PATH, settingsOf, TOKEN_PATH, type ApiFetch } from './mcp.ts';

export type ProviderEnv = Env & { OAUTH_PROVIDER: OAuthHelpers; OAUTH_KV: KVNamespace };

type OwnerHandler = { fetch: (req: Request, env: Env, ctx: ExecutionContext<OwnerProps>) => Promise<Response> | Response };

/** The SDK client of the remote tools: the API app called in-process, authenticated with the API's own token. */
function inProcessClient(apiFetch: ApiFetch, req: Request, env: Env, ctx: ExecutionContext): SvcClient {
  return createClient({
    baseUrl: new URL(req.url).origin,
    token: tokensFromEnv(settingsOf(env))[0],
    env: {},
    fetch: async (input, init) => apiFetch(new Request(input, init), env, ctx),
  });
}

function mcpApiHandler(settings: McpSettings, apiFetch: ApiFetch): OwnerHandler {
  const hostname = new URL(settings.resource).hostname;
  return {
    fetch: (req, env, ctx) => {
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

export function createProvider(settings: McpSettings, apiFetch: ApiFetch): OAuthProvider<ProviderEnv> {
  const login = loginRoutes(settings);
  return new OAuthProvider<ProviderEnv>({
    apiRoute: MCP_ROUTE,
    // The provider's handler type has no props parameter; ours reads the props it puts into ctx.
    apiHandler: mcpApiHandler(settings, apiFetch) as unknown as ExportedHandler<ProviderEnv> & { fetch: NonNullable<ExportedHandler<ProviderEnv>['fetch']> },
    defaultHandler: {
      fetch: (req, env, ctx) => {
        const path = new URL(req.url).pathname;
        if (path === AUTHORIZE_PATH || path === CALLBACK_PATH) return login.fetch(req, env, ctx);
        return apiFetch(req, env, ctx);
      },
    },
    authorizeEndpoint: AUTHORIZE_PATH,
    tokenEndpoint: TOKEN_PATH,
    clientRegistrationEndpoint: REGISTER_PATH,
    resourceMetadata: { resource: settings.resource },
  });
}
