import { describe, expect, it } from 'vitest';
import { HTTPException } from 'hono/http-exception';
import {
  ApiError,
  ERROR_STATUS,
  errorResponse,
  MAX_LISTED_NAMES,
  MAX_MESSAGE_CHARS,
  MAX_QUOTED_CHARS,
  quoteInput,
  unsupportedFormats,
  unsupportedParameters,
} from './errors.ts';

describe('error table', () => {
  it('maps every code of the spec to its HTTP status', () => {
    expect(ERROR_STATUS).toEqual({
      invalid_json: 400,
      invalid_request: 400,
      unsupported_parameter: 400,
      unsupported_format: 400,
      unauthorized: 401,
      not_found: 404,
      conflict: 409,
      internal_error: 500,
    });
  });

  it.each(Object.entries(ERROR_STATUS))('%s → %i with {error, code}', async (code, status) => {
    const res = errorResponse(new ApiError(code as keyof typeof ERROR_STATUS, `m-${code}`), false);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error: `m-${code}`, code });
  });

  it('carries details only for unsupported parameters and formats', async () => {
    expect(await errorResponse(unsupportedParameters(['actions']), false).json()).toEqual({
      error: 'unsupported parameter: actions',
      code: 'unsupported_parameter',
      details: { parameters: ['actions'] },
    });
    expect(await errorResponse(unsupportedFormats(['screenshot', 'html']), false).json()).toMatchObject({ details: { formats: ['screenshot', 'html'] } });
    expect(await errorResponse(new ApiError('invalid_request', 'x', { parameters: ['y'] }), false).json()).toEqual({ error: 'x', code: 'invalid_request' });
  });

  it('hides the message of an unexpected failure on a hosted server and keeps it locally', async () => {
    const err = new Error('database exploded at /secret/path');
    const local = errorResponse(err, false);
    expect(local.status).toBe(500);
    expect(await local.json()).toEqual({ error: 'database exploded at /secret/path', code: 'internal_error' });
    const hosted = errorResponse(err, true);
    expect(await hosted.json()).toEqual({ error: 'internal error', code: 'internal_error' });
  });

  it('hides the message of an internal_error ApiError on a hosted server too', async () => {
    expect(await errorResponse(new ApiError('internal_error', 'row too big'), true).json()).toEqual({ error: 'internal error', code: 'internal_error' });
  });
});

describe('echo bounds (issue 11 point 2)', () => {
  it('cuts a quoted input to a bounded length and says how long it was', () => {
    expect(quoteInput('short')).toBe('short');
    const cut = quoteInput('k'.repeat(1_000_000));
    expect(cut.length).toBeLessThanOrEqual(MAX_QUOTED_CHARS + 30);
    expect(cut).toMatch(/^k+… \(1000000 characters\)$/);
    // A surrogate pair at the cut is not split.
    const emoji = quoteInput('a'.repeat(MAX_QUOTED_CHARS - 2) + '😀'.repeat(10));
    expect(emoji).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('a 1 MB unknown key comes back cut, in the message and in details', async () => {
    const key = 'x'.repeat(1024 * 1024);
    const res = errorResponse(unsupportedParameters([key]), false);
    const text = await res.text();
    expect(text.length).toBeLessThan(1_000);
    const body = JSON.parse(text) as { details: { parameters: string[] } };
    expect(body.details.parameters).toHaveLength(1);
    expect(body.details.parameters[0].startsWith('xxxx')).toBe(true);
  });

  it('lists at most MAX_LISTED_NAMES names and says how many more there were', async () => {
    const names = Array.from({ length: 100_000 }, (_, i) => `k${i}`);
    const body = (await errorResponse(unsupportedFormats(names), false).json()) as { error: string; details: { formats: string[] } };
    expect(body.details.formats).toHaveLength(MAX_LISTED_NAMES);
    expect(body.error).toMatch(/ and 99950 more$/);
  });

  it('bounds any message, whoever built it', () => {
    expect(new ApiError('invalid_request', `bad: ${'y'.repeat(50_000)}`).message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS + 30);
  });
});

describe('Hono exceptions', () => {
  it.each([
    [413, 'invalid_request', 400],
    [400, 'invalid_request', 400],
    [401, 'unauthorized', 401],
    [404, 'not_found', 404],
    [503, 'internal_error', 500],
  ] as const)('HTTPException %i → %s (%i) in the error shape', async (status, code, http) => {
    const res = errorResponse(new HTTPException(status, { message: 'from hono' }), false);
    expect(res.status).toBe(http);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ code, error: expect.any(String) });
  });
});
