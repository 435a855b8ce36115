import { describe, expect, it } from 'vitest';
import { joinUrl, parseRetryAfter, query } from './http.ts';

describe('parseRetryAfter (RFC 9110 §10.2.3)', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  const cases: Array<[string | null, number | null]> = [
    [null, null],
    ['0', 0],
    ['  7 ', 7_000],
    ['Wed, 01 Jan 2025 00:00:03 GMT', 3_000],
    ['Tue, 31 Dec 2024 23:59:00 GMT', 0],
    ['soon', null],
    ['-1', null],
  ];
  for (const [value, expected] of cases) {
    it(String(value), () => expect(parseRetryAfter(value, now)).toBe(expected));
  }
});

describe('query and joinUrl', () => {
  it('keeps only defined values and encodes the cursor', () => {
    expect(query({ limit: 5, cursor: 'a+b/=' })).toBe('?limit=5&cursor=a%2Bb%2F%3D');
    expect(query({ limit: undefined, cursor: null })).toBe('');
  });
  it('drops trailing slashes of the base URL', () => {
    expect(joinUrl('http://127.0.0.1:8787//', '/v1/scrape')).toBe('http://127.0.0.1:8787/v1/scrape');
    expect(joinUrl('https://svc.example/api', '/v1/scrape')).toBe('https://svc.example/api/v1/scrape');
  });
});
