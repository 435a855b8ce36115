import { afterEach, describe, expect, it, vi } from 'vitest';
import { SvcError } from '../../packages/sdk/src/errors.ts';
import { ApiError } from '../errors.ts';
import { INTERNAL_ERROR, INVALID_PARAMS, toolError } from './errors.ts';

const call = { method: 'POST', path: '/v1/scrape' } as const;

function svcError(status: number, body: string): SvcError {
  let parsed: unknown = body;
  try {
    parsed = JSON.parse(body);
  } catch {
    // a body that is not JSON stays text
  }
  return new SvcError({ status, method: 'POST', path: '/v1/scrape', body: parsed, bodyText: body });
}

afterEach(() => vi.restoreAllMocks());

describe('toolError', () => {
  it('an API refusal: "<code>: <METHOD> <path> failed: <status> <body>", data {code, status}, invalid params', () => {
    const body = '{"error":"url is required","code":"invalid_request"}';
    const e = toolError(svcError(400, body), call, { mask: true });
    expect(e.message).toBe(`invalid_request: POST /v1/scrape failed: 400 ${body}`);
    expect(e.code).toBe(INVALID_PARAMS);
    expect(e.data).toEqual({ code: 'invalid_request', status: 400 });
  });

  it("a lookup keeps the API's path and status, not the SDK's short message", () => {
    const err = new SvcError({ status: 404, method: 'GET', path: '/v1/batches/b', body: { error: 'batch not found: b', code: 'not_found' }, bodyText: '', message: 'batch not found: b' });
    expect(toolError(err, { method: 'GET', path: '/v1/batches/b' }, { mask: false }).message).toBe(
      'not_found: GET /v1/batches/b failed: 404 {"error":"batch not found: b","code":"not_found"}',
    );
  });

  it('an internal error is shown locally and masked remotely (cause logged)', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const body = '{"error":"disk on fire","code":"internal_error"}';
    expect(toolError(svcError(500, body), call, { mask: false }).message).toBe(`internal_error: POST /v1/scrape failed: 500 ${body}`);
    expect(log).not.toHaveBeenCalled();
    const masked = toolError(svcError(500, body), call, { mask: true });
    expect(masked.message).toBe('internal_error: POST /v1/scrape failed: 500 {"error":"internal error","code":"internal_error"}');
    expect(masked.code).toBe(INTERNAL_ERROR);
    expect(masked.data).toEqual({ code: 'internal_error', status: 500 });
    expect(String(log.mock.calls[0][0])).toContain('disk on fire');
  });

  it('an answer without a code gets one from its status', () => {
    const e = toolError(svcError(502, '<html>bad gateway</html>'), call, { mask: false });
    expect(e.data).toEqual({ code: 'internal_error', status: 502 });
    expect(e.message).toBe('internal_error: POST /v1/scrape failed: 502 <html>bad gateway</html>');
    expect(toolError(svcError(409, 'busy'), call, { mask: false }).data).toEqual({ code: 'conflict', status: 409 });
  });

  it('no answer at all: status null; the cause is shown locally only', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = new TypeError('fetch failed');
    expect(toolError(failed, call, { mask: false }).message).toBe('internal_error: POST /v1/scrape failed: fetch failed');
    const masked = toolError(failed, call, { mask: true });
    expect(masked.message).toBe('internal_error: POST /v1/scrape failed: internal error');
    expect(masked.data).toEqual({ code: 'internal_error', status: null });
  });

  it("a tool's own argument refusal carries the API's error body", () => {
    const e = toolError(new ApiError('unsupported_parameter', 'unsupported parameter: offset', { parameters: ['offset'] }), { method: 'GET', path: '/v1/batches/b/items' }, { mask: true });
    expect(e.message).toBe('unsupported_parameter: GET /v1/batches/b/items failed: 400 {"error":"unsupported parameter: offset","code":"unsupported_parameter","details":{"parameters":["offset"]}}');
    expect(e.data).toEqual({ code: 'unsupported_parameter', status: 400 });
  });
});
