// Writers for the other test files: ZIP (APPNOTE.TXT, stored entries), XLSX (a ZIP with ECMA-376 parts) and OLE
// compound files (MS-CFB) holding XLS, DOC or PPT stream names. Real structures, generated in the test.

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of data) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function le(bytes: number, value: number): Uint8Array {
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = Math.floor(value / 2 ** (8 * i)) & 0xff;
  return out;
}

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

/** A ZIP archive of stored (uncompressed) entries, with central directory and end record. */
export function makeZip(entries: Array<{ name: string; data: Uint8Array | string }>): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = enc(e.name);
    const data = typeof e.data === 'string' ? enc(e.data) : e.data;
    const crc = crc32(data);
    const common = [le(2, 20), le(2, 0), le(2, 0), le(2, 0), le(2, 0x21), le(4, crc), le(4, data.length), le(4, data.length), le(2, name.length), le(2, 0)];
    const local = concat([new Uint8Array([0x50, 0x4b, 0x03, 0x04]), ...common, name, data]);
    centrals.push(concat([new Uint8Array([0x50, 0x4b, 0x01, 0x02]), le(2, 20), ...common, le(2, 0), le(2, 0), le(2, 0), le(4, 0), le(4, offset), name]));
    locals.push(local);
    offset += local.length;
  }
  const cd = concat(centrals);
  const end = concat([new Uint8Array([0x50, 0x4b, 0x05, 0x06]), le(2, 0), le(2, 0), le(2, entries.length), le(2, entries.length), le(4, cd.length), le(4, offset), le(2, 0)]);
  return concat([...locals, cd, end]);
}

/** A minimal XLSX workbook with one sheet holding one number. */
export function makeXlsx(): Uint8Array {
  const ns = 'http://schemas.openxmlformats.org';
  return makeZip([
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>42</v></c></row></sheetData></worksheet>`,
    },
  ]);
}

/** A DOCX-shaped ZIP (word-processor document, refused). */
export function makeDocx(): Uint8Array {
  return makeZip([
    { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types/>' },
    { name: 'word/document.xml', data: '<?xml version="1.0"?><w:document/>' },
  ]);
}

/**
 * An OLE compound file (MS-CFB version 3, 512-byte sectors): header, one FAT sector, one directory sector (at
 * `dirSector`), then one 4 KiB stream named `streamName` ("Workbook" for XLS, "WordDocument" for DOC).
 */
export function makeOle(streamName: string, opts: { padSectors?: number } = {}): Uint8Array {
  const SECT = 512;
  const pad = opts.padSectors ?? 0; // filler sectors before the directory, to push it past the sniffed head
  const dirSector = 1 + pad;
  const streamStart = dirSector + 1;
  const streamSectors = 8;
  const total = streamStart + streamSectors;
  const out = new Uint8Array(SECT * (1 + total));
  const dv = new DataView(out.buffer);
  out.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  dv.setUint16(0x18, 0x3e, true); // minor version
  dv.setUint16(0x1a, 3, true); // major version 3
  dv.setUint16(0x1c, 0xfffe, true); // byte order mark
  dv.setUint16(0x1e, 9, true); // sector shift: 512
  dv.setUint16(0x20, 6, true); // mini sector shift: 64
  dv.setUint32(0x2c, 1, true); // number of FAT sectors
  dv.setUint32(0x30, dirSector, true); // first directory sector
  dv.setUint32(0x38, 4096, true); // mini stream cutoff
  dv.setUint32(0x3c, 0xfffffffe, true); // no mini FAT
  dv.setUint32(0x44, 0xfffffffe, true); // no DIFAT sectors
  for (let i = 0; i < 109; i++) dv.setUint32(0x4c + i * 4, i === 0 ? 0 : 0xffffffff, true);
  const sector = (n: number): number => SECT * (n + 1);
  // FAT: sector 0 is the FAT itself, filler sectors are free, the directory is one sector, the stream a chain.
  for (let n = 0; n < SECT / 4; n++) {
    let v = 0xffffffff;
    if (n === 0) v = 0xfffffffd;
    else if (n === dirSector) v = 0xfffffffe;
    else if (n >= streamStart && n < streamStart + streamSectors) v = n === streamStart + streamSectors - 1 ? 0xfffffffe : n + 1;
    dv.setUint32(sector(0) + n * 4, v, true);
  }
  const entry = (index: number, name: string, type: number, start: number, size: number, child: number): void => {
    const at = sector(dirSector) + index * 128;
    for (let i = 0; i < name.length; i++) dv.setUint16(at + i * 2, name.charCodeAt(i), true);
    dv.setUint16(at + 0x40, (name.length + 1) * 2, true);
    out[at + 0x42] = type;
    out[at + 0x43] = 1; // black
    dv.setUint32(at + 0x44, 0xffffffff, true);
    dv.setUint32(at + 0x48, 0xffffffff, true);
    dv.setUint32(at + 0x4c, child, true);
    dv.setUint32(at + 0x74, start, true);
    dv.setUint32(at + 0x78, size, true);
  };
  entry(0, 'Root Entry', 5, 0xfffffffe, 0, 1);
  entry(1, streamName, 2, streamStart, streamSectors * SECT, 0xffffffff);
  return out;
}
