import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_STATUS, errorResponse, unsupportedFormats, unsupportedParameters } from './errors.ts';

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
});
