import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { tokenMatches } from './auth.ts';

describe('tokenMatches', () => {
  it('accepts exactly the configured tokens, compared as SHA-256 digests', async () => {
    const { tokenDigests } = await loadConfig({ SVC_API_TOKENS: 'abc,second-token' });
    expect(tokenDigests).toHaveLength(2);
    expect(await tokenMatches('abc', tokenDigests)).toBe(true);
    expect(await tokenMatches('second-token', tokenDigests)).toBe(true);
    expect(await tokenMatches('ab', tokenDigests)).toBe(false);
    expect(await tokenMatches('abcd', tokenDigests)).toBe(false);
    expect(await tokenMatches('', tokenDigests)).toBe(false);
  });
});
