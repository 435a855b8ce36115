// A DNS-over-HTTPS resolver using the JSON API (`application/dns-json`, as Cloudflare's and Google's resolvers
// serve it: `?name=<host>&type=A`). The preview asks it for A and AAAA before contacting a host name, so a name
// that points at a private address is refused without a connection. Any failure (transport, HTTP status, DNS
// status other than NOERROR/NXDOMAIN, malformed JSON) is an error: the caller fails closed.
import { errorMessage } from '../io/errors.ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Resolves a host name to its addresses as text; [] = the name has no A/AAAA record; throws ResolveError. */
export type Resolver = (hostname: string, signal?: AbortSignal) => Promise<string[]>;

export const DEFAULT_DOH_URL = 'https://cloudflare-dns.com/dns-query';

export class ResolveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResolveError';
  }
}

const RECORD_TYPES = { A: 1, AAAA: 28 } as const;
const NOERROR = 0;
const NXDOMAIN = 3;

interface DohAnswer {
  type?: unknown;
  data?: unknown;
}

async function query(fetch: FetchLike, endpoint: string, name: string, type: keyof typeof RECORD_TYPES, signal?: AbortSignal): Promise<string[]> {
  const url = new URL(endpoint);
  url.searchParams.set('name', name);
  url.searchParams.set('type', type);
  let res: Response;
  try {
    res = await fetch(url.href, { headers: { accept: 'application/dns-json' }, signal });
  } catch (err) {
    throw new ResolveError(`DNS-over-HTTPS request failed: ${errorMessage(err)}`);
  }
  if (!res.ok) throw new ResolveError(`DNS-over-HTTPS resolver answered HTTP ${res.status}`);
  let body: { Status?: unknown; Answer?: unknown };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    throw new ResolveError('DNS-over-HTTPS resolver answered something other than JSON');
  }
  if (body.Status === NXDOMAIN) return [];
  if (body.Status !== NOERROR) throw new ResolveError(`DNS answer status ${String(body.Status)}`);
  const answers = Array.isArray(body.Answer) ? (body.Answer as DohAnswer[]) : [];
  // CNAME records (type 5) come first in the chain; only the addresses at its end are kept.
  return answers.filter((a) => a.type === RECORD_TYPES[type] && typeof a.data === 'string').map((a) => a.data as string);
}

/** A resolver asking `endpoint` (SVC_PREVIEW_DNS_URL) for A and AAAA records at once. */
export function dohResolver(fetch: FetchLike, endpoint: string = DEFAULT_DOH_URL): Resolver {
  return async (hostname, signal) => {
    const name = hostname.replace(/\.$/, '');
    const [a, aaaa] = await Promise.all([query(fetch, endpoint, name, 'A', signal), query(fetch, endpoint, name, 'AAAA', signal)]);
    return [...a, ...aaaa];
  };
}
