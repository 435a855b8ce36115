import { describe, expect, it } from 'vitest';
import { BATCH_BODY_MAX, bodyLimitFor, SINGLE_URL_BODY_MAX, SMALL_BODY_MAX } from './body-limits.ts';
import { MAX_URL_LENGTH } from './capture-options.ts';

describe('request body limits per route (D201)', () => {
  it.each([
    ['/v1/scrape', SINGLE_URL_BODY_MAX],
    ['/v1/scrape/', SINGLE_URL_BODY_MAX],
    ['/v1/crawls', SINGLE_URL_BODY_MAX],
    ['/v1/batches', BATCH_BODY_MAX],
    ['/v1/crawls/crawl_0123456789abcdef01234567/cancel', SMALL_BODY_MAX],
    ['/v1/batches/batch_0123456789abcdef01234567/items', SMALL_BODY_MAX],
    ['/v1/nope', SMALL_BODY_MAX],
    ['/fc/v1/scrape', SINGLE_URL_BODY_MAX],
    ['/fc/v1/crawl', SINGLE_URL_BODY_MAX],
    ['/fc//v1/batch/scrape', BATCH_BODY_MAX],
    ['/fc/v1/crawl/abc/cancel', SMALL_BODY_MAX],
  ])('%s → %i bytes', (path, max) => {
    expect(bodyLimitFor(path)).toBe(max);
  });

  it('a batch body has room for 1,000 URLs of the longest allowed length', () => {
    expect(BATCH_BODY_MAX).toBeGreaterThan(1_000 * (MAX_URL_LENGTH + 3));
  });
});
