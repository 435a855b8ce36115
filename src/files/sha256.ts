// The one SHA-256 of the service. `node:crypto`'s createHash streams in both runtimes we run on (workerd with
// nodejs_compat, and Node for unit tests and benchmarks), so file bodies are hashed chunk by chunk as they arrive and
// never held whole (an isolate has 128 MB; files may reach 500 MiB). Bytes already in memory go through Web Crypto.
// Native code either way: no JavaScript hashing on the hot path.
import { createHash } from 'node:crypto';
import { toHex } from '../io/text.ts';

/** An incremental hash. `update` returns a promise so callers can treat every hash as a stream sink. */
export interface IncrementalHash {
  update(chunk: Uint8Array): Promise<void>;
  /** Lowercase hex digest of everything passed to `update`. Call once. */
  digest(): Promise<string>;
}

export function createSha256(): IncrementalHash {
  const h = createHash('sha256');
  let done = false;
  return {
    update: async (chunk) => {
      if (done) throw new Error('sha256: update after digest');
      h.update(chunk);
    },
    digest: async () => {
      if (done) throw new Error('sha256: digest called twice');
      done = true;
      return h.digest('hex');
    },
  };
}

// One-shot digests go through Web Crypto: in workerd, node:crypto's Hash is a stream Transform whose construction
// (stream state, a handle, hex through the Buffer polyfill) cost more than hashing a 50 KB page.

/** One-shot digest of bytes already in memory. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}

const UTF8 = new TextEncoder();

/** SHA-256 of a string's UTF-8 bytes (Markdown, decoded HTML, canonical JSON, tokens). */
export async function sha256Text(text: string): Promise<string> {
  return sha256Hex(UTF8.encode(text));
}
