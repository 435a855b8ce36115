// End to end over real HTTP: a node:http server on 127.0.0.1 serves generated files; each response goes through
// classifyResponse and captureFile exactly as the pipeline calls them, into an in-memory bucket.

import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureFile, type FileCaptureResult } from './capture.ts';
import type { Detection } from './detect.ts';
import { classifyResponse, declaredBytesOf } from './stream.ts';
import { PART_BYTES } from './store.ts';
import { TEXT_MARKDOWN_MAX_BYTES } from './text.ts';
import { makeOle, makeXlsx, makeZip } from './test-helpers/make-files.ts';
import { makePdf } from './test-helpers/make-pdf.ts';
import { MemoryBucket } from './memory-bucket.ts';
import { patternBytes } from './test-helpers/streams.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const hex = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

const labelledPdf = makePdf({
  pages: [{ lines: ['Foreword'] }, { lines: ['Body text', 'Price: 12 EUR'] }],
  pageLabels: [{ startIndex: 0, style: 'r' }, { startIndex: 1, style: 'D' }],
  info: { Title: 'Labelled' },
});
// A PDF larger than one part, so it is streamed and read back from the bucket before parsing.
const bigPdf = (() => {
  const pdf = makePdf({ pages: [{ lines: ['Big file'] }] });
  const out = new Uint8Array(PART_BYTES + 4096);
  out.set(pdf);
  out.fill(0x20, pdf.length); // trailing whitespace after %%EOF is ignored by readers
  return out;
})();
const bigCsv = (() => {
  const row = enc('12345,some text,67.89\n');
  const out = new Uint8Array(Math.ceil((TEXT_MARKDOWN_MAX_BYTES + 100_000) / row.length) * row.length);
  for (let o = 0; o < out.length; o += row.length) out.set(row, o);
  return out;
})();

interface Route {
  type: string | null;
  body: Uint8Array;
  /** false: chunked transfer, no Content-Length. A number: a (false) declared length. */
  length?: false | number;
}

