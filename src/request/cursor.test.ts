import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { decodeCursor, encodeCursor, parsePageLimit } from './cursor.ts';

const ID = 'batch_0123456789abcdef01234567';
const OTHER = 'batch_ffffffffffffffffffffffff';

describe('cursor', () => {
  it.each([0, 1, 7, 300, 123_456_789])('round-trips position %i', (seq) => {
    expect(decodeCursor(ID, encodeCursor(ID, seq))).toBe(seq);
  });

  it('is opaque URL-safe text', () => {
    expect(encodeCursor(ID, 42)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each([
    ['empty', ''],
    ['garbage', 'not-a-cursor!'],
    ['plain number', '42'],
    ['another task', encodeCursor(OTHER, 3)],
    ['negative', btoa(`c1:${ID}:-1`).replace(/=+$/, '')],
    ['fraction', btoa(`c1:${ID}:1.5`).replace(/=+$/, '')],
    ['wrong version', btoa(`c2:${ID}:1`).replace(/=+$/, '')],
  ])('refuses %s with invalid_request', (_name, raw) => {
    expect(() => decodeCursor(ID, raw)).toThrow(ApiError);
    try {
      decodeCursor(ID, raw);
    } catch (err) {
      expect((err as ApiError).code).toBe('invalid_request');
    }
  });
});

describe('parsePageLimit', () => {
  it.each([
    [undefined, 20],
    ['1', 1],
    ['7', 7],
    ['100', 100],
  ])('%s → %i', (raw, n) => expect(parsePageLimit(raw)).toBe(n));

  it.each(['0', '101', '-1', '2.5', 'abc', '', '1e2'])('refuses %j', (raw) => {
    expect(() => parsePageLimit(raw)).toThrow(/limit must be/);
  });
});
