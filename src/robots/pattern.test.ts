import { describe, expect, it } from 'vitest';
import { compilePattern, patternMatches } from './pattern.ts';

describe('compilePattern', () => {
  it.each([
    ['/', { parts: ['/'], anchored: false, length: 1 }],
    ['/$', { parts: ['/'], anchored: true, length: 2 }],
    ['/*.html', { parts: ['/', '.html'], anchored: false, length: 7 }],
    ['/*.php$', { parts: ['/', '.php'], anchored: true, length: 7 }],
    ['/fish*', { parts: ['/fish', ''], anchored: false, length: 6 }],
    ['*', { parts: ['', ''], anchored: false, length: 1 }],
    ['/a$b', { parts: ['/a%24b'], anchored: false, length: 6 }],
    ['/a$$', { parts: ['/a%24'], anchored: true, length: 6 }],
    ['/%2A', { parts: ['/%2A'], anchored: false, length: 4 }],
    ['/ツ', { parts: ['/%E3%83%84'], anchored: false, length: 10 }],
  ])('%s', (raw, expected) => {
    expect(compilePattern(raw)).toEqual(expected);
  });
});

describe('patternMatches', () => {
  it.each([
    ['/fish', '/fish', true],
    ['/fish', '/fishheads/yummy.html', true],
    ['/fish', '/Fish.asp', false],
    ['/fish', '/catfish', false],
    ['/fish$', '/fish', true],
    ['/fish$', '/fish/', false],
    ['/*.php', '/index?f=filename.php/', true],
    ['/*.php$', '/filename.php', true],
    ['/*.php$', '/filename.php?x', false],
    ['/*.php$', '/a.php.php', true],
    ['/fish*.php', '/fishheads/catfish.php?parameters', true],
    ['/a*b*c$', '/abc', true],
    ['/a*b*c$', '/aXbYc', true],
    ['/a*b*c$', '/aXbYcZ', false],
    ['/a*b*c$', '/acb', false],
    ['/a*bc$', '/abcbc', true],
    ['/a*a$', '/a', false],
    ['/a*a$', '/aa', true],
    ['*', '/anything', true],
    ['$', '', true],
    ['/$', '/', true],
    ['/$', '/x', false],
    ['/path/file-with-a-%2A.html', '/path/file-with-a-%2A.html', true],
    ['/path/file-with-a-*.html', '/path/file-with-a-other.html', true],
    ['/path/file-with-a-%2A.html', '/path/file-with-a-other.html', false],
  ])('%s on %s -> %s', (raw, target, expected) => {
    expect(patternMatches(compilePattern(raw), target)).toBe(expected);
  });

  it('stays fast on a hostile pattern (no backtracking)', () => {
    const pattern = compilePattern('/' + 'a*'.repeat(2000) + 'b$');
    const target = '/' + 'a'.repeat(100_000);
    const started = performance.now();
    expect(patternMatches(pattern, target)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
