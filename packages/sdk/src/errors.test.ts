import { describe, expect, it } from 'vitest';
import { isRetryable, ResponseFormatError, SvcError, WaitTimeoutError } from './errors.ts';

const svcError = (status: number): SvcError =>
  new SvcError({ status, method: 'GET', path: '/v1/batches/b', body: null, bodyText: '' });

describe('isRetryable (spec SDK rule 4)', () => {
  const cases: Array<[string, unknown, boolean]> = [
    ['network error', new TypeError('fetch failed'), true],
    ['408', svcError(408), true],
    ['429', svcError(429), true],
    ['500', svcError(500), true],
    ['503', svcError(503), true],
    ['400', svcError(400), false],
    ['401', svcError(401), false],
    ['404', svcError(404), false],
    ['409', svcError(409), false],
    ['non-JSON 200', new ResponseFormatError('GET', '/v1/batches/b', 200, '<html>'), false],
    ['wait timeout', new WaitTimeoutError('b', 1, null), false],
  ];
  for (const [name, err, expected] of cases) {
    it(name, () => expect(isRetryable(err)).toBe(expected));
  }
});

describe('messages', () => {
  it('SvcError: <METHOD> <path> failed: <status> <body>', () => {
    const err = new SvcError({ status: 409, method: 'POST', path: '/v1/crawls/c/cancel', body: { code: 'conflict' }, bodyText: '{"code":"conflict"}' });
    expect(err.message).toBe('POST /v1/crawls/c/cancel failed: 409 {"code":"conflict"}');
    expect(err.code).toBe('conflict');
    expect(err.name).toBe('SvcError');
  });
  it('WaitTimeoutError names the task, the limit and the last status', () => {
    expect(new WaitTimeoutError('crawl_1', 500, { status: 'running' }).message).toBe(
      'wait for crawl_1 timed out after 500 ms (last status: running)',
    );
    expect(new WaitTimeoutError('crawl_1', 500, null).message).toBe('wait for crawl_1 timed out after 500 ms');
  });
});
