// Incremental SHA-256 for file bodies that arrive in chunks and must never be held whole (a Worker isolate has
// 128 MB; files may reach 500 MiB). workerd offers `crypto.DigestStream`, a native streaming digest; Node (unit
// tests, bench scripts) does not, and `crypto.subtle.digest` only takes a whole buffer. So `createSha256()` uses
// DigestStream when the runtime has it and otherwise this pure TypeScript implementation of FIPS 180-4.

/** An incremental hash; `update` may be awaited (DigestStream writes are asynchronous). */
export interface IncrementalHash {
  update(chunk: Uint8Array): Promise<void>;
  /** Lowercase hex digest of everything passed to `update`. Call once. */
  digest(): Promise<string>;
}

// Int32Array, not Uint32Array: values above 2^31 read from a Uint32Array leave V8's small-integer fast path
// (5x slower here); the bit patterns are the same.
// FIPS 180-4 §4.2.2: first 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

// FIPS 180-4 §5.3.3: initial hash value.
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/** Pure TypeScript SHA-256 (synchronous core). */
export class Sha256 {
  private readonly h = new Int32Array(H0);
  private readonly w = new Int32Array(64);
  private readonly block = new Uint8Array(64);
  private blockLen = 0;
  private total = 0;
  private done = false;

  update(data: Uint8Array): this {
    if (this.done) throw new Error('sha256: update after digest');
    this.total += data.length;
    let i = 0;
    if (this.blockLen > 0) {
      const take = Math.min(64 - this.blockLen, data.length);
      this.block.set(data.subarray(0, take), this.blockLen);
      this.blockLen += take;
      i = take;
      if (this.blockLen < 64) return this;
      this.compress(this.block, 0);
      this.blockLen = 0;
    }
    // Whole blocks straight from the input: no copy.
    for (; i + 64 <= data.length; i += 64) this.compress(data, i);
    if (i < data.length) {
      this.block.set(data.subarray(i), 0);
      this.blockLen = data.length - i;
    }
    return this;
  }

  digestHex(): string {
    if (this.done) throw new Error('sha256: digest called twice');
    // FIPS 180-4 §5.1.1 padding: 0x80, zeros, then the message length in bits as a 64-bit big-endian integer.
    const bitLen = this.total * 8;
    const pad = new Uint8Array(this.blockLen < 56 ? 64 - this.blockLen : 128 - this.blockLen);
    pad[0] = 0x80;
    const hi = Math.floor(bitLen / 0x100000000);
    const lo = bitLen >>> 0;
    const n = pad.length;
    pad[n - 8] = hi >>> 24;
    pad[n - 7] = (hi >>> 16) & 0xff;
    pad[n - 6] = (hi >>> 8) & 0xff;
    pad[n - 5] = hi & 0xff;
    pad[n - 4] = lo >>> 24;
    pad[n - 3] = (lo >>> 16) & 0xff;
    pad[n - 2] = (lo >>> 8) & 0xff;
    pad[n - 1] = lo & 0xff;
    const total = this.total;
    this.update(pad);
    this.total = total;
    this.done = true;
    let hex = '';
    for (const word of this.h) hex += (word >>> 0).toString(16).padStart(8, '0');
    return hex;
  }

  private compress(data: Uint8Array, off: number): void {
    const w = this.w;
    for (let t = 0; t < 16; t++) {
      const j = off + t * 4;
      w[t] = (data[j] << 24) | (data[j + 1] << 16) | (data[j + 2] << 8) | data[j + 3];
    }
    for (let t = 16; t < 64; t++) {
      const x = w[t - 15];
      const y = w[t - 2];
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
    }
    const h = this.h;
    let a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (k + S1 + ch + K[t] + w[t]) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      k = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] = (h[0] + a) | 0;
    h[1] = (h[1] + b) | 0;
    h[2] = (h[2] + c) | 0;
    h[3] = (h[3] + d) | 0;
    h[4] = (h[4] + e) | 0;
    h[5] = (h[5] + f) | 0;
    h[6] = (h[6] + g) | 0;
    h[7] = (h[7] + k) | 0;
  }
}

/** The slice of workerd's DigestStream we use (absent from Node, hence looked up at run time). */
interface DigestStreamLike extends WritableStream<ArrayBufferView> {
  readonly digest: Promise<ArrayBuffer>;
}
type DigestStreamCtor = new (algorithm: string) => DigestStreamLike;

function nativeDigestStream(): DigestStreamCtor | null {
  const c = (globalThis as { crypto?: { DigestStream?: unknown } }).crypto;
  return typeof c?.DigestStream === 'function' ? (c.DigestStream as DigestStreamCtor) : null;
}

export function toHex(buf: ArrayBuffer): string {
  let hex = '';
  for (const b of new Uint8Array(buf)) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** Streaming SHA-256: native DigestStream in workerd, the pure TypeScript version elsewhere (or when forced). */
export function createSha256(opts: { forcePure?: boolean } = {}): IncrementalHash {
  const Native = opts.forcePure ? null : nativeDigestStream();
  if (Native) {
    const stream = new Native('SHA-256');
    const writer = stream.getWriter();
    return {
      update: (chunk) => writer.write(chunk),
      digest: async () => {
        await writer.close();
        return toHex(await stream.digest);
      },
    };
  }
  const h = new Sha256();
  return {
    update: async (chunk) => {
      h.update(chunk);
    },
    digest: async () => h.digestHex(),
  };
}

/** One-shot digest of bytes already in memory (Web Crypto, available everywhere). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', bytes));
}