const routes: Record<string, Route> = {
  '/report.pdf': { type: 'application/pdf', body: labelledPdf },
  '/scan.pdf': { type: 'application/pdf', body: makePdf({ pages: [{ image: true }] }) },
  '/broken.pdf': { type: 'application/pdf', body: enc('%PDF-1.4\nnot really\n') },
  '/big.pdf': { type: 'application/pdf', body: bigPdf },
  '/data.csv': { type: 'text/csv; charset=iso-8859-1', body: new Uint8Array([...enc('name,city\nRen'), 0xe9, ...enc(',Paris\n')]) },
  '/big.csv': { type: 'text/csv', body: bigCsv, length: false },
  '/data.json': { type: 'application/json', body: enc('{"items":[1,2,3]}') },
  '/notes.txt': { type: 'text/plain; charset=utf-8', body: enc('Hello, file.\n') },
  '/book.xlsx': { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: makeXlsx() },
  '/old.xls': { type: 'application/vnd.ms-excel', body: makeOle('Workbook') },
  '/archive.zip': { type: 'application/zip', body: makeZip([{ name: 'a.txt', data: 'a' }]) },
  '/download-pdf': { type: 'application/octet-stream', body: labelledPdf },
  '/download-xlsx': { type: 'application/octet-stream', body: makeXlsx(), length: false },
  '/download-csv': { type: null, body: enc('a,b\n1,2\n3,4\n') },
  '/photo.png': { type: 'image/png', body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  '/download-png': { type: 'application/octet-stream', body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  '/page': { type: 'text/html; charset=utf-8', body: enc('<!doctype html><p>hi</p>') },
  '/huge-declared.zip': { type: 'application/zip', body: patternBytes(300_000) },
  '/huge-chunked.zip': { type: 'application/zip', body: patternBytes(300_000), length: false },
};

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    const headers: Record<string, string> = {};
    if (route.type !== null) headers['content-type'] = route.type;
    if (route.length !== false) headers['content-length'] = String(route.length ?? route.body.length);
    res.writeHead(200, headers);
    // Several writes, so the client sees the body in pieces as from a real network.
    const step = 64 * 1024;
    for (let o = 0; o < route.body.length; o += step) res.write(route.body.subarray(o, o + step));
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function capture(
  path: string,
  maxBytes = 50 * 1024 * 1024,
  bucket = new MemoryBucket(),
): Promise<{ detection: Detection; result: FileCaptureResult | null; bucket: MemoryBucket; declared: number | null }> {
  const res = await fetch(base + path);
  const contentType = res.headers.get('content-type');
  const declared = declaredBytesOf(res.headers);
  const { detection, body } = await classifyResponse(contentType, res.body);
  if (detection.kind !== 'file' || !body) {
    await body?.cancel();
    return { detection, result: null, bucket, declared };
  }
  const result = await captureFile({ body, contentType, declaredBytes: declared, detection, maxBytes, bucket });
  return { detection, result, bucket, declared };
}

/** The invariants of every saved file (spec: rawSha256 = file.sha256 = artifact sha256; saved byte for byte). */
function expectSaved(path: string, r: FileCaptureResult, bucket: MemoryBucket): void {
  const route = routes[path];
  const sha = hex(route.body);
  const ext = r.file!.path.split('.').pop();
  expect(r.rawSha256).toBe(sha);
  expect(r.file).toMatchObject({ sha256: sha, bytes: route.body.length, path: `files/${sha}.${ext}`, contentType: route.type });
  expect(r.artifacts).toEqual([{ kind: 'file', path: `files/${sha}.${ext}`, sha256: sha, bytes: route.body.length, contentType: route.type }]);
  expect([...bucket.objects.keys()]).toEqual([`files/${sha}.${ext}`]);
  expect(hex(bucket.objects.get(`files/${sha}.${ext}`)!.data)).toBe(sha);
}

describe('captureFile over HTTP', () => {
  it('PDF with text and roman page labels: success, full file block', async () => {
    const { result: r, bucket } = await capture('/report.pdf');
    expectSaved('/report.pdf', r!, bucket);
    expect(r!.status).toBe('success');
    expect(r!.reason).toBeNull();
    expect(r!.extractor).toEqual({ name: 'pdf-text', version: 'pdf-text/1' });
    expect(r!.markdown).toBe('<!-- page 1 -->\nForeword\n\n<!-- page 2 -->\nBody text\nPrice: 12 EUR\n');
    const { pdf, ...file } = r!.file!;
    expect(file).toEqual({
      kind: 'pdf',
      detectedBy: 'content-type',
      contentType: 'application/pdf',
      declaredBytes: labelledPdf.length,
      bytes: labelledPdf.length,
      maxBytes: 50 * 1024 * 1024,
      sha256: hex(labelledPdf),
      path: `files/${hex(labelledPdf)}.pdf`,
      markdownFrom: 'pdf_text',
    });
    expect(pdf!.pages.map((p) => p.label)).toEqual(['i', '1']);
    expect(pdf!.info.Title).toBe('Labelled');
  });

  it.each([
    ['/scan.pdf', 'failed', 'empty_unverified'],
    ['/broken.pdf', 'failed', 'parse_error'],
  ])('%s → %s / %s, and the file is still saved', async (path, status, reason) => {
    const { result: r, bucket } = await capture(path);
    expectSaved(path, r!, bucket);
    expect([r!.status, r!.reason, r!.markdown, r!.file!.markdownFrom]).toEqual([status, reason, null, null]);
  });

  it('a PDF over one part is streamed, read back from the bucket, and parsed', async () => {
    const { result: r, bucket } = await capture('/big.pdf');
    expectSaved('/big.pdf', r!, bucket);
    expect(r!.status).toBe('success');
    expect(r!.markdown).toBe('<!-- page 1 -->\nBig file\n');
    expect(bucket.log.some((l) => l.startsWith('get files/'))).toBe(true);
  });

  it('a PDF above the parse cap is saved but not read: partial / pdf_parse_cap', async () => {
    const res = await fetch(`${base}/report.pdf`);
    const bucket = new MemoryBucket();
    const detection = { kind: 'file', fileKind: 'pdf', detectedBy: 'content-type', ext: 'pdf' } as const;
    const r = await captureFile({
      body: res.body!,
      contentType: 'application/pdf',
      declaredBytes: null,
      detection,
      maxBytes: 1 << 20,
      bucket,
      pdf: { parseMaxBytes: 1000 },
    });
    expectSaved('/report.pdf', r, bucket);
    expect([r.status, r.reason, r.markdown, r.file!.pdf]).toEqual(['partial', 'pdf_parse_cap', null, undefined]);
  });

  it.each([
    ['/data.csv', 'csv', 'content-type', 'name,city\nRené,Paris\n'],
    ['/data.json', 'json', 'content-type', '{"items":[1,2,3]}'],
    ['/notes.txt', 'text', 'content-type', 'Hello, file.\n'],
    ['/download-csv', 'csv', 'bytes', 'a,b\n1,2\n3,4\n'],
  ])('%s: text as markdown', async (path, kind, detectedBy, markdown) => {
    const { result: r, bucket } = await capture(path);
    expectSaved(path, r!, bucket);
    expect([r!.status, r!.reason, r!.markdown]).toEqual(['success', null, markdown]);
    expect(r!.file).toMatchObject({ kind, detectedBy, markdownFrom: 'text' });
    expect(r!.file!.pdf).toBeUndefined();
    expect(r!.extractor).toEqual({ name: 'file-text', version: 'file-text/1' });
  });

  it('a text file over the Markdown cap: saved whole, Markdown cut at a line, partial / markdown_cap', async () => {
    const { result: r, bucket } = await capture('/big.csv');
    expectSaved('/big.csv', r!, bucket);
    expect(r!.file!.declaredBytes).toBeNull();
    expect([r!.status, r!.reason]).toEqual(['partial', 'markdown_cap']);
    expect(r!.markdown!.length).toBeLessThanOrEqual(TEXT_MARKDOWN_MAX_BYTES);
    expect(r!.markdown!.length).toBeGreaterThan(TEXT_MARKDOWN_MAX_BYTES - 100);
    expect(r!.markdown!.endsWith('12345,some text,67.89\n')).toBe(true);
  });

  it.each([
    ['/book.xlsx', 'xlsx', 'content-type'],
    ['/old.xls', 'xls', 'content-type'],
    ['/archive.zip', 'zip', 'content-type'],
    ['/download-xlsx', 'xlsx', 'bytes'],
  ])('%s: saved, no markdown, success', async (path, kind, detectedBy) => {
    const { result: r, bucket } = await capture(path);
    expectSaved(path, r!, bucket);
    expect([r!.status, r!.reason, r!.markdown]).toEqual(['success', null, null]);
    expect(r!.file).toMatchObject({ kind, detectedBy, markdownFrom: null });
  });

  it('an octet-stream PDF is sniffed and read like any PDF', async () => {
    const { result: r, bucket } = await capture('/download-pdf');
    expectSaved('/download-pdf', r!, bucket);
    expect(r!.file).toMatchObject({ kind: 'pdf', detectedBy: 'bytes', contentType: 'application/octet-stream' });
    expect(r!.status).toBe('success');
  });

  it.each([
    ['/photo.png', { kind: 'unsupported', contentType: 'image/png' }],
    ['/download-png', { kind: 'unsupported', contentType: 'application/octet-stream', detail: 'image/png' }],
    ['/page', { kind: 'page' }],
  ])('%s is not a file: %j', async (path, detection) => {
    const r = await capture(path);
    expect(r.detection).toEqual(detection);
    expect(r.bucket.log).toEqual([]);
  });

  it.each([
    ['declared Content-Length', '/huge-declared.zip', 300_000],
    ['a chunked body counted while reading', '/huge-chunked.zip', null],
  ])('over the cap by %s: failed / body_too_large, nothing written', async (_name, path, declared) => {
    const { result: r, bucket, declared: seen } = await capture(path, 100_000);
    expect(seen).toBe(declared);
    expect(r).toEqual({
      status: 'failed',
      reason: 'body_too_large',
      markdown: null,
      file: null,
      rawSha256: null,
      artifacts: [],
      extractor: { name: 'file-text', version: 'file-text/1' },
    });
    expect(bucket.objects.size).toBe(0);
    expect(bucket.openUploads.size).toBe(0);
    expect(bucket.log.filter((l) => !l.startsWith('head'))).toEqual([]);
  });
});
