import { describe, expect, it } from 'vitest';
import { bodyFraming, ChunkedDecoder, headEnd, Http1Error, parseResponseHead } from './http1.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (parts: Uint8Array[]): string => parts.map((p) => new TextDecoder().decode(p)).join('');

describe('headEnd', () => {
  it.each([
    ['HTTP/1.1 200 OK\r\n\r\nbody', 19],
    ['HTTP/1.1 200 OK\r\nA: b\r\n\r\n', 25],
    ['HTTP/1.1 200 OK\n\nbody', 17],
    ['HTTP/1.1 200 OK\nA: b\n\r\n', 23],
    ['HTTP/1.1 200 OK\r\nA: b\r\n', -1],
    ['HTTP/1.1 200 OK\r\n\r', -1],
    ['', -1],
  ])('%j → %i', (text, end) => expect(headEnd(enc(text))).toBe(end));
});

describe('parseResponseHead', () => {
  it.each([
    ['HTTP/1.1 200 OK\r\n\r\n', 200, 'OK', []],
    ['HTTP/1.0 404 Not Found\r\n\r\n', 404, 'Not Found', []],
    ['HTTP/1.1 204\r\n\r\n', 204, '', []],
    ['HTTP/1.1 299 \r\n\r\n', 299, '', []],
    ['HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n', 103, 'Early Hints', [['Link', '</a.css>; rel=preload']]],
    ['HTTP/1.1 200 OK\r\nContent-Type:text/html \r\nX-Empty:\r\n\r\n', 200, 'OK', [['Content-Type', 'text/html'], ['X-Empty', '']]],
    ['HTTP/1.1 200 OK\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\n\r\n', 200, 'OK', [['Set-Cookie', 'a=1'], ['Set-Cookie', 'b=2']]],
    ['HTTP/1.1 200 OK\r\nX-Long: one\r\n  two\r\n\tthree\r\n\r\n', 200, 'OK', [['X-Long', 'one two three']]],
    ['HTTP/1.1 200 OK\nA: 1\nB: 2\n\n', 200, 'OK', [['A', '1'], ['B', '2']]],
    ['HTTP/1.1 200 OK\r\nX-Bytes: caf\xe9\r\n\r\n', 200, 'OK', [['X-Bytes', 'caf\xe9']]],
  ])('%j', (text, status, statusText, headers) => {
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
    expect(parseResponseHead(bytes)).toEqual({ status, statusText, headers });
  });

  it.each([
    'HTTP/2 200 OK\r\n\r\n',
    'HTTP/1.1 20 OK\r\n\r\n',
    'HTTP/1.1 2000 OK\r\n\r\n',
    'ICY 200 OK\r\n\r\n',
    '\r\n',
    'HTTP/1.1 200 OK\r\nNo colon here\r\n\r\n',
    'HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n',
    'HTTP/1.1 200 OK\r\nContent-Length : 5\r\n\r\n',
    'HTTP/1.1 200 OK\r\n folded-first\r\n\r\n',
  ])('refuses %j', (text) => expect(() => parseResponseHead(enc(text))).toThrow(Http1Error));
});

describe('bodyFraming (RFC 9112 §6.3)', () => {
  const h = (...pairs: Array<[string, string]>) => pairs;
  it.each([
    ['GET', 200, h(['Content-Length', '5']), { kind: 'length', length: 5 }],
    ['GET', 200, h(['content-length', '0']), { kind: 'none' }],
    ['HEAD', 200, h(['Content-Length', '5']), { kind: 'none' }],
    ['GET', 204, h(), { kind: 'none' }],
    ['GET', 304, h(['Content-Length', '100']), { kind: 'none' }],
    ['GET', 200, h(['Transfer-Encoding', 'chunked']), { kind: 'chunked' }],
    ['GET', 200, h(['Transfer-Encoding', 'gzip, Chunked']), { kind: 'chunked' }],
    ['GET', 200, h(['Transfer-Encoding', 'gzip'], ['Transfer-Encoding', 'chunked']), { kind: 'chunked' }],
    ['GET', 200, h(['Transfer-Encoding', 'chunked, gzip']), { kind: 'close' }],
    ['GET', 200, h(['Transfer-Encoding', 'chunked'], ['Content-Length', '3']), { kind: 'chunked' }],
    ['GET', 200, h(), { kind: 'close' }],
    ['GET', 404, h(['Content-Type', 'text/html']), { kind: 'close' }],
    ['GET', 200, h(['Content-Length', '7, 7']), { kind: 'length', length: 7 }],
    ['GET', 200, h(['Content-Length', '7'], ['Content-Length', '7']), { kind: 'length', length: 7 }],
    ['GET', 200, h(['Content-Length', '524288000']), { kind: 'length', length: 524288000 }],
  ])('%s %i %j → %j', (method, status, headers, framing) => {
    expect(bodyFraming(method, { status, headers })).toEqual(framing);
  });

  it.each([['7, 8'], ['-1'], ['abc'], ['1e3'], ['99999999999999999999']])('refuses Content-Length %s', (cl) => {
    expect(() => bodyFraming('GET', { status: 200, headers: [['Content-Length', cl]] })).toThrow(Http1Error);
  });
});

describe('ChunkedDecoder (RFC 9112 §7.1)', () => {
  const wire = '5\r\nhello\r\n7;ext=1;q="x"\r\n, world\r\n1a  \r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nTrailer: x\r\n\r\nLEFTOVER';
  const expected = 'hello, worldabcdefghijklmnopqrstuvwxyz';

  it('decodes a body delivered in one piece', () => {
    const d = new ChunkedDecoder();
    expect(dec(d.push(enc(wire)))).toBe(expected);
    expect(d.done).toBe(true);
  });

  it('decodes the same body split at every possible byte', () => {
    const bytes = enc(wire);
    for (let cut = 1; cut < bytes.length; cut++) {
      const d = new ChunkedDecoder();
      const out = [...d.push(bytes.subarray(0, cut)), ...d.push(bytes.subarray(cut))];
      expect(dec(out)).toBe(expected);
      expect(d.done).toBe(true);
    }
  });

  it('decodes one byte at a time, with bare LF line ends', () => {
    const bytes = enc('3\nabc\n0\n\n');
    const d = new ChunkedDecoder();
    const out: Uint8Array[] = [];
    for (const b of bytes) out.push(...d.push(Uint8Array.of(b)));
    expect(dec(out)).toBe('abc');
    expect(d.done).toBe(true);
  });

  it('is not done until the trailer section ends', () => {
    const d = new ChunkedDecoder();
    d.push(enc('3\r\nabc\r\n0\r\n'));
    expect(d.done).toBe(false);
    d.push(enc('\r\n'));
    expect(d.done).toBe(true);
  });

  it.each([
    ['zz\r\n', /malformed chunk-size/],
    ['3\r\nabcX\r\n', /not followed by CRLF/],
    ['-1\r\n', /malformed chunk-size/],
    ['fffffffffffffffffff\r\n', /too large/],
    [`${'1'.repeat(5000)}`, /too long/],
  ])('refuses %j', (text, message) => {
    expect(() => new ChunkedDecoder().push(enc(text))).toThrow(message);
  });
});
