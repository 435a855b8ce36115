// The slice of an R2 bucket the file store uses. The Workers R2Bucket binding satisfies it as is; unit tests use an
// in-memory implementation (memory-bucket.ts).

export interface FileBucketObject {
  readonly size: number;
}

export interface FileBucketObjectBody extends FileBucketObject {
  /** A stream of known length: R2 accepts it as a part body without the bytes passing through JavaScript. */
  readonly body: ReadableStream<Uint8Array>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface FileUploadedPart {
  partNumber: number;
  etag: string;
}

export interface FileMultipartUpload {
  uploadPart(partNumber: number, value: Uint8Array | ReadableStream<Uint8Array>): Promise<FileUploadedPart>;
  complete(parts: FileUploadedPart[]): Promise<unknown>;
  abort(): Promise<void>;
}

export interface FilePutOptions {
  httpMetadata?: { contentType?: string };
  /** Hex SHA-256 the store must verify the body against (R2 refuses a mismatching put). */
  sha256?: string;
}

export interface FileBucket {
  head(key: string): Promise<FileBucketObject | null>;
  get(key: string, options?: { range?: { offset: number; length: number } }): Promise<FileBucketObjectBody | null>;
  put(key: string, value: Uint8Array, options?: FilePutOptions): Promise<unknown>;
  delete(key: string): Promise<void>;
  createMultipartUpload(key: string, options?: { httpMetadata?: { contentType?: string } }): Promise<FileMultipartUpload>;
}

// R2 keys are built in one place (r2-keys.ts); re-exported here for the file store's callers.
export { fileKey, TEMP_PREFIX } from './r2-keys.ts';

/**
 * Reads a stored object back, whole or its first `maxBytes` (a range read, so a large text file's head can be
 * decoded without loading the rest). Null when the object does not exist.
 */
export async function readStoredFile(
  bucket: FileBucket,
  path: string,
  opts: { maxBytes?: number } = {},
): Promise<{ bytes: Uint8Array; size: number } | null> {
  // The size first: a range running past the end of an object is not satisfiable in R2, so a range is only asked
  // for when the object is longer than wanted.
  const meta = await bucket.head(path);
  if (!meta) return null;
  const cut = opts.maxBytes !== undefined && meta.size > opts.maxBytes;
  const obj = await bucket.get(path, cut ? { range: { offset: 0, length: opts.maxBytes ?? 0 } } : undefined);
  if (!obj) return null;
  return { bytes: new Uint8Array(await obj.arrayBuffer()), size: meta.size };
}
