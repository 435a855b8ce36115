// Issue 5 acceptance through the real local service: JSON filled from fixture pages and a PDF datasheet, with exact
// values, evidence and statuses; refusals with their codes and paths; outputSha256.json recomputed from json.data.
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../src/files/test-helpers/make-pdf.ts';
import { ev, fixture, product } from '../fixtures/json/helpers.ts';
import { expectValidEvidenceRecord } from '../helpers/evidence-schema.ts';
import { removeDataDir, startService, type Service } from '../helpers/service.ts';
import { html, startSite, text, type Site } from '../helpers/site.ts';

const jsonSha = (data: unknown) => createHash('sha256').update(canonicalize(data) ?? 'null', 'utf8').digest('hex');

let svc: Service;
let site: Site;

beforeAll(async () => {
  const pdf = makePdf({
    pages: [
      { lines: ['ACME X200 Pressure Sensor', 'Model: X200-G', 'Manufacturer: ACME Sensors Ltd'] },
      { lines: ['Electrical characteristics', 'Supply voltage: 3,3 V', 'Price: EUR 1.234,50'] },
    ],
  });
  site = await startSite({
    '/robots.txt': text('User-agent: *\nAllow: /\n', 'text/plain'),
    '/jsonld': html(fixture('product-jsonld.html')),
    '/microdata': html(fixture('product-microdata.html')),
    '/table': html(fixture('product-table.html')),
    '/next': html(fixture('product-next.html')),
    '/ambiguous': html(fixture('ambiguous-price.html')),
    '/datasheet.pdf': text(Buffer.from(pdf), 'application/pdf'),
  });
  svc = await startService();
});

afterAll(async () => {
  await svc?.stop();
  if (svc) removeDataDir(svc.dataDir);
  await site?.close();
});

async function extract(path: string, schema: Record<string, unknown>) {
  const r = await svc.post('/v1/scrape', { url: `${site.origin}${path}`, formats: ['markdown', { type: 'json', schema }] });
  expect(r.status).toBe(200);
  const e = r.body.evidenceRecord;
  expectValidEvidenceRecord(e);
  expect(e.fieldEvidence).toEqual(r.body.json.evidence);
  expect(e.outputSha256.json).toBe(jsonSha(r.body.json.data));
  return r.body;
}

describe('page-first filling', () => {
  it('reads a JSON-LD product', async () => {
    const r = await extract('/jsonld', product);
    expect(r.json.data).toEqual({
      name: 'Trailrunner X2',
      brand: 'Bergwerk',
      sku: 'TRX2-42',
      price: 1299,
      currency: 'EUR',
      availability: 'InStock',
      rating: 4.6,
      reviewCount: 1234,
      images: ['https://shop.example/img/trx2-1.jpg', 'https://shop.example/img/trx2-2.jpg'],
      url: `${site.origin}/jsonld`,
    });
    expect(r.json.status).toBe('complete');
    expect(r.json.evidence['/price']).toEqual(ev('jsonld'));
    expect(r.json.evidence['/url']).toEqual(ev('fetch', 'finalUrl'));
  });

  it('reads microdata only', async () => {
    const r = await extract('/microdata', product);
    expect(r.json.data).toMatchObject({ name: 'Desk Lamp Aurora', price: 89.9, currency: 'USD', availability: 'OutOfStock', reviewCount: 2310 });
    expect(r.json.evidence['/name']).toEqual(ev('microdata'));
    expect(r.json.status).toBe('complete');
  });

  it('reads a label table with locators', async () => {
    const schema = { type: 'object', required: ['name', 'price'], properties: { name: { type: 'string' }, price: { type: 'number' }, sku: { type: 'string' }, weight: { type: 'number' } } };
    const r = await extract('/table', schema);
    expect(r.json.data).toEqual({ name: 'Cordless Drill CD-18', price: 1299, sku: 'CD-18-EU', weight: 1.6 });
    expect(r.json.evidence).toEqual({
      '/name': ev('dom', 'h1[0]'),
      '/price': ev('dom', 'table[0] tr[1] Price'),
      '/sku': ev('dom', 'table[0] tr[2] Article number'),
      '/weight': ev('dom', 'table[0] tr[3] Weight (kg)'),
    });
    expect(r.json.status).toBe('complete');
  });

  it('reads hydration data', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' }, inStock: { type: 'boolean' } } };
    const r = await extract('/next', schema);
    expect(r.json.data).toEqual({ name: 'Ceramic Pour-Over Set', price: 49.5, inStock: true });
    expect(r.json.evidence['/price']).toEqual(ev('hydration', 'script#__NEXT_DATA__ props.pageProps.product.price'));
  });

  it('leaves an ambiguous price null with an issue quoting the text', async () => {
    const r = await extract('/ambiguous', product);
    expect(r.json.data.price).toBeNull();
    expect(r.json.status).toBe('incomplete');
    expect(r.json.issues).toEqual([expect.objectContaining({ code: 'field_unavailable', path: '/price', quote: '1.234 €' })]);
    expect(r.json.evidence['/price']).toBeUndefined();
  });

  it('reads a PDF datasheet with page locators', async () => {
    const schema = {
      type: 'object',
      required: ['model'],
      properties: { model: { type: 'string' }, manufacturer: { type: 'string' }, supplyVoltage: { type: 'number' }, price: { type: 'number' } },
    };
    const r = await extract('/datasheet.pdf', schema);
    expect(r.status).toBe('success');
    expect(r.file.kind).toBe('pdf');
    expect(r.json.data).toEqual({ model: 'X200-G', manufacturer: 'ACME Sensors Ltd', supplyVoltage: 3.3, price: 1234.5 });
    expect(r.json.evidence).toEqual({
      '/model': ev('pdf', 'page 1 Model'),
      '/manufacturer': ev('pdf', 'page 1 Manufacturer'),
      '/supplyVoltage': ev('pdf', 'page 2 Supply voltage'),
      '/price': ev('pdf', 'page 2 Price'),
    });
    expect(r.json.status).toBe('complete');
  });

  it('marks the record incomplete when the page was not a success', async () => {
    const r = await extract('/nothing-here', { type: 'object', required: ['name'], properties: { name: { type: 'string' } } });
    expect(r.status).toBe('failed');
    expect(r.json.status).toBe('incomplete');
    expect(r.json.issues.map((i: { code: string }) => i.code)).toContain('page_unsuccessful');
  });
});

