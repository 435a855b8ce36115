// Issue 4 acceptance through the real local service: each file kind gives the spec's status, reason and file block;
// files are in R2 byte for byte (re-hashed from what the API returns); over-cap saves nothing.
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, makeOle, makeXlsx, makeZip } from '../../src/files/test-helpers/make-files.ts';
import { makePdf } from '../../src/files/test-helpers/make-pdf.ts';
import { expectValidEvidenceRecord } from '../helpers/evidence-schema.ts';
import { removeDataDir, startService, type Service } from '../helpers/service.ts';
import { startSite, text, type Site } from '../helpers/site.ts';

const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');
const buf = (b: Uint8Array | string) => (typeof b === 'string' ? Buffer.from(b) : Buffer.from(b));

const PDF_TEXT = makePdf({
  pages: [{ lines: ['Preface text on the first page.'] }, { lines: ['Chapter one begins here.'] }, { lines: ['Chapter two continues.'] }],
  pageLabels: [{ startIndex: 0, style: 'r' }, { startIndex: 1, style: 'D', start: 1 }],
  info: { Title: 'Labelled document' },
});
const PDF_IMAGE_PAGE = makePdf({ pages: [{ lines: ['Only the first page has text.'] }, { image: true }] });
const PDF_NO_TEXT = makePdf({ pages: [{ image: true }, { image: true }] });
const PDF_CORRUPT = buf('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\nthis is not a PDF body\n%%EOF\n');
const CSV = 'name,qty\nbolt,12\nnut,40\n';
const JSON_BODY = '{"items":[1,2,3]}';
const TXT = 'Plain text file.\nSecond line.\n';
const XLSX = makeXlsx();
const XLS = makeOle('Workbook');
const ZIP = makeZip([{ name: 'a.txt', data: 'hello' }]);
const BIG = Buffer.alloc(300_000, 0x61);

let svc: Service;
let site: Site;

function r2Blobs(): number {
  const root = path.join(svc.dataDir, 'state');
  let n = 0;
  const walk = (dir: string) => {
    for (const e of readdirSync(dir)) {
      const p = path.join(dir, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.includes(`${path.sep}r2${path.sep}`) && p.includes(`${path.sep}blobs${path.sep}`)) n++;
    }
  };
  walk(root);
  return n;
}

