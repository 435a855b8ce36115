// Settings of the remote owner-only MCP endpoint (SVC_MCP_*), read once at the Worker's edge (workers/mcp.ts).
// None set: the endpoint is off and /mcp answers 404. Some but not all set: refused with a ConfigError naming what is
// missing (decision D124).
import { ConfigError, str } from '../config/config.ts';

export interface McpSettings {
  /** The OpenID Connect issuer users log in with (its discovery document is read from it). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The only identity admitted: the ID token's `sub` from `issuer`. */
  ownerSub: string;
  /** Optional: the ID token's `email` must also be this (compared case-insensitively) and not unverified. */
  ownerEmail: string | null;
  /** The public URL of /mcp: the protected resource's identifier. */
  resource: string;
}

const REQUIRED = {
  issuer: 'SVC_MCP_OIDC_ISSUER',
  clientId: 'SVC_MCP_OIDC_CLIENT_ID',
  clientSecret: 'SVC_MCP_OIDC_CLIENT_SECRET',
  ownerSub: 'SVC_MCP_OWNER_SUB',
  resource: 'SVC_MCP_RESOURCE',
} as const;

/** The MCP route; the resource URL must name it, since the OAuth provider protects exactly this path. */
export const MCP_ROUTE = '/mcp';
/** The login's browser endpoints (src/mcp/login.ts). */
export const AUTHORIZE_PATH = '/authorize';
export const CALLBACK_PATH = '/callback';

/** Plain http is accepted only for loopback addresses (local testing); anything public must be https. */
function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

function httpsUrl(key: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${key} is not a URL: ${raw}`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url))) {
    throw new ConfigError(`${key} must be an https URL (plain http only on a loopback address): ${raw}`);
  }
  return url;
}

export function readMcpSettings(env: Record<string, unknown>): McpSettings | null {
  const values = Object.fromEntries(Object.entries(REQUIRED).map(([field, key]) => [field, str(env, key)])) as Record<
    keyof typeof REQUIRED,
    string | null
  >;
  const missing = Object.entries(REQUIRED).filter(([field]) => values[field as keyof typeof REQUIRED] === null);
  const email = str(env, 'SVC_MCP_OWNER_EMAIL');
  if (missing.length === Object.keys(REQUIRED).length && email === null) return null;
  if (missing.length > 0) {
    throw new ConfigError(`the remote MCP endpoint needs ${missing.map(([, key]) => key).join(', ')} as well`);
  }
  const resource = httpsUrl(REQUIRED.resource, values.resource as string);
  if (resource.pathname !== MCP_ROUTE || resource.search || resource.hash) {
    throw new ConfigError(`${REQUIRED.resource} must be the public URL of ${MCP_ROUTE} (e.g. https://capture.example${MCP_ROUTE})`);
  }
  httpsUrl(REQUIRED.issuer, values.issuer as string);
  return {
    // Kept exactly as written: the ID token's `iss` must equal it (OpenID Connect Discovery §4.3).
    issuer: values.issuer as string,
    clientId: values.clientId as string,
    clientSecret: values.clientSecret as string,
    ownerSub: values.ownerSub as string,
    ownerEmail: email,
    resource: resource.href,
  };
}
