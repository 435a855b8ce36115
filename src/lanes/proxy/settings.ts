// The environment proxy of local mode: HTTPS_PROXY / HTTP_PROXY / NO_PROXY, read the way curl reads them (decision
// D27): HTTPS_PROXY serves https:// targets, HTTP_PROXY serves http:// targets (neither falls back to the other), a
// proxy URL without a scheme is http://, without a port it is port 1080, and only http:// proxies are supported
// (HTTPS and SOCKS proxies are refused at start-up rather than silently bypassed). Pure: no I/O.
import { bypassesProxy, parseNoProxy } from './no-proxy.ts';

export interface ProxySettings {
  /** `http://[user:pw@]host:port` */
  url: URL;
  /** NO_PROXY entries as written (comma/blank separated list, split). */
  noProxy: string[];
}

export interface ProxyRoutes {
  https: ProxySettings | null;
  http: ProxySettings | null;
}

export interface ProxyEnv {
  HTTPS_PROXY?: string | null;
  HTTP_PROXY?: string | null;
  NO_PROXY?: string | null;
}

/** curl's default proxy port (CURLOPT_PROXYPORT). */
export const DEFAULT_PROXY_PORT = 1080;

export class ProxySettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProxySettingsError';
  }
}

export const NO_PROXY_ROUTES: ProxyRoutes = { https: null, http: null };

function parseProxyUrl(name: string, raw: string): URL {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ProxySettingsError(`${name} is not a valid proxy URL: ${redact(raw)}`);
  }
  if (url.protocol !== 'http:') {
    throw new ProxySettingsError(
      `${name} must be an http:// proxy (got ${url.protocol}//); HTTPS and SOCKS proxies are not supported`,
    );
  }
  if (url.hostname === '') throw new ProxySettingsError(`${name} has no host: ${redact(raw)}`);
  // WHATWG URL drops an explicit :80 as the scheme default, so tell "no port written" apart from ":80" by the text.
  const authority = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)(:\d+)?/i.exec(withScheme);
  if (!authority?.[2]) url.port = String(DEFAULT_PROXY_PORT);
  url.pathname = '/';
  url.search = '';
  url.hash = '';
  return url;
}

function redact(raw: string): string {
  return raw.replace(/\/\/[^@/]*@/, '//***@');
}

function nonEmpty(v: string | null | undefined): string | null {
  const t = v?.trim();
  return t ? t : null;
}

/** Reads the proxy variables; throws ProxySettingsError for a proxy URL that cannot be used. */
export function parseProxySettings(env: ProxyEnv): ProxyRoutes {
  const noProxy = (nonEmpty(env.NO_PROXY) ?? '').split(/[\s,]+/).filter(Boolean);
  const one = (name: 'HTTPS_PROXY' | 'HTTP_PROXY'): ProxySettings | null => {
    const raw = nonEmpty(env[name]);
    return raw === null ? null : { url: parseProxyUrl(name, raw), noProxy };
  };
  return { https: one('HTTPS_PROXY'), http: one('HTTP_PROXY') };
}

/** The proxy to send `target` through, or null to connect directly. */
export function proxyFor(target: URL, routes: ProxyRoutes): ProxySettings | null {
  const p = target.protocol === 'https:' ? routes.https : target.protocol === 'http:' ? routes.http : null;
  if (p === null) return null;
  return bypassesProxy(target, parseNoProxy(p.noProxy.join(','))) ? null : p;
}

/** `host:port` of the proxy for the evidence record (credentials are never reported). */
export function hostPort(p: ProxySettings): string {
  return `${p.url.hostname}:${p.url.port || '80'}`;
}

/**
 * `host:port` of the proxy `routedFetch` sends a request for `url` through, or null for a direct request. The lane
 * reports it as the evidence record's `proxy` for the URL that answered (the same decision, made once per hop).
 */
export function proxyRouteOf(routes: ProxyRoutes, url: URL): string | null {
  const proxy = proxyFor(url, routes);
  return proxy ? hostPort(proxy) : null;
}
