import { describe, expect, it } from 'vitest';
import { extractPdf, pageText, sanitizeInfo } from './pdf.ts';
import { makePdf } from './test-helpers/make-pdf.ts';

/** A clock that advances `step` ms per reading. */
const steppingClock = (step: number): (() => number) => {
  let t = 0;
  return () => (t += step);
};

describe('extractPdf', () => {
  it('gives the text layer with a page marker before each page, and offsets that slice out each page', async () => {
    const r = await extractPdf(
      makePdf({ pages: [{ lines: ['Annual report (2025)', 'Revenue: 12'] }, { lines: ['Second page'] }], info: { Title: 'Report', Author: 'ACME' } }),
    );
    expect(r.status).toBe('success');
    expect(r.reason).toBeNull();
    expect(r.markdown).toBe('<!-- page 1 -->\nAnnual report (2025)\nRevenue: 12\n\n<!-- page 2 -->\nSecond page\n');
    const pdf = r.pdf!;
    expect(pdf.pageCount).toBe(2);
    expect(pdf.pagesRead).toBe(2);
    expect(pdf.pages.map((p) => r.markdown!.slice(p.start, p.end))).toEqual(['Annual report (2025)\nRevenue: 12', 'Second page']);
    expect(pdf.pages.map((p) => [p.number, p.label])).toEqual([
      [1, null],
      [2, null],
    ]);
    expect(pdf.info).toMatchObject({ Title: 'Report', Author: 'ACME', PDFFormatVersion: '1.7', IsLinearized: false });
    expect(pdf.warnings).toEqual([{ code: 'tables_unverified', page: null, message: null }]);
  });

  it('reports printed page labels (roman numerals, then decimal) from /PageLabels', async () => {
    const r = await extractPdf(
      makePdf({
        pages: [{ lines: ['Preface'] }, { lines: ['Contents'] }, { lines: ['Chapter 1'] }, { lines: ['Chapter 2'] }, { lines: ['Index'] }],
        pageLabels: [
          { startIndex: 0, style: 'r' },
          { startIndex: 2, style: 'D' },
          { startIndex: 4, style: 'A', prefix: 'App-' },
        ],
      }),
    );
    expect(r.pdf!.pages.map((p) => p.label)).toEqual(['i', 'ii', '1', '2', 'App-A']);
  });

  it('warns no_text_layer for an image-only page and still succeeds on the others', async () => {
    const r = await extractPdf(makePdf({ pages: [{ lines: ['Text page'] }, { image: true }, { lines: ['More'], image: true }] }));
    expect(r.status).toBe('success');
    expect(r.markdown).toBe('<!-- page 1 -->\nText page\n\n<!-- page 2 -->\n\n\n<!-- page 3 -->\nMore\n');
    const p2 = r.pdf!.pages[1];
    expect([p2.start, p2.end, p2.start === p2.end]).toEqual([p2.start, p2.start, true]);
    expect(r.pdf!.warnings).toEqual([
      { code: 'tables_unverified', page: null, message: null },
      { code: 'no_text_layer', page: 2, message: null },
    ]);
  });

  it('fails with empty_unverified when no page has text', async () => {
    const r = await extractPdf(makePdf({ pages: [{ image: true }, {}] }));
    expect(r.status).toBe('failed');
    expect(r.reason).toBe('empty_unverified');
    expect(r.markdown).toBeNull();
    expect(r.pdf!.pagesRead).toBe(2);
    expect(r.pdf!.warnings.map((w) => [w.code, w.page])).toEqual([
      ['no_text_layer', 1],
      ['no_text_layer', 2],
    ]);
  });

  it.each([
    ['garbage after a PDF header', new TextEncoder().encode('%PDF-1.7\nthis is not a PDF body at all\n')],
    ['an HTML error page', new TextEncoder().encode('<!doctype html><title>404</title>')],
    ['a truncated file', makePdf({ pages: [{ lines: ['x'] }] }).subarray(0, 30)],
    ['zero bytes', new Uint8Array(0)],
  ])('fails with parse_error for %s', async (_name, bytes) => {
    expect(await extractPdf(bytes)).toEqual({ status: 'failed', reason: 'parse_error', markdown: null, pdf: null });
  });

  it('warns page_error for a page that cannot be loaded and reads the rest', async () => {
    const r = await extractPdf(makePdf({ pages: [{ lines: ['one'] }, { lines: ['two'] }, { lines: ['three'] }], missingPages: [3] }));
    expect(r.status).toBe('success');
    expect(r.pdf!.pageCount).toBe(3);
    expect(r.pdf!.pagesRead).toBe(3);
    expect(r.markdown).toBe('<!-- page 1 -->\none\n\n<!-- page 2 -->\ntwo\n\n<!-- page 3 -->\n\n');
    const err = r.pdf!.warnings.find((w) => w.code === 'page_error');
    expect(err?.page).toBe(3);
    expect(err?.message).toBeTruthy();
  });

  it('stops at the page cap: partial, reason page_cap', async () => {
    const pages = Array.from({ length: 5 }, (_, i) => ({ lines: [`page ${i + 1}`] }));
    const r = await extractPdf(makePdf({ pages }), { pageCap: 3 });
    expect(r.status).toBe('partial');
    expect(r.reason).toBe('page_cap');
    expect(r.pdf!.pageCount).toBe(5);
    expect(r.pdf!.pagesRead).toBe(3);
    expect(r.markdown).not.toContain('page 4');
    expect(r.pdf!.warnings.at(-1)).toEqual({ code: 'page_cap', page: null, message: 'read 3 of 5 pages' });
  });

  it('stops when the time budget runs out: partial, reason time_budget', async () => {
    const pages = Array.from({ length: 10 }, (_, i) => ({ lines: [`page ${i + 1}`] }));
    // The clock is read once at the start and once before each page.
    const r = await extractPdf(makePdf({ pages }), { timeBudgetMs: 350, now: steppingClock(100) });
    // Readings: start 100, then 200, 300, 400 before pages 1-3 (100-300 ms spent), 500 before page 4 (400 > 350).
    expect(r.status).toBe('partial');
    expect(r.reason).toBe('time_budget');
    expect(r.pdf!.pagesRead).toBe(3);
    expect(r.pdf!.warnings.at(-1)?.code).toBe('time_budget');
  });

  it('a budget that stops before any text is empty_unverified, still naming the budget', async () => {
    const r = await extractPdf(makePdf({ pages: [{ lines: ['x'] }] }), { timeBudgetMs: 0 });
    expect(r.status).toBe('failed');
    expect(r.reason).toBe('empty_unverified');
    expect(r.pdf!.pagesRead).toBe(0);
    expect(r.pdf!.warnings.map((w) => w.code)).toEqual(['time_budget']);
  });
});

