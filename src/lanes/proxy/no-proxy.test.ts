import { describe, expect, it } from 'vitest';
import { bypassesProxy, parseIPv6, parseNoProxy } from './no-proxy.ts';

describe('bypassesProxy (NO_PROXY, curl rules)', () => {
  it.each([
    // [NO_PROXY, target, bypass?]
    ['', 'http://example.com/', false],
    ['*', 'http://example.com/', true],
    ['foo.org, *', 'https://example.com/', true],
    ['example.com', 'http://example.com/', true],
    ['example.com', 'http://www.example.com/', true],
    ['example.com', 'http://a.b.example.com:8080/', true],
    ['example.com', 'http://notexample.com/', false],
    ['example.com', 'http://example.com.evil.org/', false],
    ['.example.com', 'http://example.com/', true],
    ['.example.com', 'http://www.example.com/', true],
    ['*.example.com', 'http://www.example.com/', true],
    ['example.com.', 'http://www.example.com/', true],
    ['example.com', 'http://example.com./', true],
    ['EXAMPLE.com', 'http://Example.COM/', true],
    ['www.example.com', 'http://example.com/', false],
    ['foo.org,,  example.com\tbar.net', 'http://example.com/', true],
    ['foo.org bar.net', 'http://bar.net/', true],
    // ports: only the named port
    ['example.com:8080', 'http://example.com:8080/', true],
    ['example.com:8080', 'http://example.com/', false],
    ['example.com:443', 'https://example.com/', true],
    ['example.com:80', 'http://example.com/', true],
    // loopback is not special (curl): only listed names/addresses bypass, and names are never resolved
    ['', 'http://127.0.0.1:3000/', false],
    ['localhost', 'http://127.0.0.1:3000/', false],
    ['127.0.0.1', 'http://localhost:3000/', false],
    ['localhost', 'http://localhost:3000/', true],
    ['127.0.0.1', 'http://127.0.0.1:3000/', true],
    ['127.0.0.1:3000', 'http://127.0.0.1:3000/', true],
    ['127.0.0.1:3001', 'http://127.0.0.1:3000/', false],
    // IP literals and CIDR
    ['127.0.0.0/8', 'http://127.4.5.6/', true],
    ['10.0.0.0/8', 'http://11.0.0.1/', false],
    ['192.168.1.0/24', 'http://192.168.1.200/', true],
    ['192.168.1.0/24', 'http://192.168.2.1/', false],
    ['0.0.0.0/0', 'http://8.8.8.8/', true],
    ['10.0.0.1', 'http://10.0.0.10/', false],
    ['127.0.0.1', 'http://127.1/', true], // WHATWG URL normalises 127.1
    ['::1', 'http://[::1]:8080/', true],
    ['[::1]', 'http://[::1]/', true],
    ['[::1]:8080', 'http://[::1]:8080/', true],
    ['[::1]:8080', 'http://[::1]:9090/', false],
    ['0:0:0:0:0:0:0:1', 'http://[::1]/', true],
    ['fd00::/8', 'http://[fd12:3456::1]/', true],
    ['fd00::/8', 'http://[fe80::1]/', false],
    ['2001:db8::/33', 'http://[2001:db8:7fff::1]/', true],
    ['2001:db8::/33', 'http://[2001:db8:8000::1]/', false],
    ['::1', 'http://127.0.0.1/', false],
    ['127.0.0.1', 'http://[::1]/', false],
    ['1.2.3.4', 'http://1.2.3.4.example.com/', false],
    // unusable entries are ignored
    ['example.com:notaport', 'http://example.com/', false],
    ['10.0.0.0/99', 'http://10.0.0.1/', false],
    ['example.com/8', 'http://example.com/', false],
  ])('NO_PROXY=%j, %s → %s', (noProxy, target, expected) => {
    expect(bypassesProxy(new URL(target), parseNoProxy(noProxy))).toBe(expected);
  });
});

describe('parseIPv6', () => {
  it.each([
    ['::', '0'.repeat(32)],
    ['::1', `${'0'.repeat(30)}01`],
    ['2001:db8::8:800:200c:417a', '20010db8000000000008080020 0c417a'.replace(' ', '')],
    ['::ffff:1.2.3.4', `${'0'.repeat(20)}ffff01020304`],
    ['1:2:3:4:5:6:7:8', '00010002000300040005000600070008'],
  ])('%s', (text, hex) => {
    const bytes = parseIPv6(text);
    expect(bytes && bytes.map((b) => b.toString(16).padStart(2, '0')).join('')).toBe(hex);
  });

  it.each(['1:2:3:4:5:6:7', '1::2::3', '1:2:3:4:5:6:7:8:9', '12345::', 'example.com', '1.2.3.4', ':::', '1:2:3:4:5:6:7::8'])(
    'rejects %s',
    (text) => expect(parseIPv6(text)).toBeNull(),
  );
});
