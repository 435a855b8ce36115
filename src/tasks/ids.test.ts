import { describe, expect, it } from 'vitest';
import { isTaskId, newTaskId } from './ids.ts';

describe('task ids', () => {
  it.each(['batch', 'crawl'] as const)('%s ids have the D8 shape and differ', (kind) => {
    const a = newTaskId(kind);
    expect(a).toMatch(new RegExp(`^${kind}_[0-9a-f]{24}$`));
    expect(newTaskId(kind)).not.toBe(a);
    expect(isTaskId(kind, a)).toBe(true);
    expect(isTaskId(kind === 'batch' ? 'crawl' : 'batch', a)).toBe(false);
  });

  it.each(['batch_', 'batch_0123456789ABCDEF01234567', 'batch_0123456789abcdef0123456', 'x_0123456789abcdef01234567'])(
    'refuses %s',
    (raw) => expect(isTaskId('batch', raw)).toBe(false),
  );
});