beforeAll(async () => {
  site = await startSite({
    '/robots.txt': text('User-agent: *\nAllow: /\n', 'text/plain'),
    '/doc.pdf': text(buf(PDF_TEXT), 'application/pdf'),
    '/image-page.pdf': text(buf(PDF_IMAGE_PAGE), 'application/pdf'),
    '/no-text.pdf': text(buf(PDF_NO_TEXT), 'application/pdf'),
    '/corrupt.pdf': text(PDF_CORRUPT, 'application/pdf'),
    '/sniffed': text(buf(PDF_TEXT), 'application/octet-stream'),
    '/data.csv': text(CSV, 'text/csv; charset=utf-8'),
    '/data.json': text(JSON_BODY, 'application/json'),
    '/notes.txt': text(TXT, 'text/plain; charset=utf-8'),
    '/book.xlsx': text(buf(XLSX), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    '/book.xls': text(buf(XLS), 'application/vnd.ms-excel'),
    '/archive.zip': text(buf(ZIP), 'application/zip'),
    '/sniffed-xlsx': text(buf(XLSX), 'application/octet-stream'),
    '/photo.png': text(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png'),
    '/letter.docx': text(buf(makeDocx()), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    '/big-declared.csv': text(BIG, 'text/csv'),
    '/big-streamed.csv': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv', 'transfer-encoding': 'chunked' });
      for (let i = 0; i < 30; i++) res.write(BIG.subarray(0, 10_000));
      res.end();
    },
  });
  svc = await startService();
});

afterAll(async () => {
  await svc?.stop();
  if (svc) removeDataDir(svc.dataDir);
  await site?.close();
});

async function scrape(p: string, extra: Record<string, unknown> = {}) {
  const r = await svc.post('/v1/scrape', { url: `${site.origin}${p}`, ...extra });
  expect(r.status).toBe(200);
  expectValidEvidenceRecord(r.body.evidenceRecord);
  return r.body;
}

async function expectStored(r: { file: { sha256: string; path: string; bytes: number } }, original: Uint8Array | string) {
  expect(r.file.sha256).toBe(sha(original));
  const res = await fetch(`${svc.base}/v1/${r.file.path}`);
  expect(res.status).toBe(200);
  const back = Buffer.from(await res.arrayBuffer());
  expect(back.length).toBe(r.file.bytes);
  expect(sha(back)).toBe(r.file.sha256);
}

describe('PDFs', () => {
  it('reads the text layer with page markers, printed labels and warnings', async () => {
    const r = await scrape('/doc.pdf');
    expect(r.status).toBe('success');
    expect(r.markdown).toContain('<!-- page 1 -->');
    expect(r.markdown).toContain('<!-- page 3 -->');
    expect(r.markdown).toContain('Chapter two continues.');
    expect(r.file).toMatchObject({ kind: 'pdf', detectedBy: 'content-type', contentType: 'application/pdf', declaredBytes: PDF_TEXT.length, bytes: PDF_TEXT.length, markdownFrom: 'pdf_text' });
    expect(r.file.path).toBe(`files/${sha(PDF_TEXT)}.pdf`);
    expect(r.document).toEqual({ title: 'Labelled document', pageType: 'file' });
    expect(r.file.pdf.pageCount).toBe(3);
    expect(r.file.pdf.pagesRead).toBe(3);
    expect(r.file.pdf.pages.map((p: { label: string }) => p.label)).toEqual(['i', '1', '2']);
    // Each page's offsets cover its text; the page marker stands right before it.
    for (const p of r.file.pdf.pages) expect(r.markdown.slice(0, p.start)).toMatch(new RegExp(`<!-- page ${p.number} -->\\s*$`));
    expect(r.markdown.slice(r.file.pdf.pages[2].start, r.file.pdf.pages[2].end)).toContain('Chapter two continues.');
    expect(r.file.pdf.warnings.map((w: { code: string }) => w.code)).toEqual(['tables_unverified']);
    const e = r.evidenceRecord;
    expect(e.rawSha256).toBe(r.file.sha256);
    expect(e.extractor).toMatchObject({ name: 'pdf-text', version: 'pdf-text/1' });
    expect(e.artifacts).toEqual([{ kind: 'file', path: r.file.path, sha256: r.file.sha256, bytes: PDF_TEXT.length, contentType: 'application/pdf' }]);
    expect(e.outputSha256.markdown).toBe(sha(r.markdown));
    await expectStored(r, PDF_TEXT);
  });

  it('warns about a page without a text layer', async () => {
    const r = await scrape('/image-page.pdf');
    expect(r.status).toBe('success');
    expect(r.file.pdf.warnings).toContainEqual(expect.objectContaining({ code: 'no_text_layer', page: 2 }));
  });

  it('fails a PDF with no text at all as empty_unverified', async () => {
    const r = await scrape('/no-text.pdf');
    expect(r).toMatchObject({ status: 'failed', reason: 'empty_unverified' });
    await expectStored(r, PDF_NO_TEXT);
  });

  it('fails a PDF that cannot be opened as parse_error', async () => {
    const r = await scrape('/corrupt.pdf');
    expect(r).toMatchObject({ status: 'failed', reason: 'parse_error' });
  });

  it('sniffs a PDF served as application/octet-stream', async () => {
    const r = await scrape('/sniffed');
    expect(r.file).toMatchObject({ kind: 'pdf', detectedBy: 'bytes', contentType: 'application/octet-stream' });
    expect(r.status).toBe('success');
  });
});

describe('other files', () => {
  it.each([
    ['/data.csv', CSV, 'csv'],
    ['/data.json', JSON_BODY, 'json'],
    ['/notes.txt', TXT, 'txt'],
  ])('%s gives its text as markdown', async (p, body, ext) => {
    const r = await scrape(p);
    expect(r.status).toBe('success');
    expect(r.markdown).toBe(body);
    expect(r.file.markdownFrom).toBe('text');
    expect(r.file.path).toBe(`files/${sha(body)}.${ext}`);
    expect(r.evidenceRecord.extractor.version).toBe('file-text/1');
    await expectStored(r, body);
  });

  it.each([
    ['/book.xlsx', XLSX, 'xlsx', 'content-type'],
    ['/book.xls', XLS, 'xls', 'content-type'],
    ['/archive.zip', ZIP, 'zip', 'content-type'],
    ['/sniffed-xlsx', XLSX, 'xlsx', 'bytes'],
  ])('%s is stored with no markdown and success', async (p, body, kind, detectedBy) => {
    const r = await scrape(p);
    expect(r.status).toBe('success');
    expect(r.markdown).toBeUndefined();
    expect(r.file).toMatchObject({ kind, detectedBy, markdownFrom: null });
    expect(r.evidenceRecord.outputSha256.markdown).toBeNull();
    await expectStored(r, body);
  });

  it.each([['/photo.png'], ['/letter.docx']])('%s is unsupported and nothing is saved', async (p) => {
    const before = r2Blobs();
    const r = await scrape(p);
    expect(r).toMatchObject({ status: 'failed', reason: 'unsupported_content_type' });
    expect(r.file).toBeUndefined();
    expect(r.evidenceRecord.artifacts).toEqual([]);
    expect(r2Blobs()).toBe(before);
  });
});

describe('caps', () => {
  it.each([['/big-declared.csv'], ['/big-streamed.csv']])('%s over maxFileBytes is body_too_large and saves nothing', async (p) => {
    const before = r2Blobs();
    const r = await scrape(p, { maxFileBytes: 100_000 });
    expect(r).toMatchObject({ status: 'failed', reason: 'body_too_large' });
    expect(r.evidenceRecord.rawSha256).toBeNull();
    expect(r.evidenceRecord.artifacts).toEqual([]);
    expect(r2Blobs()).toBe(before);
    const stored = await fetch(`${svc.base}/v1/files/${sha(BIG)}.csv`);
    expect(stored.status).toBe(404);
  });

  it('stores the same file when it fits the cap', async () => {
    const r = await scrape('/big-streamed.csv', { maxFileBytes: 400_000 });
    expect(r.status).toBe('success');
    expect(r.file).toMatchObject({ declaredBytes: null, bytes: 300_000, maxBytes: 400_000 });
    await expectStored(r, BIG);
  });

  it('refuses a maxFileBytes above the operator cap', async () => {
    const r = await svc.post('/v1/scrape', { url: `${site.origin}/data.csv`, maxFileBytes: 51 * 1024 * 1024 });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('invalid_request');
  });
});
