// Pages built to hurt: they must convert in bounded time and without overflowing the stack.
import { describe, expect, it } from 'vitest';
import { extractPage } from './index.ts';

describe('pathological pages', () => {
  it('flattens nesting deeper than browsers keep instead of overflowing the stack', () => {
    const html = `<html><body>${'<div>'.repeat(20000)}deep text here${'</div>'.repeat(20000)}</body></html>`;
    const r = extractPage(html, { url: 'http://x.test/' });
    expect(r.markdown).toContain('deep text here');
  });

  it('converts a 3,000-row data table in linear time', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `<tr><td>r${i}</td><td>${i * 2}</td><td>x</td></tr>`).join('');
    const r = extractPage(`<html><body><table><tr><th>name</th><th>double</th><th>x</th></tr>${rows}</table></body></html>`, { url: 'http://x.test/' });
    const lines = r.markdown.split('\n').filter((l) => l.startsWith('|'));
    expect(lines).toHaveLength(3002);
    expect(lines[0]).toMatch(/\|\s*name\s*\|\s*double\s*\|/);
    expect(lines[3001]).toContain('r2999');
  });
});
