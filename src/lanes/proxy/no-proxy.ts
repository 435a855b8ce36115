// NO_PROXY matching, following curl (lib/noproxy.c, documented under CURLOPT_NOPROXY) with two additions taken from
// Go's x/net/http/httpproxy: `*` anywhere in the list (not only alone) and `host:port` entries limited to that port.
//   - entries are separated by commas and/or blanks; case-insensitive; one trailing dot is ignored on both sides;
//   - `example.com`, `.example.com` and `*.example.com` all match example.com and every subdomain, never `notexample.com`;
//   - IP literals match exactly or by CIDR (`10.0.0.0/8`, `fd00::/8`); IPv6 may be written with or without brackets;
//   - names are never resolved: `localhost` does not match 127.0.0.1 and the other way round;
//   - loopback is NOT bypassed implicitly (curl's behaviour, decision D27): list `localhost,127.0.0.1,::1` to bypass.
// Pure: no I/O. IP literals are read by the service's one parser (src/net/ip.ts).
import { formatAddress, inPrefix, parseIPv4, parseIPv6 } from '../../net/ip.ts';

export { parseIPv4, parseIPv6 };

export interface NoProxyEntry {
  /** Lowercase name without leading/trailing dot, or a normalised IP literal (IPv6 without brackets); '*' = all. */
  host: string;
  /** CIDR prefix length for IP entries, null = exact. */
  bits: number | null;
  /** Only this port when set (`host:port`). */
  port: number | null;
}

/** Splits the NO_PROXY value into entries; unusable entries are dropped (they could never match). */
export function parseNoProxy(raw: string | null | undefined): NoProxyEntry[] {
  const out: NoProxyEntry[] = [];
  for (const token of (raw ?? '').split(/[\s,]+/)) {
    const entry = parseEntry(token.trim().toLowerCase());
    if (entry) out.push(entry);
  }
  return out;
}

function parseEntry(token: string): NoProxyEntry | null {
  if (token === '') return null;
  if (token === '*') return { host: '*', bits: null, port: null };
  let host = token;
  let port: number | null = null;
  // `[v6]:port`, `[v6]`, `v4:port`, `name:port`; a bare IPv6 literal has several colons and no port.
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(host);
  if (bracketed) {
    host = bracketed[1];
    port = bracketed[2] === undefined ? null : Number(bracketed[2]);
  } else if ((host.match(/:/g) ?? []).length === 1) {
    const i = host.indexOf(':');
    if (!/^\d+$/.test(host.slice(i + 1))) return null;
    port = Number(host.slice(i + 1));
    host = host.slice(0, i);
  }
  if (port !== null && (port < 1 || port > 65535)) return null;
  let bits: number | null = null;
  const slash = host.indexOf('/');
  if (slash >= 0) {
    if (!/^\d+$/.test(host.slice(slash + 1))) return null;
    bits = Number(host.slice(slash + 1));
    host = host.slice(0, slash);
  }
  const v4 = parseIPv4(host);
  if (v4) return bits === null || bits <= 32 ? { host: v4.join('.'), bits, port } : null;
  const v6 = parseIPv6(host);
  if (v6) return bits === null || bits <= 128 ? { host: formatAddress(v6), bits, port } : null;
  if (bits !== null) return null;
  // `*.example.com` (a common spelling, accepted by Go) means the same as `.example.com`.
  host = host.replace(/\.$/, '').replace(/^\*?\./, '');
  return host === '' ? null : { host, bits: null, port };
}

/** True when `target` must be fetched directly (it matches an entry of the NO_PROXY list). */
export function bypassesProxy(target: URL, entries: readonly NoProxyEntry[]): boolean {
  if (entries.length === 0) return false;
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  const name = target.hostname.toLowerCase();
  const v6 = name.startsWith('[') ? parseIPv6(name.slice(1, -1)) : null;
  const v4 = v6 ? null : parseIPv4(name);
  const host = name.replace(/\.$/, '');
  for (const e of entries) {
    if (e.port !== null && e.port !== port) continue;
    if (e.host === '*') return true;
    if (v4 || v6) {
      if (ipMatches(v4 ?? (v6 as number[]), e)) return true;
    } else if (e.bits === null && (host === e.host || host.endsWith(`.${e.host}`))) {
      return true;
    }
  }
  return false;
}

function ipMatches(addr: number[], e: NoProxyEntry): boolean {
  const net = addr.length === 4 ? parseIPv4(e.host) : parseIPv6(e.host);
  return net !== null && inPrefix(addr, net, e.bits ?? addr.length * 8);
}
