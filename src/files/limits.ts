// The file cap (spec rule 9 and "Limits"): the operator's SVC_MAX_FILE_BYTES, default 50 MiB, at most 500 MiB;
// a request's `maxFileBytes` can only lower it.

import { invalidRequest } from '../errors.ts';

export const MIB = 1024 * 1024;
export const DEFAULT_MAX_FILE_BYTES = 50 * MIB;
export const MAX_FILE_BYTES_LIMIT = 500 * MIB;

/**
 * Reads SVC_MAX_FILE_BYTES (a whole number of bytes). Unset or empty means the default. A value that is not a
 * positive integer or exceeds 500 MiB is a configuration error: thrown, so the service refuses to start rather than
 * run with a cap the operator did not set.
 */
export function parseMaxFileBytesSetting(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_MAX_FILE_BYTES;
  const text = raw.trim();
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_FILE_BYTES_LIMIT) {
    throw new Error(`SVC_MAX_FILE_BYTES must be a whole number of bytes from 1 to ${MAX_FILE_BYTES_LIMIT}, got "${raw}"`);
  }
  return n;
}

/**
 * The cap for one request. `requested` is the raw `maxFileBytes` from the request body (undefined when absent).
 * Malformed, or above the operator's cap, → `invalid_request` (it may only lower the cap; silently clamping would
 * ignore the caller).
 */
export function resolveMaxFileBytes(requested: unknown, operatorCap: number): number {
  if (requested === undefined) return operatorCap;
  if (typeof requested !== 'number' || !Number.isSafeInteger(requested) || requested < 1) {
    throw invalidRequest('maxFileBytes must be a positive whole number of bytes');
  }
  if (requested > operatorCap) {
    throw invalidRequest(`maxFileBytes ${requested} exceeds this server's file cap of ${operatorCap} bytes; it can only lower it`);
  }
  return requested;
}
