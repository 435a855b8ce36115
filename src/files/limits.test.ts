import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { DEFAULT_MAX_FILE_BYTES, MAX_FILE_BYTES_LIMIT, parseMaxFileBytesSetting, resolveMaxFileBytes } from './limits.ts';

describe('parseMaxFileBytesSetting (SVC_MAX_FILE_BYTES)', () => {
  it.each([
    [undefined, DEFAULT_MAX_FILE_BYTES],
    ['', DEFAULT_MAX_FILE_BYTES],
    ['  ', DEFAULT_MAX_FILE_BYTES],
    ['1', 1],
    [' 1048576 ', 1_048_576],
    [String(MAX_FILE_BYTES_LIMIT), 524_288_000],
  ])('%j → %i', (raw, cap) => {
    expect(parseMaxFileBytesSetting(raw)).toBe(cap);
  });

  it.each(['0', '-5', '1.5', '50MiB', '1e6', String(MAX_FILE_BYTES_LIMIT + 1), '99999999999999999999'])('refuses %j', (raw) => {
    expect(() => parseMaxFileBytesSetting(raw)).toThrow(/SVC_MAX_FILE_BYTES/);
  });
});

describe('resolveMaxFileBytes (request maxFileBytes)', () => {
  const cap = 10_000;
  it.each([
    [undefined, cap],
    [1, 1],
    [cap, cap],
  ])('%j → %i', (requested, expected) => {
    expect(resolveMaxFileBytes(requested, cap)).toBe(expected);
  });

  it.each([0, -1, 1.5, '100', Number.NaN, true, null, cap + 1])('refuses %j with invalid_request', (requested) => {
    const err = (() => {
      try {
        resolveMaxFileBytes(requested, cap);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('invalid_request');
  });
});
