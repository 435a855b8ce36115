import { describe, expect, it } from 'vitest';
import { parseWorkMessage, workMessage, WORK_MESSAGE_VERSION } from './messages.ts';

const BATCH = 'batch_0123456789abcdef01234567';
const CRAWL = 'crawl_0123456789abcdef01234567';

describe('WORK messages (decision D220)', () => {
  it('writes the version and reads it back with the task kind', () => {
    const msg = workMessage('crawl_page', CRAWL, 3);
    expect(msg).toEqual({ v: WORK_MESSAGE_VERSION, kind: 'crawl_page', taskId: CRAWL, index: 3 });
    expect(parseWorkMessage(msg)).toEqual({ ok: true, msg, task: 'crawl' });
  });

  it('reads a message sent before versions existed as version 1', () => {
    expect(parseWorkMessage({ kind: 'batch_item', taskId: BATCH, index: 0 })).toEqual({
      ok: true,
      msg: { v: 1, kind: 'batch_item', taskId: BATCH, index: 0 },
      task: 'batch',
    });
  });

  it('refuses other versions, unknown kinds, ids of another kind and bad positions, with a reason', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ v: 2, kind: 'batch_item', taskId: BATCH, index: 0 }, /version 2/],
      [{ v: '1', kind: 'batch_item', taskId: BATCH, index: 0 }, /version "1"/],
      [{ kind: 'someday_item', taskId: BATCH, index: 0 }, /kind "someday_item"/],
      [{ kind: 'toString', taskId: BATCH, index: 0 }, /kind "toString"/],
      [{ kind: 'batch_item', taskId: CRAWL, index: 0 }, /not a batch id/],
      [{ kind: 'crawl_page', taskId: CRAWL, index: -1 }, /position/],
      [{ kind: 'crawl_page', taskId: CRAWL, index: 1.5 }, /position/],
      [null, /not an object/],
      [[1], /not an object/],
    ];
    for (const [body, reason] of cases) {
      const parsed = parseWorkMessage(body);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.reason).toMatch(reason);
    }
  });
});
