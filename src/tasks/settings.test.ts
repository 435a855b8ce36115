import { describe, expect, it } from 'vitest';
import { CRAWL_HANDOVER_MS, handOverTake, HOST_CONCURRENCY } from './settings.ts';

describe('handOverTake (D408)', () => {
  const start = 1_000_000;
  it.each([
    ['at the start of the message', 0, HOST_CONCURRENCY],
    ['just inside the window', CRAWL_HANDOVER_MS - 1, HOST_CONCURRENCY],
    ['when the window closes', CRAWL_HANDOVER_MS, 0],
    ['long after it', CRAWL_HANDOVER_MS * 10, 0],
  ])('%s: %i ms in', (_label, elapsed, take) => {
    expect(handOverTake(start, start + elapsed)).toBe(take);
  });

  it('keeps the window open when the clock steps back', () => {
    expect(handOverTake(start, start - 5)).toBe(HOST_CONCURRENCY);
  });
});
