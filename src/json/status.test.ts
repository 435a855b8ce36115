import { describe, expect, it } from 'vitest';
import type { CaptureStatus, DocumentInfo } from '../capture/types.ts';
import { fillJson } from './index.ts';
import { ev, fixture, input, sha } from '../../test/fixtures/json/helpers.ts';

describe('fillJson: context sources, shapes and status', () => {
  it('fetch URLs and inferred values', async () => {
    const schema = {
      type: 'object',
      properties: { url: { type: 'string' }, requestedUrl: { type: 'string' }, pageType: { type: 'string' }, variants: { type: 'array' } },
    };
    const document: DocumentInfo = { title: null, pageType: 'product', product: { variants: [], offers: [{ price: 1 }] } };
    const r = await fillJson(input({ schema, document }));
    expect(r.json.data).toEqual({ url: 'https://shop.example/p/1?ref=x', requestedUrl: 'https://shop.example/p/1', pageType: 'product', variants: [] });
    expect(r.fieldEvidence).toEqual({
      '/url': ev('fetch', 'finalUrl'),
      '/requestedUrl': ev('fetch', 'requestedUrl'),
      '/pageType': ev('inferred', 'document.pageType'),
      '/variants': ev('inferred', 'document.product.variants'),
    });
    const noFinal = await fillJson(input({ schema: { type: 'object', properties: { url: { type: 'string' } } }, finalUrl: null }));
    expect(noFinal.json.data).toEqual({ url: 'https://shop.example/p/1' });
    expect(noFinal.fieldEvidence).toEqual({ '/url': ev('fetch', 'requestedUrl') });
  });

  it('nested objects, $ref, titles and nullable unions', async () => {
    const schema = {
      type: 'object',
      required: ['offer'],
      $defs: { money: { type: 'number', minimum: 0 } },
      properties: {
        productTitle: { type: 'string', title: 'Name' },
        offer: {
          type: 'object',
          required: ['amountDue', 'currency'],
          properties: { amountDue: { $ref: '#/$defs/money', title: 'Price' }, currency: { type: 'string' } },
        },
        mpn: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        color: { type: 'string', default: 'black' },
      },
    };
    const r = await fillJson(input({ html: fixture('product-jsonld.html'), schema }));
    expect(r.json.data).toEqual({ productTitle: 'Trailrunner X2', offer: { amountDue: 1299, currency: 'EUR' }, mpn: null });
    expect(r.fieldEvidence).toEqual({ '/productTitle': ev('jsonld'), '/offer/amountDue': ev('jsonld'), '/offer/currency': ev('jsonld') });
    // `default` is never filled; a missing nullable field is null with a field_unavailable issue.
    expect(r.json.issues).toEqual([{ code: 'field_unavailable', path: '/mpn', message: 'no page source gives this field' }]);
    expect(r.json.status).toBe('complete');
  });

  it('missing required fields make the result incomplete', async () => {
    const schema = { type: 'object', required: ['isbn'], properties: { isbn: { type: 'string' }, name: { type: 'string' } } };
    const r = await fillJson(input({ html: fixture('product-jsonld.html'), schema }));
    expect(r.json.data).toEqual({ name: 'Trailrunner X2' });
    expect(r.json.issues).toEqual([{ code: 'missing_required', path: '/isbn', message: 'no page source gives this required field' }]);
    expect(r.json.status).toBe('incomplete');
  });

  it.each([
    ['minimum', { type: 'number', minimum: 5000 }, 'price', '1299'],
    ['maximum', { type: 'number', maximum: 10 }, 'price', '1299'],
    ['multipleOf', { type: 'number', multipleOf: 7 }, 'price', '1299'],
    ['maxLength', { type: 'string', maxLength: 3 }, 'sku', 'TRX2-42'],
    ['pattern', { type: 'string', pattern: '^[0-9]+$' }, 'sku', 'TRX2-42'],
    ['const', { const: 'XYZ' }, 'sku', 'TRX2-42'],
    ['maxItems', { type: 'array', items: { type: 'string' }, maxItems: 1 }, 'image', '["https://shop.example/img/trx2-1.jpg","https://shop.example/img/trx2-2.jpg"]'],
  ])('a page value breaking %s is dropped', async (keyword, prop, name, quote) => {
    const schema = { type: 'object', properties: { name: { type: 'string' }, [name]: prop } };
    const r = await fillJson(input({ html: fixture('product-jsonld.html'), schema }));
    expect(r.json.data).toEqual({ name: 'Trailrunner X2' });
    expect(r.json.issues).toHaveLength(1);
    expect(r.json.issues[0]).toMatchObject({ code: 'field_unavailable', path: `/${name}`, quote });
    expect(r.json.issues[0].message).toContain(`(${keyword}:`);
    expect(r.fieldEvidence).toEqual({ '/name': ev('jsonld') });
    expect(r.json.status).toBe('incomplete');
  });

  it('a complex pattern on text over 2,048 code units counts as breaking', async () => {
    const long = 'x'.repeat(2100);
    const schema = { type: 'object', properties: { description: { type: ['string', 'null'], pattern: '^(?=x).*$' } } };
    const r = await fillJson(input({ html: `<meta name="description" content="${long}">`, schema }));
    expect(r.json.data).toEqual({ description: null });
    expect(r.json.issues[0]).toMatchObject({ code: 'field_unavailable', path: '/description' });
    expect(r.json.issues[0].message).toContain('2,048 code units');
    const short = await fillJson(input({ html: `<meta name="description" content="${'x'.repeat(2000)}">`, schema }));
    expect(short.json.data).toEqual({ description: 'x'.repeat(2000) });
    expect(short.fieldEvidence).toEqual({ '/description': ev('meta') });
  });

  it.each<[CaptureStatus, string]>([
    ['partial', 'page_partial'],
    ['blocked', 'page_unsuccessful'],
    ['timeout', 'page_unsuccessful'],
  ])('page status %s → incomplete with %s', async (pageStatus, code) => {
    const r = await fillJson(input({ html: fixture('product-jsonld.html'), pageStatus }));
    expect(r.json.status).toBe('incomplete');
    expect(r.json.issues[0]).toMatchObject({ code, path: null });
    expect(r.json.data).toMatchObject({ name: 'Trailrunner X2', price: 1299 });
  });

  it('an object root without properties is an empty record', async () => {
    const r = await fillJson(input({ html: fixture('product-jsonld.html'), schema: { type: 'object' } }));
    expect(r.json).toEqual({ data: {}, status: 'complete', issues: [], evidence: {} });
    expect(r.outputSha256).toBe(sha({}));
  });

  it('a non-object root is filled by its title', async () => {
    const r = await fillJson(input({ html: fixture('product-jsonld.html'), schema: { type: 'number', title: 'price' } }));
    expect(r.json.data).toBe(1299);
    expect(r.fieldEvidence).toEqual({ '': ev('jsonld') });
    expect(r.outputSha256).toBe(sha(1299));
  });
});
