import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { compilePattern, isComplex, matchPattern } from './patterns.ts';

describe('isComplex', () => {
  it.each([
    ['^[a-z]+$', false],
    ['^\\d{3}-\\d{4}$', false],
    ['^a{16}$', false],
    ['^a{17}$', true],
    ['^a{2,17}$', true],
    ['^a{17,}$', true],
    ['^a{2,}$', false],
    ['(?=x)a', true],
    ['(?!x)a', true],
    ['(?<=x)a', true],
    ['(?<!x)a', true],
    ['(?<name>a)', false],
    ['(?:a)', false],
    ['(a)\\1', true],
    ['(?<n>a)\\k<n>', true],
    ['\\p{L}+', true],
    ['\\P{L}', true],
    ['\\u{1F600}', true],
    ['\\u0041', false],
    ['😀', true],
    ['[\\1]', false],
    ['[(?=]', false],
    ['\\(?=x\\)', false],
    ['[a{17}]', false],
  ])('%s → %s', (p, expected) => {
    expect(isComplex(p)).toBe(expected);
  });
});

describe('compilePattern', () => {
  const refused = (p: string): string => {
    try {
      compilePattern(p, 'formats[0].schema.properties.x.pattern');
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe('invalid_request');
      return (err as ApiError).message;
    }
    throw new Error(`pattern accepted: ${p}`);
  };
  it('refuses catastrophic patterns', () => {
    expect(refused('^(a+)+$')).toContain('allows catastrophic backtracking');
    expect(refused('^(a|a)*$')).toContain('could not be shown free of catastrophic backtracking');
    expect(refused('^(\\s*,\\s*)*x$')).toContain('allows catastrophic backtracking');
    expect(refused('^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$')).toContain('allows catastrophic backtracking');
  });
  it('refuses patterns over 2,000 characters and malformed ones', () => {
    expect(refused('a'.repeat(2001))).toContain('longer than 2000');
    expect(refused('(')).toContain('not a valid regular expression');
    expect(compilePattern('a'.repeat(2000), 'p').complex).toBe(false);
    expect(refused(`^${'(a|b)c'.repeat(300)}$`)).toContain('could not be shown free');
  });
  it('accepts ordinary patterns, falling back to non-Unicode mode', () => {
    expect(compilePattern('^[A-Z]{3}$', 'p').regex.unicode).toBe(true);
    const loose = compilePattern('^\\-?[\\w_]+$', 'p');
    expect(loose.regex.unicode).toBe(false);
    expect(matchPattern(loose, '-ab_c')).toBe('match');
  });
});

describe('matchPattern', () => {
  it('matches simple patterns on any length', () => {
    const p = compilePattern('^x+$', 'p');
    expect(matchPattern(p, 'x'.repeat(10_000))).toBe('match');
    expect(matchPattern(p, 'xy')).toBe('no_match');
  });
  it('bounds complex patterns to 2,048 code units', () => {
    const p = compilePattern('^(?=.*\\d).+$', 'p');
    expect(p.complex).toBe(true);
    expect(matchPattern(p, `1${'x'.repeat(2047)}`)).toBe('match');
    expect(matchPattern(p, `1${'x'.repeat(2048)}`)).toBe('undecided');
    expect(matchPattern(p, 'xx')).toBe('no_match');
  });
  it('bounds text holding a non-BMP character even for simple patterns', () => {
    const p = compilePattern('^.+$', 'p');
    expect(matchPattern(p, `😀${'x'.repeat(2046)}`)).toBe('match');
    expect(matchPattern(p, `😀${'x'.repeat(2047)}`)).toBe('undecided');
  });
  it('counts a match slower than 100 ms as undecided', () => {
    const p = compilePattern('(?=a)a', 'p');
    let t = 0;
    const clock = (): number => (t += 101);
    expect(matchPattern(p, 'a', clock)).toBe('undecided');
  });
});

describe('pattern length', () => {
  it('refuses a pattern over 2,000 characters without analysing or caching it', () => {
    expect(() => compilePattern('a'.repeat(2_001), 'includePaths[0]')).toThrow(/longer than 2000 characters/);
    expect(compilePattern('a'.repeat(2_000), 'includePaths[0]').regex.test('a'.repeat(2_000))).toBe(true);
  });
});
