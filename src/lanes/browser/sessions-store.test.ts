import { describe, expect, it } from 'vitest';
import { SESSIONS_PREFIX, SessionStore, type SessionBucket } from './sessions-store.ts';
import type { BrowserState } from './state.ts';

/** An in-memory bucket with the R2 calls the store makes (values kept as the exact strings written). */
function memoryBucket(): SessionBucket & { raw: Map<string, { text: string; meta: Record<string, string> }> } {
  const raw = new Map<string, { text: string; meta: Record<string, string> }>();
  return {
    raw,
    get: async (k) => {
      const v = raw.get(k);
      return v ? { text: async () => v.text, customMetadata: v.meta } : null;
    },
    head: async (k) => (raw.has(k) ? {} : null),
    put: async (k, text, o) => void raw.set(k, { text, meta: o.customMetadata }),
    delete: async (k) => void raw.delete(k),
    list: async (o) => ({
      objects: [...raw.entries()].filter(([k]) => k.startsWith(o.prefix)).map(([key, v]) => ({ key, customMetadata: v.meta })),
      truncated: false,
    }),
  };
}

const STATE: BrowserState = {
  cookies: [{ name: 'sid', value: 'secret-cookie-value', domain: 'example.test', path: '/' }],
  origins: [{ origin: 'https://example.test', localStorage: [{ name: 'token', value: 'secret-storage-value' }] }],
};
const NOW = new Date('2026-11-23T12:00:00.000Z');

describe('SessionStore', () => {
  it('encrypts the state at rest and reads it back', async () => {
    const bucket = memoryBucket();
    const store = new SessionStore(bucket, 'a-session-key-of-enough-length');
    const s = await store.create('reader', ['example.test'], STATE, NOW);
    expect(s).toEqual({ id: expect.stringMatching(/^ses_[0-9a-f]{32}$/), name: 'reader', origins: ['example.test'], createdAt: NOW.toISOString() });
    const stored = bucket.raw.get(`${SESSIONS_PREFIX}${s.id}`);
    expect(stored?.text).not.toContain('secret-cookie-value');
    expect(stored?.text).not.toContain('secret-storage-value');
    expect(await store.state(s.id)).toEqual(STATE);
    expect(await store.list()).toEqual([s]);
  });

  it('another key, a ciphertext moved to another id, or an unknown id reads as no session', async () => {
    const bucket = memoryBucket();
    const s = await new SessionStore(bucket, 'a-session-key-of-enough-length').create('reader', [], STATE, NOW);
    expect(await new SessionStore(bucket, 'another-key-of-enough-length').state(s.id)).toBeNull();
    const store = new SessionStore(bucket, 'a-session-key-of-enough-length');
    const moved = `ses_${'0'.repeat(32)}`;
    bucket.raw.set(`${SESSIONS_PREFIX}${moved}`, bucket.raw.get(`${SESSIONS_PREFIX}${s.id}`)!);
    expect(await store.state(moved)).toBeNull();
    expect(await store.state('ses_unknown')).toBeNull();
  });

  it('deletes a session once', async () => {
    const store = new SessionStore(memoryBucket(), 'a-session-key-of-enough-length');
    const s = await store.create('reader', [], STATE, NOW);
    expect(await store.delete(s.id)).toBe(true);
    expect(await store.delete(s.id)).toBe(false);
    expect(await store.list()).toEqual([]);
  });
});
