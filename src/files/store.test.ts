import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEMP_PREFIX, fileKey, readStoredFile, type FileBucket } from './bucket.ts';
import { PART_BYTES, storeFile } from './store.ts';
import { MemoryBucket } from './memory-bucket.ts';
import { chunkedStream, patternBytes } from './test-helpers/streams.ts';

const MIB = 1024 * 1024;
const hex = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
const opts = (bucket: FileBucket, extra: Partial<Parameters<typeof storeFile>[1]> = {}) => ({
  bucket,
  maxBytes: 50 * MIB,
  declaredBytes: null,
  ext: 'bin',
  contentType: 'application/octet-stream',
  ...extra,
});

// The real binding must fit the interface the store asks for (checked by the type checker).
export const r2FitsFileBucket = (b: R2Bucket): FileBucket => b;

describe('storeFile: small bodies (at most one part)', () => {
  it.each([
    ['empty', 0, 1024],
    ['tiny', 11, 4],
    ['grows its buffer', 300_000, 65_536],
    ['exactly one part', PART_BYTES, 1 << 20],
  ])('%s: saved once under files/<sha256>.<ext>, byte for byte', async (_name, size, chunk) => {
    const data = patternBytes(size, 3);
    const bucket = new MemoryBucket();
    const src = chunkedStream(data, chunk);
    const r = await storeFile(src.stream, opts(bucket, { ext: 'csv', contentType: 'text/csv' }));
    const sha = hex(data);
    // Digests, not element-wise comparison: deep equality of 8 MiB arrays takes seconds.
    expect(r.ok && { ...r, data: hex(r.data!) }).toEqual({ ok: true, sha256: sha, bytes: size, path: `files/${sha}.csv`, data: sha });
    expect([...bucket.objects.keys()]).toEqual([`files/${sha}.csv`]);
    const saved = bucket.objects.get(`files/${sha}.csv`)!;
    expect([hex(saved.data), saved.data.length, saved.contentType]).toEqual([sha, size, 'text/csv']);
    expect(bucket.log.filter((l) => !l.startsWith('head'))).toEqual([`put files/${sha}.csv`]);
  });

  it('keeps an object that already exists (same digest) without writing', async () => {
    const data = patternBytes(1000, 5);
    const bucket = new MemoryBucket();
    const key = fileKey(hex(data), 'pdf');
    bucket.objects.set(key, { data: data.slice(), contentType: 'application/pdf' });
    const r = await storeFile(chunkedStream(data, 100).stream, opts(bucket, { ext: 'pdf', contentType: null }));
    expect(r.ok && r.path).toBe(key);
    expect(bucket.log).toEqual([`head ${key}`]);
    expect(bucket.objects.get(key)?.contentType).toBe('application/pdf');
  });
});

