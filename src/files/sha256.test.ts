import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSha256, sha256Hex, sha256Text } from './sha256.ts';

function bytes(n: number, seed = 1): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

const webCryptoHex = async (b: Uint8Array): Promise<string> =>
  Buffer.from(await crypto.subtle.digest('SHA-256', b)).toString('hex');

describe('sha256', () => {
  // FIPS 180-4 example vectors.
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
  ])('vector %j', async (text, hex) => {
    expect(await sha256Text(text)).toBe(hex);
    expect(await sha256Hex(new TextEncoder().encode(text))).toBe(hex);
  });

  it.each([1, 63, 64, 65, 4096, 65_537])('chunked in pieces of %i agrees with Web Crypto', async (piece) => {
    const b = bytes(300_001, piece);
    const h = createSha256();
    for (let i = 0; i < b.length; i += piece) await h.update(b.subarray(i, i + piece));
    expect(await h.digest()).toBe(await webCryptoHex(b));
  });

  it('hashes text as UTF-8', async () => {
    expect(await sha256Text('Grüße ✓')).toBe(createHash('sha256').update(Buffer.from('Grüße ✓', 'utf8')).digest('hex'));
  });

  it('refuses use after digest', async () => {
    const h = createSha256();
    await h.digest();
    await expect(h.update(new Uint8Array(1))).rejects.toThrow(/after digest/);
    await expect(h.digest()).rejects.toThrow(/twice/);
  });
});
