import { describe, expect, it } from 'vitest';
import { createOrRelease, type TaskRegistryPort } from './store.ts';

function recordingRegistry(): TaskRegistryPort & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    admitBatch: async () => ({ ok: true }),
    accepted: async (id) => void calls.push(`accepted ${id}`),
    register: async (id) => void calls.push(`register ${id}`),
    release: async (id) => void calls.push(`release ${id}`),
  };
}

describe('createOrRelease (decision D224)', () => {
  it('passes a successful create through and touches nothing', async () => {
    const registry = recordingRegistry();
    expect(await createOrRelease(registry, 't1', { create: async () => 'record', get: async () => 'record' })).toBe('record');
    expect(registry.calls).toEqual([]);
  });

  it('releases the entry at once when the create left no task, and rethrows', async () => {
    const registry = recordingRegistry();
    const failure = new Error('SQLITE_TOOBIG');
    await expect(createOrRelease(registry, 't2', { create: () => Promise.reject(failure), get: async () => null })).rejects.toBe(failure);
    expect(registry.calls).toEqual(['release t2']);
  });

  it('stops a stored task from blocking acceptance when only sending its work failed', async () => {
    const registry = recordingRegistry();
    await expect(createOrRelease(registry, 't3', { create: () => Promise.reject(new Error('queue down')), get: async () => ({}) })).rejects.toThrow('queue down');
    expect(registry.calls).toEqual(['accepted t3']);
  });

  it('releases when even reading the task back fails', async () => {
    const registry = recordingRegistry();
    await expect(createOrRelease(registry, 't4', { create: () => Promise.reject(new Error('x')), get: () => Promise.reject(new Error('y')) })).rejects.toThrow('x');
    expect(registry.calls).toEqual(['release t4']);
  });
});
