// Which addresses the preview may not contact: the IANA IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890
// and later) that are not globally reachable, plus every IPv6 form that embeds an IPv4 address (IPv4-mapped,
// IPv4-compatible, IPv4-translated, NAT64, 6to4, Teredo), refused outright: the embedded address would otherwise
// have to be classified too, and a public site needs none of these forms. IPv6 outside 2000::/3 (global unicast) is
// refused as a whole, so a range the registry adds later inside the unassigned space is refused too.
// Pure: no I/O.
import { inPrefix, parseAddress, type IpBytes } from './ip.ts';

export interface SpecialRange {
  /** CIDR as written in the registry. */
  cidr: string;
  /** Short class name, shown in diagnostics. */
  kind: string;
}

interface CompiledRange extends SpecialRange {
  net: IpBytes;
  bits: number;
}

const V4: SpecialRange[] = [
  { cidr: '0.0.0.0/8', kind: 'this-network' },
  { cidr: '10.0.0.0/8', kind: 'private' },
  { cidr: '100.64.0.0/10', kind: 'shared-address-space' },
  { cidr: '127.0.0.0/8', kind: 'loopback' },
  { cidr: '169.254.0.0/16', kind: 'link-local' },
  { cidr: '172.16.0.0/12', kind: 'private' },
  { cidr: '192.0.0.0/24', kind: 'ietf-protocol-assignments' },
  { cidr: '192.0.2.0/24', kind: 'documentation' },
  { cidr: '192.31.196.0/24', kind: 'as112' },
  { cidr: '192.52.193.0/24', kind: 'amt' },
  { cidr: '192.88.99.0/24', kind: 'deprecated-6to4-relay' },
  { cidr: '192.168.0.0/16', kind: 'private' },
  { cidr: '192.175.48.0/24', kind: 'as112' },
  { cidr: '198.18.0.0/15', kind: 'benchmarking' },
  { cidr: '198.51.100.0/24', kind: 'documentation' },
  { cidr: '203.0.113.0/24', kind: 'documentation' },
  { cidr: '224.0.0.0/4', kind: 'multicast' },
  { cidr: '240.0.0.0/4', kind: 'reserved' },
];

const V6: SpecialRange[] = [
  { cidr: '::/128', kind: 'unspecified' },
  { cidr: '::1/128', kind: 'loopback' },
  { cidr: '::/96', kind: 'ipv4-compatible' },
  { cidr: '::ffff:0:0/96', kind: 'ipv4-mapped' },
  { cidr: '::ffff:0:0:0/96', kind: 'ipv4-translated' },
  { cidr: '64:ff9b::/96', kind: 'nat64' },
  { cidr: '64:ff9b:1::/48', kind: 'nat64-local' },
  { cidr: '100::/64', kind: 'discard-only' },
  { cidr: '2001::/32', kind: 'teredo' },
  { cidr: '2001::/23', kind: 'ietf-protocol-assignments' },
  { cidr: '2001:db8::/32', kind: 'documentation' },
  { cidr: '2002::/16', kind: '6to4' },
  { cidr: '3fff::/20', kind: 'documentation' },
  { cidr: '5f00::/16', kind: 'srv6-sid' },
  { cidr: 'fc00::/7', kind: 'unique-local' },
  { cidr: 'fe80::/10', kind: 'link-local' },
  { cidr: 'fec0::/10', kind: 'site-local' },
  { cidr: 'ff00::/8', kind: 'multicast' },
];

function compile(list: SpecialRange[]): CompiledRange[] {
  return list.map((r) => {
    const [net, bits] = r.cidr.split('/');
    return { ...r, net: parseAddress(net) as IpBytes, bits: Number(bits) };
  });
}

const V4_RANGES = compile(V4);
const V6_RANGES = compile(V6);
const GLOBAL_UNICAST_V6 = parseAddress('2000::') as IpBytes;

/**
 * The special-purpose range an address falls in (most specific listed first match), or null for a public unicast
 * address. IPv6 outside 2000::/3 is `not-global-unicast` when no listed range names it.
 */
export function specialRange(addr: IpBytes): SpecialRange | null {
  const ranges = addr.length === 4 ? V4_RANGES : V6_RANGES;
  for (const r of ranges) {
    if (inPrefix(addr, r.net, r.bits)) return { cidr: r.cidr, kind: r.kind };
  }
  if (addr.length === 16 && !inPrefix(addr, GLOBAL_UNICAST_V6, 3)) return { cidr: '::/0', kind: 'not-global-unicast' };
  return null;
}

/** True for an address a public preview may contact. */
export function isPublicAddress(addr: IpBytes): boolean {
  return specialRange(addr) === null;
}
