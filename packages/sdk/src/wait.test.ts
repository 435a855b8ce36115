import { describe, expect, it } from 'vitest';
import { ResponseFormatError, SvcError } from './errors.ts';
import { pollUntil, retryDelay, withRetries } from './wait.ts';

const busy = (retryAfterMs: number | null = null): SvcError =>
  new SvcError({ status: 503, method: 'GET', path: '/x', body: null, bodyText: '', retryAfterMs });

describe('retryDelay', () => {
  const cases: Array<[string, unknown, number, number]> = [
    ['first retry waits one poll interval', busy(), 1, 1_000],
    ['doubles per failure', busy(), 3, 4_000],
    ['capped at 30 s', busy(), 10, 30_000],
    ['a longer Retry-After wins', busy(5_000), 1, 5_000],
    ['Retry-After capped too', busy(600_000), 1, 30_000],
    ['network error backs off the same way', new TypeError('fetch failed'), 2, 2_000],
  ];
  for (const [name, err, failures, expected] of cases) {
    it(name, () => expect(retryDelay(err, failures, 1_000)).toBe(expected));
  }
});

describe('pollUntil with an injected read', () => {
  const settings = { taskId: 't', timeoutMs: 5_000, pollIntervalMs: 1, maxRetries: 2 };

  it('returns the first finished record', async () => {
    const records = [1, 2, 3];
    let reads = 0;
    const result = await pollUntil(async () => records[reads++], (n) => n === 2, settings);
    expect(result).toBe(2);
    expect(reads).toBe(2);
  });

  it('does not retry a 2xx that is not JSON', async () => {
    let reads = 0;
    const failing = async (): Promise<number> => {
      reads += 1;
      throw new ResponseFormatError('GET', '/x', 200, '<html>');
    };
    await expect(pollUntil(failing, () => true, settings)).rejects.toBeInstanceOf(ResponseFormatError);
    expect(reads).toBe(1);
  });

  it('Infinity waits without a deadline signal', async () => {
    let signalSeen: AbortSignal | undefined = new AbortController().signal;
    await pollUntil(async (signal) => ((signalSeen = signal), 1), () => true, { ...settings, timeoutMs: Infinity });
    expect(signalSeen).toBeUndefined();
  });
});

describe('withRetries', () => {
  it('gives up after maxRetries retries and throws the last error', async () => {
    let calls = 0;
    const errors = [busy(), busy(), new TypeError('last')];
    await expect(withRetries(async () => Promise.reject(errors[calls++]), 2, 1)).rejects.toThrow('last');
    expect(calls).toBe(3);
  });
});
