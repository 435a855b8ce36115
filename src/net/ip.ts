// IP address text forms, parsed into bytes (4 for IPv4, 16 for IPv6). One parser for the whole service: the
// NO_PROXY matcher (src/lanes/proxy/no-proxy.ts), the preview's address policy and the capability hint use it.
//   - parseIPv4: the dotted quad that a WHATWG URL serialises an IPv4 host to, and that DNS answers carry;
//   - parseWhatwgIPv4: the WHATWG "IPv4 parser" (decimal, octal, hex, 1–4 parts, one trailing dot), for raw host
//     text that has not been through `new URL` (the URL parser itself already normalises these forms);
//   - parseIPv6: RFC 4291 §2.2 text (`::` compression, trailing dotted IPv4), without brackets or zone.
// Pure: no I/O.

export type IpBytes = number[];

/** Dotted-quad IPv4 only (what WHATWG URL serialises hostnames to); null otherwise. */
export function parseIPv4(s: string): IpBytes | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((n) => n <= 255) ? parts : null;
}

/** One part of a WHATWG IPv4 host: `0x`/`0X` prefix = hex, a leading `0` = octal, else decimal. */
function whatwgNumber(part: string): number | null {
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(digits)) {
    digits = digits.slice(2);
    radix = 16;
  } else if (digits.length > 1 && digits.startsWith('0')) {
    digits = digits.slice(1);
    radix = 8;
  }
  if (digits === '') return 0;
  const valid = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!valid.test(digits)) return null;
  // BigInt keeps very long (zero-padded) parts exact; the range check below rejects the large ones.
  const value = BigInt(radix === 16 ? `0x${digits}` : radix === 8 ? `0o${digits}` : digits);
  return value > 0xffffffffn ? Number.MAX_SAFE_INTEGER : Number(value);
}

/**
 * The WHATWG URL Standard's IPv4 parser: `127.1`, `0x7f.1`, `017700000001`, `2130706433` and `127.0.0.1.` are all
 * 127.0.0.1. Returns null when the text is not an IPv4 host (a name) or is an invalid one (`256.1`).
 */
export function parseWhatwgIPv4(host: string): IpBytes | null {
  const parts = host.split('.');
  if (parts.at(-1) === '' && parts.length > 1) parts.pop();
  if (parts.length > 4 || parts.some((p) => p === '')) return null;
  const numbers: number[] = [];
  for (const p of parts) {
    const n = whatwgNumber(p);
    if (n === null) return null;
    numbers.push(n);
  }
  const last = numbers.pop() as number;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  let value = last;
  numbers.forEach((n, i) => (value += n * 256 ** (3 - i)));
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

/** RFC 4291 §2.2 text forms (`::` compression, trailing dotted IPv4) → 16 bytes; null when not an IPv6 literal. */
export function parseIPv6(s: string): IpBytes | null {
  if (!/^[0-9a-f:.]+$/i.test(s) || !s.includes(':')) return null;
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = ipv6Groups(halves[0]);
  const tail = halves.length === 2 ? ipv6Groups(halves[1]) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

function ipv6Groups(part: string): number[] | null {
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
}

/** The address a URL's host names literally (`[v6]` or dotted IPv4 as WHATWG serialises them); null for a name. */
export function urlHostAddress(url: URL): IpBytes | null {
  const host = url.hostname;
  if (host.startsWith('[') && host.endsWith(']')) return parseIPv6(host.slice(1, -1));
  return parseIPv4(host);
}

/** An address as text: a DNS answer, an IPv6 literal with or without brackets. */
export function parseAddress(text: string): IpBytes | null {
  const s = text.trim();
  if (s.startsWith('[') && s.endsWith(']')) return parseIPv6(s.slice(1, -1));
  return parseIPv4(s) ?? parseIPv6(s);
}

/** Canonical text: dotted quad, or RFC 5952-like lower-case hex groups (no `::` compression needed for matching). */
export function formatAddress(bytes: IpBytes): string {
  if (bytes.length === 4) return bytes.join('.');
  const groups: string[] = [];
  for (let i = 0; i < bytes.length; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return groups.join(':');
}

/** True when the first `bits` bits of `addr` equal those of `net` (both of the same family). */
export function inPrefix(addr: IpBytes, net: IpBytes, bits: number): boolean {
  if (addr.length !== net.length) return false;
  for (let i = 0; i < addr.length; i++) {
    const take = Math.max(0, Math.min(8, bits - i * 8));
    if (take === 0) break;
    const mask = (0xff << (8 - take)) & 0xff;
    if ((addr[i] & mask) !== (net[i] & mask)) return false;
  }
  return true;
}