describe('pageText', () => {
  it.each([
    [[{ str: 'a', hasEOL: false }, { str: ' ', hasEOL: false }, { str: 'b', hasEOL: true }, { str: 'c', hasEOL: false }], 'a b\nc'],
    [[{ str: '  spaced   out  ', hasEOL: true }, { str: '', hasEOL: true }, { str: '', hasEOL: true }, { str: 'x' }], 'spaced out\n\nx'],
    [[{ str: 'nul\u0000glyph' }, { type: 'beginMarkedContent' } as { str?: string }, { str: '!' }], 'nulglyph!'],
    [[], ''],
  ])('%j', (items, text) => {
    expect(pageText(items)).toBe(text);
  });
});

describe('sanitizeInfo', () => {
  it('keeps JSON values, turns PDF names into strings and drops the rest', () => {
    expect(
      sanitizeInfo({
        Title: 'T\u0000',
        Trapped: { name: 'False' },
        Custom: { Dept: 'R&D', Deep: { a: { b: { c: 1 } } } },
        NaNValue: Number.NaN,
        Fn: () => 1,
        List: [1, 'x', undefined],
      }),
    ).toEqual({ Title: 'T', Trapped: 'False', Custom: { Dept: 'R&D', Deep: {} }, List: [1, 'x'] });
  });
});
