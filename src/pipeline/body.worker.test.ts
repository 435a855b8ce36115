// The charsets of the fixture sites must decode inside workerd too, not only in Node.
import { describe, expect, it } from 'vitest';
import { decodeHtml } from './body.ts';

describe('decodeHtml in workerd', () => {
  it('decodes windows-1252', () => {
    expect(decodeHtml(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80]), 'text/html; charset=windows-1252').text).toBe('café €');
  });
  it('decodes Shift_JIS', () => {
    // 日本 in Shift_JIS
    expect(decodeHtml(new Uint8Array([0x93, 0xfa, 0x96, 0x7b]), 'text/html; charset=Shift_JIS').text).toBe('日本');
  });
  it('decodes a <meta> charset', () => {
    const head = new TextEncoder().encode('<meta charset="shift_jis">');
    const bytes = new Uint8Array([...head, 0x93, 0xfa, 0x96, 0x7b]);
    expect(decodeHtml(bytes, 'text/html').text).toContain('日本');
  });
});
