// The upstream OpenID Connect login of the remote MCP endpoint: authorization-code flow with PKCE (S256) and a nonce,
// client_secret_basic at the token endpoint, the ID token verified with the issuer's published keys (jose), and the
// owner check. Only the configured owner gets through (decision D123).
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { McpSettings } from './settings.ts';

export interface OidcMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** What the callback needs back: kept server-side by the OAuth provider between redirect and callback. */
export interface UpstreamState {
  verifier: string;
  nonce: string;
}

export class LoginError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'LoginError';
    this.status = status;
  }
}

export async function discover(settings: McpSettings): Promise<OidcMetadata> {
  const url = `${settings.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`OpenID Connect discovery at ${url} answered ${res.status}`);
  const meta = (await res.json()) as Partial<OidcMetadata>;
  if (meta.issuer !== settings.issuer) throw new Error(`discovery names issuer ${meta.issuer}, not ${settings.issuer}`);
  if (!meta.authorization_endpoint || !meta.token_endpoint || !meta.jwks_uri) {
    throw new Error(`discovery at ${url} lacks an endpoint`);
  }
  return meta as OidcMetadata;
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function newUpstreamState(): UpstreamState {
  const random = (n: number) => base64Url(crypto.getRandomValues(new Uint8Array(n)));
  return { verifier: random(32), nonce: random(16) };
}

/** The URL the user's browser is sent to for logging in at the identity provider. */
export async function authorizationUrl(meta: OidcMetadata, settings: McpSettings, redirectUri: string, state: string, upstream: UpstreamState): Promise<string> {
  const challenge = base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(upstream.verifier))));
  const url = new URL(meta.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: settings.clientId,
    redirect_uri: redirectUri,
    scope: settings.ownerEmail ? 'openid email' : 'openid',
    state,
    nonce: upstream.nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.href;
}

const formEncode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');

/** Code → ID token → verified claims (signature, issuer, audience, expiry, nonce). */
export async function redeemCode(meta: OidcMetadata, settings: McpSettings, code: string, redirectUri: string, upstream: UpstreamState): Promise<JWTPayload> {
  const res = await fetch(meta.token_endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      authorization: `Basic ${btoa(`${formEncode(settings.clientId)}:${formEncode(settings.clientSecret)}`)}`,
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: upstream.verifier }),
  });
  const body = (await res.json().catch(() => ({}))) as { id_token?: unknown; error?: unknown };
  if (!res.ok || typeof body.id_token !== 'string') {
    throw new LoginError(502, `the identity provider refused the code: ${res.status} ${String(body.error ?? '')}`.trim());
  }
  const { payload } = await jwtVerify(body.id_token, createRemoteJWKSet(new URL(meta.jwks_uri)), {
    issuer: settings.issuer,
    audience: settings.clientId,
  });
  if (payload.nonce !== upstream.nonce) throw new LoginError(400, 'the ID token does not carry this login\'s nonce');
  return payload;
}

/** Only the owner: the configured `sub` (of the configured issuer, checked above) and, when set, the email. */
export function isOwner(claims: JWTPayload, settings: McpSettings): boolean {
  if (claims.sub !== settings.ownerSub) return false;
  if (settings.ownerEmail === null) return true;
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  return email === settings.ownerEmail.toLowerCase() && claims.email_verified !== false;
}
