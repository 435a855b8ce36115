import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors.ts';
import { parseBrowserState, sessionAppliesTo, sessionOrigins } from './state.ts';

describe('parseBrowserState', () => {
  it('takes Playwright storageState cookies (session cookie expires -1) and origins', () => {
    const s = parseBrowserState(
      [{ name: 'sid', value: 'v', domain: '.shop.test', path: '/', expires: -1, httpOnly: true, secure: true, sameSite: 'Lax' }],
      [{ origin: 'https://app.test', localStorage: [{ name: 'k', value: 'v' }] }],
    );
    expect(s.cookies).toEqual([{ name: 'sid', value: 'v', domain: '.shop.test', path: '/', httpOnly: true, secure: true, sameSite: 'Lax' }]);
    expect(s.origins).toEqual([{ origin: 'https://app.test', localStorage: [{ name: 'k', value: 'v' }] }]);
    expect(sessionOrigins(s)).toEqual(['shop.test', 'https://app.test']);
  });

  const BAD: [string, unknown, unknown][] = [
    ['cookies not a list', 'sid=1', undefined],
    ['cookie without domain or url', [{ name: 'a', value: 'b' }], undefined],
    ['cookie with a url that is not http(s)', [{ name: 'a', value: 'b', url: 'not a url' }], undefined],
    ['bad sameSite', [{ name: 'a', value: 'b', domain: 'x.test', sameSite: 'lax' }], undefined],
    ['origin with a path', [], [{ origin: 'https://app.test/path' }]],
    ['nothing to store', [], undefined],
  ];
  for (const [name, cookies, origins] of BAD) {
    it(`refuses ${name}`, () => {
      expect(() => parseBrowserState(cookies, origins)).toThrow(ApiError);
    });
  }
});

describe('sessionAppliesTo', () => {
  const s = parseBrowserState([{ name: 'a', value: 'b', domain: '.shop.test' }], [{ origin: 'http://127.0.0.1:8000', localStorage: [] }]);
  it('covers a cookie domain and its subdomains, and listed origins exactly', () => {
    expect(sessionAppliesTo(s, new URL('https://shop.test/a'))).toBe(true);
    expect(sessionAppliesTo(s, new URL('https://www.shop.test/a'))).toBe(true);
    expect(sessionAppliesTo(s, new URL('https://evilshop.test/a'))).toBe(false);
    expect(sessionAppliesTo(s, new URL('http://127.0.0.1:8000/x'))).toBe(true);
    expect(sessionAppliesTo(s, new URL('http://127.0.0.1:9000/x'))).toBe(false);
  });
});
