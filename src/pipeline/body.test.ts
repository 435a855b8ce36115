import { describe, expect, it } from 'vitest';
import { readCapped } from '../io/read-capped.ts';
import { charsetFromMeta, decodeHtml } from './body.ts';

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const ch of chunks) c.enqueue(enc.encode(ch));
      c.close();
    },
  });
}

describe('readCapped', () => {
  it('reads everything under the cap', async () => {
    expect(await readCapped(streamOf('abc', 'def'), 10)).toMatchObject({ truncated: false });
  });
  it('cuts at the cap and says so', async () => {
    const r = await readCapped(streamOf('abc', 'def'), 4);
    expect(new TextDecoder().decode(r.bytes)).toBe('abcd');
    expect(r.truncated).toBe(true);
  });
});

describe('charsets', () => {
  it.each([
    ['text/html; charset=Shift_JIS', 'shift_jis'],
    ['text/html;charset="windows-1252"', 'windows-1252'],
    ['text/html', 'utf-8'],
    [null, 'utf-8'],
  ])('decodes with the header charset of %s', (ct, cs) => expect(decodeHtml(new Uint8Array([0x61]), ct).charset).toBe(cs));

  it.each([
    ['<html><head><meta charset="windows-1252">', 'windows-1252'],
    ['<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">', 'shift_jis'],
    ['<html><body>no meta</body>', null],
  ])('charsetFromMeta(%s)', (h, cs) => expect(charsetFromMeta(new TextEncoder().encode(h))).toBe(cs));

  it('decodes windows-1252 declared in the header', () => {
    const bytes = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0x80]);
    expect(decodeHtml(bytes, 'text/html; charset=windows-1252').text).toBe('café €');
  });
  it('prefers a BOM, then the header, then <meta>, then UTF-8', () => {
    const utf8 = new TextEncoder().encode('<meta charset="windows-1252">é');
    expect(decodeHtml(utf8, 'text/html; charset=utf-8').text).toContain('é');
    expect(decodeHtml(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]), 'text/html; charset=windows-1252').text).toBe('a');
    // An unknown label names nothing; these bytes are no UTF-8, so they are read as windows-1252 (D401).
    expect(decodeHtml(new Uint8Array([0x61, 0xe9]), 'text/html; charset=bogus-label')).toMatchObject({ charset: 'windows-1252', text: 'aé' });
  });

  describe('a page that names no charset in its first 1024 bytes (D401)', () => {
    const latin1 = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
    const style = `<style>${' '.repeat(1100)}</style>`;
    it.each([
      ['valid UTF-8 stays UTF-8', new TextEncoder().encode('<p>Gebäude</p>'), 'utf-8', 'Gebäude'],
      ['a later <meta> charset decides for 8-bit bytes', latin1(`<head>${style}<meta charset="iso-8859-2"><p>\xb1</p>`), 'iso-8859-2', 'ą'],
      ['8-bit bytes with no charset at all are windows-1252', latin1('<p>Geb\xe4ude \x80</p>'), 'windows-1252', 'Gebäude €'],
      ['a later <meta> is not taken over valid UTF-8', new TextEncoder().encode(`<head>${style}<meta charset="iso-8859-1"><p>Gebäude</p>`), 'utf-8', 'Gebäude'],
      ['a later <meta> saying UTF-8 over 8-bit bytes', latin1(`<head>${style}<meta charset="utf-8"><p>Geb\xe4ude</p>`), 'windows-1252', 'Gebäude'],
    ])('%s', (_name, bytes, charset, text) => {
      const d = decodeHtml(bytes, 'text/html');
      expect(d.charset).toBe(charset);
      expect(d.text).toContain(text);
    });

    it('reads a PmWiki page whose charset comes after its style block', () => {
      const page = latin1(`<html><head>${style}<meta http-equiv='Content-Type' content='text/html; charset=iso-8859-1' /></head><body><p>Oberstufengeb\xe4ude</p></body></html>`);
      expect(decodeHtml(page, 'text/html')).toMatchObject({ charset: 'iso-8859-1', utf8: null });
      expect(decodeHtml(page, 'text/html').text).toContain('Oberstufengebäude');
    });
  });
});

describe('the UTF-8 bytes of the decoded text (D287)', () => {
  const enc = new TextEncoder();
  const bom = (b: Uint8Array) => new Uint8Array([0xef, 0xbb, 0xbf, ...b]);
  it.each([
    ['UTF-8 declared', enc.encode('<p>café – 日本 😀</p>'), 'text/html; charset=utf-8', 'same'],
    ['UTF-8 by default', enc.encode('<p>plain</p>'), 'text/html', 'same'],
    ['a label UTF-8 goes by', enc.encode('<p>é</p>'), 'text/html; charset=UTF8', 'same'],
    ['a BOM (left out of the text)', bom(enc.encode('<p>é</p>')), 'text/html; charset=windows-1252', 'less BOM'],
    ['a malformed sequence', new Uint8Array([0x3c, 0x70, 0x3e, 0xe9, 0x21]), 'text/html; charset=utf-8', 'none'],
    ['a multi-byte character cut at the end', enc.encode('<p>日').subarray(0, 5), 'text/html; charset=utf-8', 'none'],
    ['windows-1252', new Uint8Array([0x63, 0x61, 0x66, 0xe9]), 'text/html; charset=windows-1252', 'none'],
    ['a page that spells U+FFFD itself', enc.encode('<p>\uFFFD</p>'), 'text/html; charset=utf-8', 'none'],
  ])('%s', (_name, bytes, ct, expected) => {
    const d = decodeHtml(bytes, ct);
    if (expected === 'none') expect(d.utf8).toBeNull();
    else expect(d.utf8).toEqual(expected === 'same' ? bytes : bytes.subarray(3));
    // Whenever bytes are given, they are exactly the text's UTF-8, so either digest is the same.
    if (d.utf8 !== null) expect(d.utf8).toEqual(enc.encode(d.text));
  });
});
