// NO_PROXY matching, following curl (lib/noproxy.c, documented under CURLOPT_NOPROXY) with two additions taken from
// Go's x/net/http/httpproxy: `*` anywhere in the list (not only alone) and `host:port` entries limited to that port.
//   - entries are separated by commas and/or blanks; case-insensitive; one trailing dot is ignored on both sides;
//   - `example.com`, `.example.com` and `*.example.com` all match example.com and every subdomain, never `notexample.com`;
//   - IP literals match exactly or by CIDR (`10.0.0.0/8`, `fd00::/8`); IPv6 may be written with or without brackets;
//   - names are never resolved: `localhost` does not match 127.0.0.1 and the other way round;
//   - loopback is NOT bypassed implicitly (curl's behaviour, decision D27): list `localhost,127.0.0.1,::1` to bypass.
// Pure: no I/O.

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
  if (v6) return bits === null || bits <= 128 ? { host: formatBytes(v6), bits, port } : null;
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
  if (!net) return false;
  const bits = e.bits ?? addr.length * 8;
  for (let i = 0; i < addr.length; i++) {
    const take = Math.max(0, Math.min(8, bits - i * 8));
    if (take === 0) break;
    const mask = (0xff << (8 - take)) & 0xff;
    if ((addr[i] & mask) !== (net[i] & mask)) return false;
  }
  return true;
}

/** Dotted-quad IPv4 only (what WHATWG URL serialises hostnames to); null otherwise. */
export function parseIPv4(s: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((n) => n <= 255) ? parts : null;
}

/** RFC 4291 §2.2 text forms (`::` compression, trailing dotted IPv4) → 16 bytes; null when not an IPv6 literal. */
export function parseIPv6(s: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(s) || !s.includes(':')) return null;
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i];
      if (i === pieces.length - 1 && p.includes('.')) {
        const v4 = parseIPv4(p);
        if (!v4) return null;
        out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else if (/^[0-9a-f]{1,4}$/i.test(p)) {
        out.push(parseInt(p, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

function formatBytes(bytes: number[]): string {
  const groups: string[] = [];
  for (let i = 0; i < bytes.length; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return groups.join(':');
}
