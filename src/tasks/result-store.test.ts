import { describe, expect, it } from 'vitest';
import { resultKey } from '../files/r2-keys.ts';
import { loadBodies, storeResult, type ResultBucket } from './result-store.ts';

function memoryBucket(): ResultBucket & { objects: Map<string, string> } {
  const objects = new Map<string, string>();
  return {
    objects,
    put: async (key, value) => void objects.set(key, value),
    get: async (key) => {
      const v = objects.get(key);
      return v === undefined ? null : { text: async () => v };
    },
  };
}

describe('storeResult', () => {
  it('keeps a small result inline and counts UTF-8 bytes', async () => {
    const bucket = memoryBucket();
    const stored = await storeResult(bucket, 'k', 'success', { markdown: 'é' }, 100);
    expect(stored).toEqual({ status: 'success', body: '{"markdown":"é"}', r2Key: null, bytes: 17 });
    expect(bucket.objects.size).toBe(0);
  });

  it('puts a result above the threshold in the bucket and reads it back', async () => {
    const bucket = memoryBucket();
    const entry = { index: 4, markdown: 'x'.repeat(200) };
    const key = resultKey('batch_0123456789abcdef01234567', 4, 2);
    expect(key).toBe('results/batch_0123456789abcdef01234567/4-2.json');
    const stored = await storeResult(bucket, key, 'partial', entry, 100);
    expect(stored.body).toBeNull();
    expect(stored.r2Key).toBe(key);
    expect(stored.bytes).toBe(JSON.stringify(entry).length);
    const inline = await storeResult(bucket, 'other', 'success', { index: 5 }, 100);
    const bodies = await loadBodies(bucket, [
      { seq: 1, body: inline.body, r2Key: null },
      { seq: 2, body: null, r2Key: key },
    ]);
    expect(bodies.map((b) => JSON.parse(b) as unknown)).toEqual([{ index: 5 }, entry]);
  });

  it('fails loudly when an offloaded result is missing', async () => {
    await expect(loadBodies(memoryBucket(), [{ seq: 9, body: null, r2Key: 'results/x/1-1.json' }])).rejects.toThrow(/missing/);
  });
});