describe('storeFile: large bodies (multipart through a temporary key)', () => {
  it('streams parts, copies into the final key by streamed range reads, deletes the temporary object, never holds more than a part', async () => {
    const size = 2 * PART_BYTES + 123_457;
    const data = patternBytes(size, 9);
    const bucket = new MemoryBucket();
    const r = await storeFile(chunkedStream(data, 64 * 1024 + 7).stream, opts(bucket, { ext: 'zip', contentType: 'application/zip' }));
    const sha = hex(data);
    expect(r).toEqual({ ok: true, sha256: sha, bytes: size, path: `files/${sha}.zip`, data: null });
    expect([...bucket.objects.keys()]).toEqual([`files/${sha}.zip`]);
    expect(hex(bucket.objects.get(`files/${sha}.zip`)!.data)).toBe(sha);
    expect(bucket.objects.get(`files/${sha}.zip`)!.contentType).toBe('application/zip');
    expect(bucket.openUploads.size).toBe(0);
    expect(bucket.largestWrite).toBe(PART_BYTES);
    const ops = bucket.log.map((l) => l.replace(/tmp\/files\/[0-9a-f-]+/, 'TEMP').replace(/ \d+\+\d+$/, ' RANGE'));
    expect(ops).toEqual([
      'create TEMP',
      'uploadPart TEMP 1',
      'uploadPart TEMP 2',
      'uploadPart TEMP 3',
      'complete TEMP',
      `head files/${sha}.zip`,
      `create files/${sha}.zip`,
      'get TEMP RANGE',
      `uploadPart files/${sha}.zip 1 stream`,
      'get TEMP RANGE',
      `uploadPart files/${sha}.zip 2 stream`,
      'get TEMP RANGE',
      `uploadPart files/${sha}.zip 3 stream`,
      `complete files/${sha}.zip`,
      'delete TEMP',
    ]);
  });

  it('one byte over a part goes multipart; an existing final object is kept and the temporary one dropped', async () => {
    const data = patternBytes(PART_BYTES + 1, 4);
    const bucket = new MemoryBucket();
    const key = fileKey(hex(data), 'bin');
    bucket.objects.set(key, { data: data.slice(), contentType: null });
    const r = await storeFile(chunkedStream(data, 1 << 20).stream, opts(bucket));
    expect(r.ok && r.path).toBe(key);
    expect([...bucket.objects.keys()]).toEqual([key]);
    expect(bucket.log.some((l) => l.startsWith(`create ${key}`))).toBe(false);
    expect(bucket.log.at(-1)).toMatch(new RegExp(`^delete ${TEMP_PREFIX}`));
  });

  it('a failing body aborts the upload, leaves nothing behind and rethrows', async () => {
    const data = patternBytes(3 * PART_BYTES, 2);
    const bucket = new MemoryBucket();
    const src = chunkedStream(data, 1 << 20, { failAfter: 2 * PART_BYTES + 5 * (1 << 20) });
    await expect(storeFile(src.stream, opts(bucket))).rejects.toThrow('connection reset');
    expect(bucket.objects.size).toBe(0);
    expect(bucket.openUploads.size).toBe(0);
    expect(bucket.log.at(-1)).toMatch(/^abort /);
  });

  it('a failing part upload aborts and stops reading the body', async () => {
    const bucket = new MemoryBucket();
    const original = bucket.createMultipartUpload.bind(bucket);
    bucket.createMultipartUpload = async (key, o) => {
      const mp = await original(key, o);
      return { ...mp, uploadPart: async () => Promise.reject(new Error('R2 is down')) };
    };
    const src = chunkedStream(patternBytes(4 * PART_BYTES, 1), 1 << 20);
    await expect(storeFile(src.stream, opts(bucket))).rejects.toThrow('R2 is down');
    expect(src.cancelled()).toBe(true);
    expect(src.delivered()).toBeLessThan(4 * PART_BYTES);
    expect(bucket.objects.size).toBe(0);
    expect(bucket.openUploads.size).toBe(0);
  });
});

describe('storeFile: over the cap (nothing is saved)', () => {
  it('refuses by declared Content-Length without reading', async () => {
    const bucket = new MemoryBucket();
    const src = chunkedStream(patternBytes(2000), 100);
    const r = await storeFile(src.stream, opts(bucket, { maxBytes: 1000, declaredBytes: 2000 }));
    expect(r).toEqual({ ok: false, reason: 'body_too_large', bytesRead: 0 });
    expect(src.delivered()).toBe(0);
    expect(src.cancelled()).toBe(true);
    expect(bucket.log).toEqual([]);
  });

  it.each([
    ['a small body', 1000, 2000, 300],
    ['a body that was already streaming parts', 2 * PART_BYTES + 10, 3 * PART_BYTES, 1 << 20],
  ])('refuses %s when the count passes the cap while reading', async (_name, cap, size, chunk) => {
    const bucket = new MemoryBucket();
    const src = chunkedStream(patternBytes(size), chunk);
    // No (or a false) Content-Length: the count decides.
    const r = await storeFile(src.stream, opts(bucket, { maxBytes: cap, declaredBytes: null }));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.bytesRead).toBeGreaterThan(cap);
    expect(!r.ok && r.bytesRead).toBeLessThanOrEqual(cap + chunk);
    expect(src.cancelled()).toBe(true);
    expect(bucket.objects.size).toBe(0);
    expect(bucket.openUploads.size).toBe(0);
    expect(bucket.log.filter((l) => l.startsWith('put') || l.startsWith('complete'))).toEqual([]);
  });

  it('a body of exactly the cap is accepted', async () => {
    const bucket = new MemoryBucket();
    const r = await storeFile(chunkedStream(patternBytes(1000), 7).stream, opts(bucket, { maxBytes: 1000, declaredBytes: 1000 }));
    expect(r.ok && r.bytes).toBe(1000);
  });
});

describe('readStoredFile', () => {
  it('reads whole, or only the head of a longer object, and null when missing', async () => {
    const bucket = new MemoryBucket();
    const data = patternBytes(5000, 8);
    await bucket.put('files/x.txt', data);
    expect(await readStoredFile(bucket, 'files/x.txt')).toEqual({ bytes: data, size: 5000 });
    expect(await readStoredFile(bucket, 'files/x.txt', { maxBytes: 10 })).toEqual({ bytes: data.subarray(0, 10), size: 5000 });
    expect(await readStoredFile(bucket, 'files/x.txt', { maxBytes: 9000 })).toEqual({ bytes: data, size: 5000 });
    expect(await readStoredFile(bucket, 'files/none.txt')).toBeNull();
  });
});
