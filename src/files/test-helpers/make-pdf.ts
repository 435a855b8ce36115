// A tiny PDF writer for tests (ISO 32000-1): real files with a text layer, image-only pages, page labels, an Info
// dictionary, and deliberately broken page trees, generated in the test instead of checked-in binaries.

export interface PdfPageSpec {
  /** Text lines drawn with Helvetica; none means a page without a text layer. */
  lines?: string[];
  /** Draw a small image (an image-only page when there are no lines). */
  image?: boolean;
}

export interface PageLabelRange {
  /** 0-based index of the first page of the range (ISO 32000-1 §12.4.2). */
  startIndex: number;
  /** D decimal, r/R roman, a/A letters; omitted = prefix only. */
  style?: 'D' | 'r' | 'R' | 'a' | 'A';
  prefix?: string;
  start?: number;
}

export interface PdfSpec {
  pages: PdfPageSpec[];
  pageLabels?: PageLabelRange[];
  info?: Record<string, string>;
  /** 1-based pages whose entry in the page tree points at a missing object (the page cannot be loaded). */
  missingPages?: number[];
}

/** Escapes a PDF literal string (§7.3.4.2); test text is ASCII. */
const literal = (s: string): string => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;

export function makePdf(spec: PdfSpec): Uint8Array {
  // Object numbers: 1 catalog, 2 page tree, 3 font, 4 image, 5 info, then per page: page, contents.
  const objects = new Map<number, string>();
  const pageRefs: string[] = [];
  objects.set(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  // A 2x2 grey image, uncompressed.
  objects.set(4, '<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 4 >>\nstream\n\x10\x80\x80\x10\nendstream');
  const info = { Producer: 'capture-service test PDF writer', ...spec.info };
  objects.set(5, `<< ${Object.entries(info).map(([k, v]) => `/${k} ${literal(v)}`).join(' ')} >>`);
  let next = 6;
  spec.pages.forEach((page, i) => {
    const pageObj = next++;
    const contentObj = next++;
    const ops: string[] = [];
    if (page.image) ops.push('q 200 0 0 200 72 400 cm /Im1 Do Q');
    if (page.lines?.length) {
      ops.push('BT /F1 12 Tf 14 TL 72 720 Td');
      for (const line of page.lines) ops.push(`${literal(line)} Tj T*`);
      ops.push('ET');
    }
    const content = ops.join('\n');
    objects.set(contentObj, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    objects.set(
      pageObj,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contentObj} 0 R ` +
        `/Resources << /Font << /F1 3 0 R >> /XObject << /Im1 4 0 R >> >> >>`,
    );
    // A missing page: the tree names an object number that has no object (resolves to null).
    pageRefs.push(spec.missingPages?.includes(i + 1) ? `${900 + i} 0 R` : `${pageObj} 0 R`);
  });
  objects.set(2, `<< /Type /Pages /Kids [${pageRefs.join(' ')}] /Count ${spec.pages.length} >>`);
  let catalog = '<< /Type /Catalog /Pages 2 0 R';
  if (spec.pageLabels) {
    const nums = spec.pageLabels
      .map((r) => {
        const parts = [r.style ? `/S /${r.style}` : '', r.prefix !== undefined ? `/P ${literal(r.prefix)}` : '', r.start ? `/St ${r.start}` : ''];
        return `${r.startIndex} << ${parts.filter(Boolean).join(' ')} >>`;
      })
      .join(' ');
    catalog += ` /PageLabels << /Nums [${nums}] >>`;
  }
  objects.set(1, `${catalog} >>`);

  // Body, then a cross-reference table whose offsets are byte positions (§7.5.4); all content is Latin-1.
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const size = next;
  const offsets: number[] = new Array(size).fill(0);
  for (let n = 1; n < size; n++) {
    const body = objects.get(n);
    if (body === undefined) continue;
    offsets[n] = out.length;
    out += `${n} 0 obj\n${body}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let n = 1; n < size; n++) out += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${size} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i) & 0xff;
  return bytes;
}
