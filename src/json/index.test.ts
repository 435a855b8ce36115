import { describe, expect, it } from 'vitest';
import { fillJson } from './index.ts';
import { ev, fixture, input, sha } from '../../test/fixtures/json/helpers.ts';

describe('fillJson from page sources', () => {
  it('JSON-LD product: values, evidence, sha', async () => {
    const r = await fillJson(input({ html: fixture('product-jsonld.html') }));
    const data = {
      name: 'Trailrunner X2',
      brand: 'Bergwerk',
      sku: 'TRX2-42',
      price: 1299,
      currency: 'EUR',
      availability: 'InStock',
      rating: 4.6,
      reviewCount: 1234,
      images: ['https://shop.example/img/trx2-1.jpg', 'https://shop.example/img/trx2-2.jpg'],
      url: 'https://shop.example/p/1?ref=x',
    };
    expect(r.json.data).toEqual(data);
    expect(r.json.status).toBe('complete');
    expect(r.json.issues).toEqual([]);
    const jsonld = ['/name', '/brand', '/sku', '/price', '/currency', '/availability', '/rating', '/reviewCount', '/images'];
    expect(r.fieldEvidence).toEqual({
      ...Object.fromEntries(jsonld.map((p) => [p, ev('jsonld')])),
      // The WebSite/Organization `url` is site furniture; the page's URL comes from the fetch.
      '/url': ev('fetch', 'finalUrl'),
    });
    expect(r.json.evidence).toEqual(r.fieldEvidence);
    expect(r.json.modelUsage).toBeUndefined();
    expect(r.outputSha256).toBe(sha(data));
  });

  it('microdata only', async () => {
    const r = await fillJson(input({ html: fixture('product-microdata.html') }));
    expect(r.json.data).toEqual({
      name: 'Desk Lamp Aurora',
      brand: 'Lumen & Co',
      sku: 'AUR-7',
      price: 89.9,
      currency: 'USD',
      availability: 'OutOfStock',
      rating: 4.8,
      reviewCount: 2310,
      images: ['https://lamps.example/aurora.jpg'],
      url: 'https://shop.example/p/1?ref=x',
    });
    expect(r.json.status).toBe('complete');
    for (const p of ['/name', '/brand', '/sku', '/price', '/currency', '/availability', '/rating', '/reviewCount', '/images']) {
      expect(r.fieldEvidence[p]).toEqual(ev('microdata'));
    }
    expect(r.outputSha256).toBe(sha(r.json.data));
  });

  it('label table, definition list and label line', async () => {
    const schema = {
      type: 'object',
      required: ['name', 'price'],
      properties: {
        name: { type: 'string' },
        price: { type: 'number' },
        sku: { type: 'string' },
        weight: { type: 'number' },
        reviewCount: { type: 'integer' },
        color: { type: 'string' },
        warrantyPeriod: { type: 'string', title: 'Warranty' },
        availability: { type: 'string' },
        stockStatus: { enum: ['InStock', 'OutOfStock'], title: 'Availability' },
      },
    };
    const r = await fillJson(input({ html: fixture('product-table.html'), schema }));
    expect(r.json.data).toEqual({
      name: 'Cordless Drill CD-18',
      price: 1299,
      sku: 'CD-18-EU',
      weight: 1.6,
      reviewCount: 1234,
      color: 'Anthracite',
      warrantyPeriod: '3 years',
      availability: 'in stock',
    });
    expect(r.fieldEvidence).toEqual({
      '/name': ev('dom', 'h1[0]'),
      '/price': ev('dom', 'table[0] tr[1] Price'),
      '/sku': ev('dom', 'table[0] tr[2] Article number'),
      '/weight': ev('dom', 'table[0] tr[3] Weight (kg)'),
      '/reviewCount': ev('dom', 'table[0] tr[4] Reviews'),
      '/color': ev('dom', 'dl[0] dt[0] Colour'),
      '/warrantyPeriod': ev('dom', 'dl[0] dt[1] Warranty'),
      '/availability': ev('dom', 'p[0] Availability'),
    });
    // `in stock` is not a member of the enum: the page value breaks a check.
    expect(r.json.issues).toEqual([
      {
        code: 'field_unavailable',
        path: '/stockStatus',
        message: 'the page value breaks the schema (enum: Instance does not match any of ["InStock","OutOfStock"].)',
        quote: 'in stock',
      },
    ]);
    expect(r.json.status).toBe('incomplete');
    expect(r.outputSha256).toBe(sha(r.json.data));
  });

  it('hydration data (__NEXT_DATA__), preferring the product branch', async () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        sku: { type: 'string' },
        price: { type: 'number' },
        currency: { type: 'string' },
        images: { type: 'array', items: { type: 'string' } },
        variants: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } } } },
        inStock: { type: 'boolean' },
      },
    };
    const r = await fillJson(input({ html: fixture('product-next.html'), schema }));
    expect(r.json.data).toEqual({
      name: 'Ceramic Pour-Over Set',
      sku: 'CPS-01',
      price: 49.5,
      currency: 'USD',
      images: ['https://brew.example/cps-1.jpg', 'https://brew.example/cps-2.jpg'],
      variants: [{ name: 'White', price: 49.5 }, { name: 'Black', price: 54 }],
      inStock: true,
    });
    const at = (path: string): { source: string; locator: string } => ev('hydration', `script#__NEXT_DATA__ props.pageProps.product.${path}`) as never;
    expect(r.fieldEvidence).toEqual({
      '/name': at('title'),
      '/sku': at('sku'),
      '/price': at('price'),
      '/currency': at('price.currency'),
      '/images': at('images'),
      '/variants': at('variants'),
      '/inStock': at('inStock'),
    });
    expect(r.json.status).toBe('complete');
  });

  it('ambiguous price: null with a field_unavailable issue quoting the text', async () => {
    const r = await fillJson(input({ html: fixture('ambiguous-price.html') }));
    expect(r.json.data).toEqual({ name: 'Gartenbank Linde', price: null, url: 'https://shop.example/p/1?ref=x' });
    expect(r.json.issues).toEqual([
      {
        code: 'field_unavailable',
        path: '/price',
        message:
          'the number "1.234 €" (dom p[1] Price) has a single separator before three digits and nothing on the page settles whether it is a decimal mark',
        quote: '1.234 €',
      },
    ]);
    // price is required and has no source.
    expect(r.json.status).toBe('incomplete');
    expect(r.fieldEvidence).toEqual({ '/name': ev('dom', 'h1[0]'), '/url': ev('fetch', 'finalUrl') });
    expect(r.outputSha256).toBe(sha({ name: 'Gartenbank Linde', price: null, url: 'https://shop.example/p/1?ref=x' }));
  });

  it('PDF datasheet: pdf source with page locators', async () => {
    const md = fixture('datasheet-pdf.md');
    const schema = {
      type: 'object',
      required: ['title', 'model'],
      properties: {
        title: { type: 'string' },
        model: { type: 'string' },
        manufacturer: { type: 'string' },
        supplyVoltage: { type: 'number' },
        currentDraw: { type: 'number' },
        weight: { type: ['number', 'null'] },
        price: { type: 'number' },
        pageType: { type: 'string' },
      },
    };
    const r = await fillJson(input({ pdfMarkdown: md, textMarkdown: md, document: { title: null, pageType: 'file' }, schema }));
    expect(r.json.data).toEqual({
      title: 'ACME X200 Pressure Sensor',
      model: 'X200-G',
      manufacturer: 'ACME Sensors Ltd',
      supplyVoltage: 3.3,
      currentDraw: 1.5,
      weight: null,
      price: 1234.5,
      pageType: 'file',
    });
    expect(r.fieldEvidence).toEqual({
      '/title': ev('pdf', 'page 1 title'),
      '/model': ev('pdf', 'page 1 Model'),
      '/manufacturer': ev('pdf', 'page 1 Manufacturer'),
      '/supplyVoltage': ev('pdf', 'page 2 Supply voltage'),
      '/currentDraw': ev('pdf', 'page 2 Current draw (mA)'),
      '/price': ev('pdf', 'page 2 Price'),
      '/pageType': ev('inferred', 'document.pageType'),
    });
    expect(r.json.issues).toEqual([
      {
        code: 'field_unavailable',
        path: '/weight',
        message:
          'the number "1,250 g" (pdf page 2 Weight) has a single separator before three digits and nothing on the page settles whether it is a decimal mark',
        quote: '1,250 g',
      },
    ]);
    // weight is optional: the record is complete.
    expect(r.json.status).toBe('complete');
  });

  it('numbers from page text quote the line', async () => {
    const schema = { type: 'object', properties: { rating: { type: 'number' }, reviewCount: { type: 'integer' }, price: { type: 'number' } } };
    const textMarkdown = '# Kettle K1\n\n**4.6** out of 5 stars · 1,234 reviews\n\nOnly today: price 39,90 €\n';
    const r = await fillJson(input({ html: '<h1>Kettle K1</h1>', textMarkdown, schema }));
    expect(r.json.data).toEqual({ rating: 4.6, reviewCount: 1234, price: 39.9 });
    expect(r.json.evidence).toEqual({
      '/rating': { source: 'text', locator: 'line 3', quote: '4.6 out of 5 stars · 1,234 reviews' },
      '/reviewCount': { source: 'text', locator: 'line 3', quote: '4.6 out of 5 stars · 1,234 reviews' },
      '/price': { source: 'text', locator: 'line 5', quote: 'Only today: price 39,90 €' },
    });
    expect(r.fieldEvidence['/rating']).toEqual(ev('text', 'line 3'));
  });
});

