// Helpers of the remote MCP e2e test: a real OpenID Connect provider on loopback (oidc-provider, development
// interactions: any login name is accepted and becomes the `sub`), an in-memory OAuth client provider for the official
// MCP client, and a minimal "browser" that follows redirects, keeps cookies per origin and submits the forms of the
// login flow (our consent page, the provider's login and consent pages).
import type { Server } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import Provider from 'oidc-provider';
import { freePort } from '../helpers/service.ts';

export const OIDC_CLIENT_ID = 'capture-mcp';
export const OIDC_CLIENT_SECRET = 'capture-mcp-secret-for-tests-0123456789';

export interface Oidc {
  issuer: string;
  close(): Promise<void>;
}

/** Starts the identity provider; `workerOrigin` is where the MCP endpoint's /callback lives. */
export async function startOidc(workerOrigin: string): Promise<Oidc> {
  let server: Server | undefined;
  // The issuer must be known before listening: take a free port, then build the provider on it.
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [`${workerOrigin}/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    cookies: { keys: ['mcp-e2e-cookie-key-0123456789'] },
    findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => ({ sub, email: `${sub}@example.test` }) }),
    claims: { openid: ['sub'], email: ['email'] },
  });
  provider.proxy = false;
  server = provider.listen(port, '127.0.0.1');
  await new Promise<void>((r) => server!.once('listening', () => r()));
  return {
    issuer,
    close: () => new Promise<void>((r) => server!.close(() => r())),
  };
}

/** Where the MCP client's authorization ends; nothing listens there: the browser stops when redirected to it. */
const REDIRECT = 'http://127.0.0.1:9/oauth-callback';

export class MemoryOAuthClient implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  #client: OAuthClientInformationMixed | undefined;
  #tokens: OAuthTokens | undefined;
  #verifier = '';

  get redirectUrl(): string {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'mcp e2e test',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.#client;
  }
  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.#client = info;
  }
  tokens(): OAuthTokens | undefined {
    return this.#tokens;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.#tokens = tokens;
  }
  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier;
  }
  codeVerifier(): string {
    return this.#verifier;
  }
}

type Jar = Map<string, Map<string, string>>;

function cookieHeader(jar: Jar, url: string): string {
  return [...(jar.get(new URL(url).origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
}

function keepCookies(jar: Jar, url: string, res: Response): void {
  const origin = new URL(url).origin;
  const cookies = jar.get(origin) ?? new Map<string, string>();
  jar.set(origin, cookies);
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0];
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
  }
}

const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');

/** The next request a page's first form makes: hidden fields, plus a login name and an approval where asked. */
function submitForm(html: string, pageUrl: string, login: string): { url: string; body: URLSearchParams } {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`browser: no form at ${pageUrl}: ${html.slice(0, 300)}`);
  const body = new URLSearchParams();
  for (const m of form[2].matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)) body.set(m[1], unescapeHtml(m[2]));
  if (/name="login"/.test(form[2])) {
    body.set('login', login);
    body.set('password', 'any');
  }
  if (/name="decision"/.test(form[2])) body.set('decision', 'approve');
  return { url: new URL(unescapeHtml(form[1]), pageUrl).href, body };
}

/** Plays the browser from the authorization URL until the redirect back to the MCP client; a non-200 page throws. */
export async function playBrowser(start: URL, login: string): Promise<URL> {
  const jar: Jar = new Map();
  let url = start.href;
  let init: RequestInit = { method: 'GET' };
  for (let hop = 0; hop < 30; hop++) {
    if (url.startsWith(REDIRECT)) return new URL(url);
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader(jar, url) } });
    keepCookies(jar, url, res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location') ?? '', url).href;
      init = { method: 'GET' };
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`browser: ${res.status} at ${new URL(url).pathname}: ${html.slice(0, 300)}`);
    const next = submitForm(html, url, login);
    url = next.url;
    init = { method: 'POST', body: next.body, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('browser: too many hops');
}

/** The official MCP client through the whole OAuth flow, logging in upstream as `login`; resolves connected. */
export async function connectWithLogin(mcpUrl: string, login: string): Promise<Client> {
  const auth = new MemoryOAuthClient();
  const first = new Client({ name: 'mcp-e2e', version: '0.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: auth });
  const refused = await first.connect(transport).then(
    () => null,
    (err: unknown) => err,
  );
  if (!(refused instanceof UnauthorizedError) || !auth.authorizationUrl) throw new Error(`expected a login to be asked for, got ${String(refused)}`);
  const back = await playBrowser(auth.authorizationUrl, login);
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code in the redirect back: ${back.href}`);
  await transport.finishAuth(code);
  const client = new Client({ name: 'mcp-e2e', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: auth }));
  return client;
}