describe('refusals', () => {
  const post = (schema: unknown, extra: Record<string, unknown> = {}) =>
    svc.post('/v1/scrape', { url: `${site.origin}/jsonld`, formats: [{ type: 'json', schema, ...extra }] });

  it.each([
    [{ type: 'object', properties: { price: { allOf: [{ type: 'number' }] } } }, 'formats[0].schema.properties.price.allOf'],
    [{ type: 'object', properties: { a: { anyOf: [{ type: 'object' }, { type: 'array' }] } } }, 'formats[0].schema.properties.a.anyOf'],
    [{ type: 'object', properties: { a: { $ref: '#/$defs/x', type: 'string' } }, $defs: { x: { type: 'string' } } }, 'formats[0].schema.properties.a.type'],
    [{ type: 'object', properties: { a: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string' } } }, 'formats[0].schema.properties.a.$schema'],
    [{ type: 'object', if: { type: 'object' } }, 'formats[0].schema.if'],
  ])('refuses %j at %s', async (schema, where) => {
    const r = await post(schema);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('unsupported_parameter');
    expect(r.body.details.parameters).toEqual([where]);
  });

  it.each([
    [{ type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } }],
    [{ type: 'object', properties: { a: { type: 'string', pattern: 'x'.repeat(2001) } } }],
    [{ type: 'object', properties: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`p${i}`, { type: 'string' }])) }],
    [{ type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'object', properties: { d: { type: 'object', properties: { e: { type: 'object', properties: { f: { type: 'object', properties: { g: { type: 'object', properties: { h: { type: 'object', properties: { i: { type: 'string' } } } } } } } } } } } } } } } } } } }],
    [{ type: 'object', description: 'x'.repeat(70 * 1024) }],
  ])('refuses an over-limit or catastrophic schema with invalid_request', async (schema) => {
    const r = await post(schema);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('invalid_request');
  });

  it('refuses a prompt-only request and an unconfigured model fallback', async () => {
    const noSchema = await svc.post('/v1/scrape', { url: `${site.origin}/jsonld`, formats: [{ type: 'json', prompt: 'get the price' }] });
    expect(noSchema.body.code).toBe('invalid_request');
    const model = await post(product, { modelFallback: true });
    expect(model.body).toMatchObject({ code: 'unsupported_parameter', details: { parameters: ['formats[0].modelFallback'] } });
  });
});
