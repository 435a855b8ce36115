import { describe, expect, it } from 'vitest';
import { isTaskId, newTaskId } from './ids.ts';
import { parseWorkMessage } from './messages.ts';

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

describe('parseWorkMessage', () => {
  const batch = 'batch_0123456789abcdef01234567';
  const crawl = 'crawl_0123456789abcdef01234567';
  it.each([
    [{ kind: 'batch_item', taskId: batch, index: 3 }, { kind: 'batch_item', taskId: batch, index: 3 }],
    [{ kind: 'crawl_page', taskId: crawl, index: 0 }, { kind: 'crawl_page', taskId: crawl, index: 0 }],
    [{ kind: 'crawl_page', taskId: batch, index: 0 }, null],
    [{ kind: 'batch_item', taskId: batch, index: -1 }, null],
    [{ kind: 'batch_item', taskId: batch, index: 1.5 }, null],
    [{ kind: 'monitor_run', taskId: batch, index: 1 }, null],
    ['text', null],
    [null, null],
  ])('%j', (body, want) => expect(parseWorkMessage(body)).toEqual(want));
});
