// Saving a file body byte for byte at `files/<sha256>.<ext>` (spec "File handling"), without ever holding a large
// body whole: a Worker isolate has 128 MB and the cap allows 500 MiB.
//
// The key holds the digest, known only after the last byte, and R2 has neither rename nor server-side copy. So:
//  - a body of at most PART_BYTES is buffered, hashed, and put once under its final key;
//  - a longer body is hashed as it arrives and streamed as a multipart upload to a temporary key
//    (`tmp/files/<uuid>`); once the digest is known it is copied part by part (range reads streamed into a multipart
//    upload at the final key: the copy's bytes never enter JavaScript) and the temporary object is deleted.
//    At most two part buffers are held at a time (one uploading, one filling).
// Bytes are hashed a buffer at a time as each buffer is sealed, not per network chunk: workerd hands out 4 KiB
// chunks, and one await per chunk would cost more than the digest itself.
// If the final key already exists (same digest, so the same bytes) it is kept and nothing is written over it.
// Over the cap — declared by Content-Length or counted while reading — nothing is kept: the upload is aborted.

import { TEMP_PREFIX, fileKey, type FileBucket, type FileMultipartUpload, type FileUploadedPart } from './bucket.ts';
import { createSha256 } from './sha256.ts';

/**
 * Multipart part size. R2 wants every part but the last at least 5 MiB and all of one size; 8 MiB keeps a 500 MiB
 * file at 63 parts while two buffers (one uploading, one filling) stay at 16 MiB of the isolate's 128 MB.
 */
export const PART_BYTES = 8 * 1024 * 1024;

/** Smallest buffer allocated for a body; it doubles up to PART_BYTES, so small files do not cost 8 MiB. */
const FIRST_BUFFER = 64 * 1024;

export interface StoreOptions {
  bucket: FileBucket;
  /** The cap that applies (limits.ts). */
  maxBytes: number;
  /** Content-Length as declared by the server, or null. */
  declaredBytes: number | null;
  ext: string;
  /** The received Content-Type, kept as the object's HTTP metadata. */
  contentType: string | null;
}

export type StoreResult =
  | {
      ok: true;
      sha256: string;
      bytes: number;
      path: string;
      /** The whole body when it was small enough to be buffered (≤ PART_BYTES); null for a streamed body. */
      data: Uint8Array | null;
    }
  | { ok: false; reason: 'body_too_large'; bytesRead: number };

interface Upload {
  key: string;
  mp: FileMultipartUpload;
  parts: FileUploadedPart[];
  inflight: Promise<void> | null;
}

export async function storeFile(body: ReadableStream<Uint8Array>, opts: StoreOptions): Promise<StoreResult> {
  const { bucket, maxBytes } = opts;
  const httpMetadata = opts.contentType ? { contentType: opts.contentType } : undefined;
  if (opts.declaredBytes !== null && opts.declaredBytes > maxBytes) {
    // Refused before reading: the server announced more than the cap.
    await body.cancel().catch(() => {});
    return { ok: false, reason: 'body_too_large', bytesRead: 0 };
  }

  const hash = createSha256();
  const reader = body.getReader();
  const spare: Uint8Array[] = [];
  let cur: Uint8Array = new Uint8Array(FIRST_BUFFER);
  let fill = 0;
  let total = 0;
  let upload: Upload | null = null;
  let tempDone = false;

  // Sends the full current buffer as the next part (one part in flight at most) and switches to the other buffer.
  const flush = async (): Promise<void> => {
    if (!upload) {
      const key = `${TEMP_PREFIX}${crypto.randomUUID()}`;
      upload = { key, mp: await bucket.createMultipartUpload(key, { httpMetadata }), parts: [], inflight: null };
    }
    const u: Upload = upload;
    if (u.inflight) await u.inflight;
    const part = cur;
    await hash.update(part);
    const partNumber = u.parts.length + 1;
    u.inflight = u.mp.uploadPart(partNumber, part).then((p) => {
      u.parts.push(p);
      spare.push(part);
    });
    // Marked handled now; the failure is still thrown where the promise is awaited (next flush or the end).
    u.inflight.catch(() => {});
    // Parts are numbered in order and pushed only after the previous one resolved, so `parts` stays ordered.
    cur = spare.pop() ?? new Uint8Array(PART_BYTES);
    fill = 0;
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        await discard(bucket, upload, tempDone);
        return { ok: false, reason: 'body_too_large', bytesRead: total };
      }
      let off = 0;
      while (off < value.length) {
        if (fill === cur.length) {
          // Grow the first buffer while the body is still "small"; a full part means the body is large.
          if (cur.length < PART_BYTES && !upload) {
            const grown = new Uint8Array(Math.min(PART_BYTES, cur.length * 2));
            grown.set(cur);
            cur = grown;
          } else {
            await flush();
          }
        }
        const n = Math.min(cur.length - fill, value.length - off);
        cur.set(value.subarray(off, off + n), fill);
        fill += n;
        off += n;
      }
    }

    if (!upload) {
      const data = cur.slice(0, fill);
      await hash.update(data);
      const sha256 = await hash.digest();
      const path = fileKey(sha256, opts.ext);
      if (!(await bucket.head(path))) await bucket.put(path, data, { httpMetadata, sha256 });
      return { ok: true, sha256, bytes: total, path, data };
    }

    const u: Upload = upload;
    if (u.inflight) await u.inflight;
    await hash.update(cur.subarray(0, fill));
    u.parts.push(await u.mp.uploadPart(u.parts.length + 1, cur.subarray(0, fill)));
    cur = new Uint8Array(0);
    spare.length = 0;
    await u.mp.complete(u.parts);
    tempDone = true;
    const sha256 = await hash.digest();
    const path = fileKey(sha256, opts.ext);
    if (!(await bucket.head(path))) await copyObject(bucket, u.key, path, total, httpMetadata);
    await bucket.delete(u.key);
    return { ok: true, sha256, bytes: total, path, data: null };
  } catch (err) {
    await reader.cancel(err).catch(() => {});
    await discard(bucket, upload, tempDone);
    throw err;
  }
}

/** Drops whatever a failed or refused store wrote: the open multipart upload, or the completed temporary object. */
async function discard(bucket: FileBucket, upload: Upload | null, tempDone: boolean): Promise<void> {
  if (!upload) return;
  const u: Upload = upload;
  await u.inflight?.catch(() => {});
  if (tempDone) await bucket.delete(u.key).catch(() => {});
  else await u.mp.abort().catch(() => {});
}

/** Copies `from` to `to` through a multipart upload fed by range reads, each read's stream going straight to R2. */
async function copyObject(
  bucket: FileBucket,
  from: string,
  to: string,
  size: number,
  httpMetadata: { contentType: string } | undefined,
): Promise<void> {
  const mp = await bucket.createMultipartUpload(to, { httpMetadata });
  const parts: FileUploadedPart[] = [];
  try {
    for (let offset = 0; offset < size; offset += PART_BYTES) {
      const length = Math.min(PART_BYTES, size - offset);
      const obj = await bucket.get(from, { range: { offset, length } });
      if (!obj) throw new Error(`file store: temporary object ${from} vanished during copy`);
      parts.push(await mp.uploadPart(parts.length + 1, obj.body));
    }
    await mp.complete(parts);
  } catch (err) {
    await mp.abort().catch(() => {});
    throw err;
  }
}
