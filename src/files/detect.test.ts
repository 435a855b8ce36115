import { describe, expect, it } from 'vitest';
import { charsetParam, detectContent, isOpaqueContentType, mediaType, type Detection } from './detect.ts';
import { zipEntryNames } from './sniff.ts';
import { makeDocx, makeOle, makeXlsx, makeZip } from './test-helpers/make-files.ts';
import { makePdf } from './test-helpers/make-pdf.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const EMPTY = new Uint8Array(0);
const byType = (fileKind: string, ext: string): Detection =>
  ({ kind: 'file', fileKind, detectedBy: 'content-type', ext }) as Detection;
const byBytes = (fileKind: string, ext: string): Detection =>
  ({ kind: 'file', fileKind, detectedBy: 'bytes', ext }) as Detection;

describe('detectContent by Content-Type', () => {
  const cases: Array<[string | null, Detection]> = [
    ['text/html; charset=utf-8', { kind: 'page' }],
    ['application/xhtml+xml', { kind: 'page' }],
    ['application/pdf', byType('pdf', 'pdf')],
    ['Application/PDF ; name="x.pdf"', byType('pdf', 'pdf')],
    ['text/csv; charset=windows-1252', byType('csv', 'csv')],
    ['application/json', byType('json', 'json')],
    ['application/ld+json', byType('json', 'json')],
    ['application/problem+json', byType('json', 'json')],
    ['text/plain', byType('text', 'txt')],
    ['text/markdown', byType('text', 'txt')],
    ['text/tab-separated-values', byType('text', 'txt')],
    ['application/xml', byType('text', 'txt')],
    ['application/rss+xml', byType('text', 'txt')],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', byType('xlsx', 'xlsx')],
    ['application/vnd.ms-excel', byType('xls', 'xls')],
    ['application/zip', byType('zip', 'zip')],
    ['application/x-zip-compressed', byType('zip', 'zip')],
    ['image/png', { kind: 'unsupported', contentType: 'image/png' }],
    ['image/svg+xml', { kind: 'unsupported', contentType: 'image/svg+xml' }],
    ['audio/mpeg', { kind: 'unsupported', contentType: 'audio/mpeg' }],
    ['video/mp4', { kind: 'unsupported', contentType: 'video/mp4' }],
    ['font/woff2', { kind: 'unsupported', contentType: 'font/woff2' }],
    ['application/msword', { kind: 'unsupported', contentType: 'application/msword' }],
    [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      { kind: 'unsupported', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
    ],
    [
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      { kind: 'unsupported', contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
    ],
    ['application/vnd.ms-powerpoint', { kind: 'unsupported', contentType: 'application/vnd.ms-powerpoint' }],
    ['application/gzip', { kind: 'unsupported', contentType: 'application/gzip' }],
  ];
  it.each(cases)('%s', (ct, expected) => {
    // The head is a PDF on purpose: with a meaningful Content-Type the bytes are not looked at.
    expect(detectContent(ct, makePdf({ pages: [{ lines: ['x'] }] }))).toEqual(expected);
  });
});

describe('detectContent by bytes (application/octet-stream or no Content-Type)', () => {
  const cases: Array<[string, Uint8Array, Detection]> = [
    ['PDF', makePdf({ pages: [{ lines: ['hello'] }] }), byBytes('pdf', 'pdf')],
    ['PDF after leading junk', new Uint8Array([...enc('\r\n\r\n'), ...makePdf({ pages: [] })]), byBytes('pdf', 'pdf')],
    ['ZIP', makeZip([{ name: 'a.txt', data: 'hello' }]), byBytes('zip', 'zip')],
    ['empty ZIP', new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]), byBytes('zip', 'zip')],
    ['XLSX (a ZIP holding xl/)', makeXlsx(), byBytes('xlsx', 'xlsx')],
    ['XLS (OLE with a Workbook stream)', makeOle('Workbook'), byBytes('xls', 'xls')],
    ['OLE whose directory lies past the head', makeOle('WordDocument', { padSectors: 20 }).subarray(0, 4096), byBytes('xls', 'xls')],
    ['JSON object', enc('\uFEFF  {"a": [1, 2, {"b": null}]}'), byBytes('json', 'json')],
    ['JSON array', enc('[{"id":1},{"id":2}]'), byBytes('json', 'json')],
    ['CSV', enc('name,price\r\n"Widget, large",3.50\r\nGadget,2\r\n'), byBytes('csv', 'csv')],
    ['CSV with semicolons', enc('a;b;c\n1;2;3\n4;5;6\n'), byBytes('csv', 'csv')],
    ['plain text', enc('Hello world.\nThis, is text; plainly.\n'), byBytes('text', 'txt')],
    ['UTF-16 text with BOM', new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00]), byBytes('text', 'txt')],
    ['not-quite JSON is text', enc('{ hello }'), byBytes('text', 'txt')],
    ['HTML', enc('<!DOCTYPE html><html><body>x</body></html>'), { kind: 'page' }],
  ];
  it.each(cases)('%s', (_name, head, expected) => {
    expect(detectContent('application/octet-stream', head, true)).toEqual(expected);
    expect(detectContent(null, head, true)).toEqual(expected);
  });

  const refused: Array<[string, Uint8Array, string]> = [
    ['PNG', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'image/png'],
    ['JPEG', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]), 'image/jpeg'],
    ['MP4', new Uint8Array([0, 0, 0, 0x18, ...enc('ftypmp42')]), 'video/mp4'],
    ['WOFF2', enc('wOF2\u0000\u0001'), 'font/woff2'],
    ['DOCX', makeDocx(), 'word-processor document (docx)'],
    ['DOC (OLE with WordDocument)', makeOle('WordDocument'), 'word-processor document (doc)'],
    ['PPT (OLE)', makeOle('PowerPoint Document'), 'presentation (ppt)'],
    ['binary noise', new Uint8Array([0x00, 0x01, 0x02, 0x9f, 0xfe, 0x03]), 'unrecognized bytes'],
    ['empty body', EMPTY, 'unrecognized bytes'],
  ];
  it.each(refused)('%s is unsupported', (_name, head, detail) => {
    expect(detectContent('application/octet-stream', head, true)).toEqual({
      kind: 'unsupported',
      contentType: 'application/octet-stream',
      detail,
    });
  });

  it('treats the synonyms of octet-stream as opaque', () => {
    for (const ct of ['binary/octet-stream', 'application/force-download', 'application/x-download', '']) {
      expect(isOpaqueContentType(ct)).toBe(true);
      expect(detectContent(ct, enc('%PDF-1.4\n'))).toEqual(byBytes('pdf', 'pdf'));
    }
    expect(isOpaqueContentType('application/pdf')).toBe(false);
  });

  it('validates JSON fully only when the head is the whole body', () => {
    const cut = enc('{"a": "b", "c": [1, 2,');
    expect(detectContent('application/octet-stream', cut, false)).toEqual(byBytes('json', 'json'));
    expect(detectContent('application/octet-stream', cut, true)).toEqual(byBytes('text', 'txt'));
  });

  it('ignores a cut-off last line when deciding CSV from a partial head', () => {
    const head = enc('a,b,c\n1,2,3\n4,5,6\n7,8');
    expect(detectContent(null, head, false)).toEqual(byBytes('csv', 'csv'));
    expect(detectContent(null, head, true)).toEqual(byBytes('text', 'txt'));
  });
});

describe('helpers', () => {
  it('mediaType and charsetParam', () => {
    expect(mediaType(' Text/CSV ; charset="ISO-8859-1"')).toBe('text/csv');
    expect(mediaType(null)).toBe('');
    expect(charsetParam('text/csv; charset="ISO-8859-1"')).toBe('iso-8859-1');
    expect(charsetParam('text/plain;charset=utf-8;format=flowed')).toBe('utf-8');
    expect(charsetParam('text/plain')).toBeNull();
  });

  it('zipEntryNames reads local file header names', () => {
    expect(zipEntryNames(makeXlsx())).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/worksheets/sheet1.xml',
    ]);
  });
});
