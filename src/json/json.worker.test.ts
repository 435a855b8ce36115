// The JSON extraction dependencies (htmlparser2 and css-select, redos-detector, @cfworker/json-schema, canonicalize, crypto.subtle)
// must work inside workerd, not only in Node.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { fillJson } from './index.ts';
import { parseJsonFormat } from './intake.ts';

const html = `<html><head><title>Kettle</title>
<script type="application/ld+json">{"@type":"Product","name":"Kettle K1","offers":{"price":"1.234","priceCurrency":"EUR"}}</script>
</head><body><h1>Kettle K1</h1><table><tr><th>SKU</th><td>kt-1</td></tr></table><p>Weight: 1.250 kg</p></body></html>`;

describe('JSON extraction in workerd', () => {
  it('vets patterns with redos-detector', () => {
    const schema = { type: 'object', properties: { sku: { type: 'string', pattern: '^(a+)+$' } } };
    expect(() => parseJsonFormat({ type: 'json', schema }, 0, { modelConfigured: false })).toThrow(ApiError);
  });

  it('fills, checks and hashes a record', async () => {
    const format = parseJsonFormat(
      {
        type: 'json',
        schema: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string' },
            price: { type: 'number' },
            sku: { type: 'string', pattern: '^[a-z]{2}-\\d$' },
            weight: { type: ['number', 'null'] },
          },
        },
      },
      0,
      { modelConfigured: false },
    );
    const r = await fillJson({
      html,
      pdfMarkdown: null,
      textMarkdown: null,
      requestedUrl: 'https://k.example/',
      finalUrl: 'https://k.example/',
      document: { title: 'Kettle K1', pageType: 'product' },
      pageStatus: 'success',
      format,
      model: null,
      fetch,
    });
    expect(r.json.data).toEqual({ name: 'Kettle K1', price: 1.234, sku: 'kt-1', weight: null });
    expect(r.fieldEvidence).toEqual({
      '/name': { source: 'jsonld', locator: null },
      '/price': { source: 'jsonld', locator: null },
      '/sku': { source: 'dom', locator: 'table[0] tr[0] SKU' },
    });
    expect(r.json.issues).toEqual([
      expect.objectContaining({ code: 'field_unavailable', path: '/weight', quote: '1.250 kg' }),
    ]);
    expect(r.json.status).toBe('complete');
    const canonical = '{"name":"Kettle K1","price":1.234,"sku":"kt-1","weight":null}';
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical));
    expect(r.outputSha256).toBe(Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join(''));
  });
});
