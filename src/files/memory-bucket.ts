// An in-memory FileBucket: for tests, and for captures that read files but store none (the preview profile). It keeps R2's documented rules that the store depends on, so a test fails
// where R2 would: multipart parts other than the last must be at least 5 MiB and all the same size, a put with a
// `sha256` is refused when the body does not match, and a range must lie inside the object.

import { createHash } from 'node:crypto';
import type { FileBucket, FileBucketObjectBody, FileMultipartUpload, FilePutOptions, FileUploadedPart } from './bucket.ts';

const MIN_PART = 5 * 1024 * 1024;

export interface StoredObject {
  data: Uint8Array;
  contentType: string | null;
}

export class MemoryBucket implements FileBucket {
  readonly objects = new Map<string, StoredObject>();
  /** Multipart uploads created and not yet completed or aborted. */
  readonly openUploads = new Map<string, Map<number, Uint8Array>>();
  /** Every call, in order (`put key`, `uploadPart key n`, `delete key`, ...). */
  readonly log: string[] = [];
  /** Largest byte array handed to put/uploadPart (streams excluded): bounds what the store held at once. */
  largestWrite = 0;
  private nextUpload = 0;

  async head(key: string): Promise<{ size: number } | null> {
    this.log.push(`head ${key}`);
    const o = this.objects.get(key);
    return o ? { size: o.data.length } : null;
  }

  async get(key: string, options?: { range?: { offset: number; length: number } }): Promise<FileBucketObjectBody | null> {
    this.log.push(`get ${key}${options?.range ? ` ${options.range.offset}+${options.range.length}` : ''}`);
    const o = this.objects.get(key);
    if (!o) return null;
    let data = o.data;
    if (options?.range) {
      const { offset, length } = options.range;
      if (offset < 0 || length < 0 || offset + length > data.length) throw new Error('range not satisfiable');
      data = data.subarray(offset, offset + length);
    }
    const copy = data.slice();
    return {
      size: o.data.length,
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          if (copy.length > 0) controller.enqueue(copy);
          controller.close();
        },
      }),
      arrayBuffer: async () => copy.buffer,
    };
  }

  async put(key: string, value: Uint8Array, options?: FilePutOptions): Promise<unknown> {
    this.log.push(`put ${key}`);
    this.largestWrite = Math.max(this.largestWrite, value.length);
    if (options?.sha256 && createHash('sha256').update(value).digest('hex') !== options.sha256) {
      throw new Error('put: sha256 mismatch');
    }
    this.objects.set(key, { data: value.slice(), contentType: options?.httpMetadata?.contentType ?? null });
    return { size: value.length };
  }

  async delete(key: string): Promise<void> {
    this.log.push(`delete ${key}`);
    this.objects.delete(key);
  }

  async createMultipartUpload(key: string, options?: { httpMetadata?: { contentType?: string } }): Promise<FileMultipartUpload> {
    const id = `${key}#${this.nextUpload++}`;
    this.log.push(`create ${key}`);
    const parts = new Map<number, Uint8Array>();
    this.openUploads.set(id, parts);
    const contentType = options?.httpMetadata?.contentType ?? null;
    const open = (): Map<number, Uint8Array> => {
      const p = this.openUploads.get(id);
      if (!p) throw new Error('upload is no longer open');
      return p;
    };
    return {
      uploadPart: async (partNumber: number, value: Uint8Array | ReadableStream<Uint8Array>): Promise<FileUploadedPart> => {
        this.log.push(`uploadPart ${key} ${partNumber}${value instanceof ReadableStream ? ' stream' : ''}`);
        const data = value instanceof ReadableStream ? new Uint8Array(await new Response(value).arrayBuffer()) : value.slice();
        if (!(value instanceof ReadableStream)) this.largestWrite = Math.max(this.largestWrite, value.length);
        open().set(partNumber, data); // copied: the caller may reuse its buffer once this resolves
        return { partNumber, etag: `etag-${partNumber}` };
      },
      complete: async (uploaded: FileUploadedPart[]): Promise<unknown> => {
        this.log.push(`complete ${key}`);
        const p = open();
        const ordered = [...uploaded].sort((a, b) => a.partNumber - b.partNumber).map((u) => {
          const data = p.get(u.partNumber);
          if (!data) throw new Error(`part ${u.partNumber} was not uploaded`);
          return data;
        });
        ordered.slice(0, -1).forEach((d) => {
          if (d.length < MIN_PART) throw new Error('a part other than the last is below 5 MiB');
          if (d.length !== ordered[0].length) throw new Error('parts other than the last differ in size');
        });
        const total = ordered.reduce((n, d) => n + d.length, 0);
        const data = new Uint8Array(total);
        let o = 0;
        for (const d of ordered) {
          data.set(d, o);
          o += d.length;
        }
        this.openUploads.delete(id);
        this.objects.set(key, { data, contentType });
        return { size: total };
      },
      abort: async (): Promise<void> => {
        this.log.push(`abort ${key}`);
        this.openUploads.delete(id);
      },
    };
  }
}
