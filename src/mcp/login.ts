// The browser side of the remote MCP login (the OAuth provider's authorize endpoint and the upstream callback):
//   GET  /authorize  an MCP client's authorization request → our consent page (which client, where the token goes)
//   POST /authorize  approved → the identity provider's login (PKCE + nonce kept server-side by the OAuth provider)
//   GET  /callback   code → verified ID token → only the owner gets an authorization code for the MCP client; 403 else
import { AuthorizationError, type AuthRequest, type OAuthHelpers } from '@cloudflare/workers-oauth-provider';
import { Hono, type Context } from 'hono';
import { authorizationUrl, discover, isOwner, LoginError, newUpstreamState, redeemCode, type UpstreamState } from './oidc.ts';
import { AUTHORIZE_PATH, CALLBACK_PATH, type McpSettings } from './settings.ts';
import { escapeHtml } from '../io/text.ts';

/** The bindings the login routes need: the helpers the OAuth provider puts into `env`. */
export interface LoginEnv {
  Bindings: { OAUTH_PROVIDER: OAuthHelpers };
}

/** What an access token carries (the OAuth provider hands it to the MCP handler as `ctx.props`). */
export interface OwnerProps extends Record<string, unknown> {
  sub: string;
}


function consentPage(clientName: string, redirectHost: string, loopback: boolean, handle: string): string {
  const warning = loopback ? '<p>The token goes to a program on this computer; approve only if you started it.</p>' : '';
  return `<!doctype html><meta charset="utf-8"><title>Capture service: allow access?</title>
<h1>Allow ${escapeHtml(clientName)} to use the capture service's MCP tools?</h1>
<p>The token will be sent to <b>${escapeHtml(redirectHost)}</b>. You will sign in with your identity provider next.</p>${warning}
<form method="post" action="${AUTHORIZE_PATH}"><input type="hidden" name="handle" value="${escapeHtml(handle)}">
<button name="decision" value="approve">Approve</button> <button name="decision" value="deny">Deny</button></form>`;
}

const redirect = (location: string, headers: Headers): Response => {
  headers.set('location', location);
  return new Response(null, { status: 302, headers });
};

export function loginRoutes(settings: McpSettings): Hono<LoginEnv> {
  const app = new Hono<LoginEnv>();
  const callbackUrl = (c: Context) => new URL(CALLBACK_PATH, c.req.url).href;

  app.get(AUTHORIZE_PATH, async (c) => {
    const oauth = c.env.OAUTH_PROVIDER;
    const authRequest = await oauth.parseAuthRequest(c.req.raw);
    const described = await oauth.describeConsent(authRequest);
    const consent = await oauth.beginConsent(authRequest);
    consent.headers.set('content-type', 'text/html; charset=utf-8');
    const page = consentPage(described.clientName, described.redirectHost, described.redirectIsLoopback, consent.handle);
    return new Response(page, { headers: consent.headers });
  });

  app.post(AUTHORIZE_PATH, async (c) => {
    const oauth = c.env.OAUTH_PROVIDER;
    const form = await c.req.formData();
    const handle = String(form.get('handle') ?? '');
    if (form.get('decision') !== 'approve') {
      const denied = await oauth.denyConsent(c.req.raw, handle);
      return redirect(denied.redirectTo, denied.headers);
    }
    const approved = await oauth.approveConsent(c.req.raw, handle);
    const upstream = newUpstreamState();
    const { state, headers } = await oauth.beginUpstream(approved.request, { data: upstream, headers: approved.headers });
    const meta = await discover(settings);
    return redirect(await authorizationUrl(meta, settings, callbackUrl(c), state, upstream), headers);
  });

  app.get(CALLBACK_PATH, async (c) => {
    const oauth = c.env.OAUTH_PROVIDER;
    const resumed = await oauth.finishUpstream<UpstreamState>(c.req.raw);
    const code = c.req.query('code');
    if (!code) throw new LoginError(400, `the identity provider sent no code (${c.req.query('error') ?? 'no error given'})`);
    const meta = await discover(settings);
    const claims = await redeemCode(meta, settings, code, callbackUrl(c), resumed.data);
    if (!isOwner(claims, settings)) throw new LoginError(403, 'forbidden: only the owner of this service may sign in');
    const request: AuthRequest = resumed.request;
    const props: OwnerProps = { sub: settings.ownerSub };
    const { redirectTo } = await oauth.completeAuthorization({ request, userId: settings.ownerSub, metadata: {}, scope: request.scope, props });
    return redirect(redirectTo, resumed.headers);
  });

  app.onError((err) => {
    if (err instanceof LoginError) return new Response(err.message, { status: err.status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    if (err instanceof AuthorizationError) {
      if (err.redirectTo) return Response.redirect(err.redirectTo, 302);
      return new Response(`${err.code}: ${err.description}`, { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
    // Remote surface: the cause is logged, never shown (spec "Errors", internal_error).
    console.error('mcp login: internal_error:', err);
    return Response.json({ error: 'internal error', code: 'internal_error' }, { status: 500 });
  });
  return app;
}
