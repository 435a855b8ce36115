import { describe, expect, it } from 'vitest';
import { redirectChainOf } from './build.ts';

describe('redirectChainOf', () => {
  it('keeps short chains whole', () => {
    expect(redirectChainOf({ urls: [], complete: true })).toEqual({ urls: [], complete: true });
    expect(redirectChainOf({ urls: ['a'], complete: true })).toEqual({ urls: ['a'], complete: true });
  });
  it('keeps a lane\'s own incompleteness (a provider never sees the chain)', () => {
    expect(redirectChainOf({ urls: ['a', 'b'], complete: false })).toEqual({ urls: ['a', 'b'], complete: false });
  });
  it('keeps the first URL and the last 20 of a page that kept moving', () => {
    const urls = Array.from({ length: 26 }, (_, i) => `u${i}`);
    const chain = redirectChainOf({ urls, complete: true });
    expect(chain.complete).toBe(false);
    expect(chain.urls).toEqual(['u0', ...urls.slice(6)]);
    expect(chain.urls).toHaveLength(21);
  });
});
