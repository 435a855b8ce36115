import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Sha256, createSha256, sha256Hex } from './sha256.ts';

function bytes(n: number, seed = 1): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

const nodeHex = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

describe('Sha256 (pure TypeScript, FIPS 180-4)', () => {
  // FIPS 180-4 example vectors plus lengths around the 55/56/64-byte padding boundaries.
  const vectors: Array<[string, Uint8Array, string]> = [
    ['empty', new Uint8Array(0), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', new TextEncoder().encode('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      '448-bit message',
      new TextEncoder().encode('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'),
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
  ];
  it.each(vectors)('%s', (_name, input, hex) => {
    expect(new Sha256().update(input).digestHex()).toBe(hex);
  });

  it.each([1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 100_003])('length %i matches node:crypto', (n) => {
    const b = bytes(n, n);
    expect(new Sha256().update(b).digestHex()).toBe(nodeHex(b));
  });

  it.each([1, 3, 63, 64, 65, 4096, 65_537])('chunked in pieces of %i matches one-shot', (piece) => {
    const b = bytes(300_001, piece);
    const h = new Sha256();
    for (let i = 0; i < b.length; i += piece) h.update(b.subarray(i, i + piece));
    expect(h.digestHex()).toBe(nodeHex(b));
  });

  it('refuses use after digest', () => {
    const h = new Sha256();
    h.digestHex();
    expect(() => h.update(new Uint8Array(1))).toThrow(/after digest/);
    expect(() => h.digestHex()).toThrow(/twice/);
  });
});

describe('createSha256 / sha256Hex', () => {
  it('falls back to the pure implementation in Node and agrees with Web Crypto', async () => {
    const b = bytes(1_000_000, 7);
    const h = createSha256();
    for (let i = 0; i < b.length; i += 70_000) await h.update(b.subarray(i, i + 70_000));
    const hex = await h.digest();
    expect(hex).toBe(await sha256Hex(b));
    expect(hex).toBe(nodeHex(b));
  });

  it('uses a native DigestStream when the runtime has one', async () => {
    // Emulate workerd's crypto.DigestStream with a WritableStream backed by node:crypto, to prove the native path is
    // taken and driven correctly (writes, close, then the digest promise).
    const chunks: number[] = [];
    class FakeDigestStream extends WritableStream<ArrayBufferView> {
      readonly digest: Promise<ArrayBuffer>;
      constructor(algorithm: string) {
        const hash = createHash(algorithm.replace('-', '').toLowerCase());
        let resolve: (b: ArrayBuffer) => void = () => {};
        const digest = new Promise<ArrayBuffer>((r) => (resolve = r));
        super({
          write(chunk) {
            chunks.push(chunk.byteLength);
            hash.update(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          },
          close() {
            const d = hash.digest();
            resolve(d.buffer.slice(d.byteOffset, d.byteOffset + d.byteLength) as ArrayBuffer);
          },
        });
        this.digest = digest;
      }
    }
    const c = (globalThis as unknown as { crypto: { DigestStream?: unknown } }).crypto;
    const before = c.DigestStream;
    c.DigestStream = FakeDigestStream;
    try {
      const h = createSha256();
      await h.update(new TextEncoder().encode('ab'));
      await h.update(new TextEncoder().encode('c'));
      expect(await h.digest()).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
      expect(chunks).toEqual([2, 1]);
      const pure = createSha256({ forcePure: true });
      await pure.update(new TextEncoder().encode('abc'));
      expect(await pure.digest()).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
      expect(chunks).toEqual([2, 1]);
    } finally {
      c.DigestStream = before;
    }
  });
});
