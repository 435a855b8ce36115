import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nonSpaceLength, utf8Length } from './text.ts';

// Every character `\s` matches, and neighbours that it does not (U+180E and U+200B are not whitespace in ES2016+).
const SPACES = ' \t\n\v\f\r\u00a0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
const NEAR = 'a\u180e\u200b\u0085\u00ad\u2060é文';

describe('nonSpaceLength', () => {
  it('counts what removing every \\s would leave', () => {
    const char = fc.constantFrom(...(SPACES + NEAR).split(''));
    fc.assert(
      fc.property(fc.array(char, { maxLength: 60 }), (chars) => {
        const s = chars.join('');
        expect(nonSpaceLength(s)).toBe(s.replace(/\s+/g, '').length);
      }),
    );
  });

  it('stops at the bound', () => {
    expect(nonSpaceLength('a b c d e', 3)).toBe(3);
    expect(nonSpaceLength('', 3)).toBe(0);
  });
});

describe('utf8Length', () => {
  it('is the length TextEncoder gives, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('\ud800', '\udc00', 'a', 'é', '€') }), (a, b) => {
        const s = a + b;
        expect(utf8Length(s)).toBe(new TextEncoder().encode(s).byteLength);
      }),
    );
  });
});
