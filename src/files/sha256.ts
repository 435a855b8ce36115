// The one SHA-256 of the service. `node:crypto`'s createHash streams in both runtimes we run on (workerd with
// nodejs_compat, and Node for unit tests and benchmarks), so file bodies are hashed chunk by chunk as they arrive and
// never held whole (an isolate has 128 MB; files may reach 500 MiB). Native code: no JavaScript hashing on the hot path.
import { createHash } from 'node:crypto';

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

/** One-shot digest of bytes already in memory. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return createHash('sha256').update(bytes).digest('hex');
}

const UTF8 = new TextEncoder();

/** SHA-256 of a string's UTF-8 bytes (Markdown, decoded HTML, canonical JSON, tokens). */
export async function sha256Text(text: string): Promise<string> {
  // Encoded natively first: workerd's node:crypto turns a string argument into bytes in JavaScript (its Buffer
  // polyfill), which cost more than the hash itself on a 50 KB page.
  return createHash('sha256').update(UTF8.encode(text)).digest('hex');
}
