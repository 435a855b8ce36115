import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAddress, parseAddress, parseIPv4, parseIPv6, parseWhatwgIPv4, urlHostAddress } from './ip.ts';
import { isPublicAddress, specialRange } from './ranges.ts';

describe('parseWhatwgIPv4 agrees with the WHATWG URL parser', () => {
  it.each([
    '127.0.0.1', '127.1', '127.0.1', '2130706433', '0x7f000001', '0x7f.1', '017700000001', '0177.0.0.1', '0177.1',
    '0x7f.0x0.0x0.0x1', '127.000.000.001', '0x7F.000000000000000000001', '127.0.0.1.', '0', '0x', '3232235521',
    '0251.0376.0251.0376', '255.255.255.255', '4294967295', '1.2.3',
  ])('%s', (host) => {
    expect(formatAddress(parseWhatwgIPv4(host) ?? [])).toBe(new URL(`http://${host}/`).hostname);
  });

  it.each(['256.1', '4294967296', '1.2.3.4.5', '0x100.1.1.1', '08.1.1.1', '1..2'])('refuses %s (URL refuses it too)', (host) => {
    expect(parseWhatwgIPv4(host)).toBeNull();
    expect(() => new URL(`http://${host}/`)).toThrow();
  });

  it('matches the URL parser on random dwords written in decimal, hex and octal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (n) => {
        for (const text of [String(n), `0x${n.toString(16)}`, `0${n.toString(8)}`]) {
          expect(formatAddress(parseWhatwgIPv4(text) as number[])).toBe(new URL(`http://${text}/`).hostname);
        }
      }),
    );
  });
});

describe('parseIPv4 / parseIPv6 / parseAddress', () => {
  it('reads dotted quads only', () => {
    expect(parseIPv4('10.1.2.3')).toEqual([10, 1, 2, 3]);
    expect(parseIPv4('10.1.2')).toBeNull();
    expect(parseIPv4('256.0.0.1')).toBeNull();
  });

  it('reads IPv6 text forms', () => {
    expect(formatAddress(parseIPv6('::1') as number[])).toBe('0:0:0:0:0:0:0:1');
    expect(formatAddress(parseIPv6('::ffff:127.0.0.1') as number[])).toBe('0:0:0:0:0:ffff:7f00:1');
    expect(parseIPv6('1::2::3')).toBeNull();
    expect(parseIPv6('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(parseAddress('[fe80::1]')).toHaveLength(16);
    expect(parseAddress('example.com')).toBeNull();
  });

  it('reads the address of a URL host, IPv6 in brackets; names give null', () => {
    expect(urlHostAddress(new URL('http://0x7f.1/'))).toEqual([127, 0, 0, 1]);
    expect(urlHostAddress(new URL('http://[::ffff:7f00:1]/'))).toHaveLength(16);
    expect(urlHostAddress(new URL('http://example.com/'))).toBeNull();
  });
});

describe('specialRange', () => {
  it.each([
    ['127.5.6.7', 'loopback'],
    ['10.0.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared-address-space'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::ffff:8.8.8.8', 'ipv4-mapped'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['fd00:ec2::254', 'unique-local'],
    ['4000::1', 'not-global-unicast'],
  ])('%s is %s', (text, kind) => {
    expect(specialRange(parseAddress(text) as number[])?.kind).toBe(kind);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450::1'])('%s is public', (text) => {
    expect(isPublicAddress(parseAddress(text) as number[])).toBe(true);
  });
});
