import { describe, expect, it } from 'vitest';
import { textFileToMarkdown } from './text.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const bytes = (...parts: Array<number[] | Uint8Array>): Uint8Array => new Uint8Array(parts.flatMap((p) => [...p]));

describe('textFileToMarkdown: encoding', () => {
  const cases: Array<[string, Uint8Array, string | null, string, string]> = [
    ['UTF-8 without label', enc('naïve café, 東京'), 'text/plain', 'naïve café, 東京', 'utf-8'],
    ['UTF-8 BOM is dropped', bytes([0xef, 0xbb, 0xbf], enc('a,b\n1,2\n')), 'text/csv', 'a,b\n1,2\n', 'utf-8'],
    ['UTF-16LE BOM', bytes([0xff, 0xfe, 0x68, 0x00, 0xe9, 0x00]), 'text/plain', 'hé', 'utf-16le'],
    ['UTF-16BE BOM', bytes([0xfe, 0xff, 0x00, 0x68, 0x00, 0xe9]), null, 'hé', 'utf-16be'],
    ['BOM wins over the charset label', bytes([0xef, 0xbb, 0xbf], enc('é')), 'text/plain; charset=iso-8859-1', 'é', 'utf-8'],
    ['charset label is honoured', bytes([0x63, 0x61, 0x66, 0xe9]), 'text/csv; charset=ISO-8859-1', 'café', 'windows-1252'],
    ['other legacy label', bytes([0xcf, 0xf0, 0xe8]), 'text/plain; charset=windows-1251', 'При', 'windows-1251'],
    ['unknown label falls back to sniffing', enc('plain'), 'text/plain; charset=x-nonsense', 'plain', 'utf-8'],
    ['invalid UTF-8 without label is windows-1252', bytes([0x93, 0x71, 0x94, 0x20, 0x80]), null, '\u201cq\u201d \u20ac', 'windows-1252'],
    ['labelled UTF-8 keeps replacement characters', bytes([0x61, 0xff, 0x62]), 'text/plain; charset=utf-8', 'a\ufffdb', 'utf-8'],
    ['JSON text is kept verbatim', enc('{"a":1,\r\n "b":[true]}'), 'application/json', '{"a":1,\r\n "b":[true]}', 'utf-8'],
  ];
  it.each(cases)('%s', (_name, input, ct, markdown, encoding) => {
    expect(textFileToMarkdown(input, ct)).toEqual({ markdown, truncated: false, encoding });
  });
});

describe('textFileToMarkdown: size cap', () => {
  it('cuts at the last line break before the cap and says so', () => {
    const csv = enc('id,name\n1,alpha\n2,beta\n3,gamma\n');
    const r = textFileToMarkdown(csv, 'text/csv', { maxBytes: 20 });
    expect(r).toEqual({ markdown: 'id,name\n1,alpha\n', truncated: true, encoding: 'utf-8' });
  });

  it('never splits a multi-byte character at the cut', () => {
    const r = textFileToMarkdown(enc('ééééé'), 'text/plain', { maxBytes: 5 });
    expect(r.markdown).toBe('éé');
    expect(r.truncated).toBe(true);
  });

  it('reports truncation when only the head of a larger file was read', () => {
    const head = enc('line one\nline two\n');
    const r = textFileToMarkdown(head, 'text/plain', { totalBytes: 10_000, maxBytes: 100 });
    expect(r).toEqual({ markdown: 'line one\nline two\n', truncated: true, encoding: 'utf-8' });
  });

  it('does not count a BOM against the cap', () => {
    const r = textFileToMarkdown(bytes([0xef, 0xbb, 0xbf], enc('abcd')), null, { maxBytes: 4 });
    expect(r).toEqual({ markdown: 'abcd', truncated: false, encoding: 'utf-8' });
  });

  it('an exactly-at-cap file is whole', () => {
    expect(textFileToMarkdown(enc('abcd'), null, { maxBytes: 4 })).toEqual({ markdown: 'abcd', truncated: false, encoding: 'utf-8' });
  });
});
