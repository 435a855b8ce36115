import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fillJson, type JsonFillInput, type ModelConfig } from './index.ts';

// A loopback server speaking the chat-completions protocol; each test scripts its answers.
type Scripted = { status?: number; content?: string; delayMs?: number };
let server: Server;
let baseUrl: string;
let script: Scripted[] = [];
let seen: Array<{ url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) as Record<string, unknown> });
      const next = script.shift() ?? { status: 500 };
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(next.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: next.content ?? null }, finish_reason: 'stop' }],
        }));
      }, next.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  script = [];
  seen = [];
});

const schema = {
  type: 'object',
  required: ['name', 'price'],
  properties: {
    name: { type: 'string' },
    price: { type: 'number', minimum: 0 },
    sku: { type: 'string', pattern: '^[A-Z]{3}-[0-9]+$' },
    color: { type: 'string' },
  },
};
const html = '<h1>Gartenbank Linde</h1><p>Price: 1.234 €</p><p>SKU: gb-linde</p>';

function input(over: Partial<JsonFillInput> = {}, s: Record<string, unknown> = schema): JsonFillInput {
  const model: ModelConfig = { baseUrl, model: 'extract-small', apiKey: 'sk-test', timeoutMs: 2000 };
  return {
    html,
    pdfMarkdown: null,
    textMarkdown: '# Gartenbank Linde\n\nPrice: 1.234 €\n\nSKU: gb-linde\n',
    requestedUrl: 'https://garden.example/linde',
    finalUrl: 'https://garden.example/linde',
    document: { title: 'Gartenbank Linde', pageType: 'product' },
    pageStatus: 'success',
    format: { type: 'json', schema: s, prompt: 'Prices are in euros; the bench costs over a thousand.', modelFallback: true },
    model,
    fetch,
    ...over,
  };
}

describe('model fallback', () => {
  it('fills only what the page did not give, with a strict-safe schema', async () => {
    script = [{ content: JSON.stringify({ name: 'Bench Linde (model)', price: 1234, sku: 'GBL-1', color: null }) }];
    const r = await fillJson(input());
    expect(r.json.data).toEqual({ name: 'Gartenbank Linde', price: 1234, sku: 'GBL-1' });
    expect(r.json.evidence).toEqual({
      '/name': { source: 'dom', locator: 'h1[0]' },
      '/price': { source: 'model', locator: null },
      '/sku': { source: 'model', locator: null },
    });
    expect(r.json.modelUsage).toEqual({ strict: true, strictReason: null });
    expect(r.json.status).toBe('complete');
    // The page's reasons stay (they quote the page); nothing is reported missing any more.
    expect(r.json.issues.map((i) => [i.code, i.path])).toEqual([
      ['field_unavailable', '/price'],
      ['field_unavailable', '/sku'],
    ]);

    expect(seen).toHaveLength(1);
    const req = seen[0];
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.body.model).toBe('extract-small');
    expect(req.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'extraction',
        strict: true,
        schema: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            price: { type: 'number' },
            sku: { type: ['string', 'null'] },
            color: { type: ['string', 'null'] },
          },
          required: ['name', 'price', 'sku', 'color'],
          additionalProperties: false,
        },
      },
    });
    const messages = req.body.messages as Array<{ role: string; content: string }>;
    expect(messages.some((m) => m.content.includes('Prices are in euros'))).toBe(true);
    expect(messages[messages.length - 1].content).toContain('Price: 1.234 €');
  });

  it('sends a misfit back once; a second misfit makes the result invalid', async () => {
    script = [{ content: JSON.stringify({ name: 'x', price: -1, sku: null, color: null }) }, { content: 'not json' }];
    const r = await fillJson(input());
    expect(seen).toHaveLength(2);
    const retry = seen[1].body.messages as Array<{ role: string; content: string }>;
    expect(retry[retry.length - 1].content).toContain('/price');
    expect(r.json.status).toBe('invalid');
    expect(r.json.issues.at(-1)).toMatchObject({ code: 'model_invalid', path: null });
    expect(r.json.issues.at(-1)?.message).toContain('the answer is not JSON');
    // The page's values stay; nothing from the model is used.
    expect(r.json.data).toEqual({ name: 'Gartenbank Linde' });
    expect(r.json.modelUsage).toEqual({ strict: true, strictReason: null });
  });

  it('accepts a fitting second answer', async () => {
    script = [{ content: JSON.stringify({ name: 'x', price: 'expensive', sku: null, color: null }) }, { content: JSON.stringify({ name: 'x', price: 1234, sku: null, color: 'green' }) }];
    const r = await fillJson(input());
    expect(seen).toHaveLength(2);
    expect(r.json.data).toEqual({ name: 'Gartenbank Linde', price: 1234, color: 'green' });
    // The page's sku broke its pattern and the model had none: that field stays unavailable.
    expect(r.json.status).toBe('incomplete');
    expect(r.json.issues.filter((i) => i.code !== 'field_unavailable')).toEqual([]);
  });

  it('replaces a page value that broke the schema', async () => {
    const s = { type: 'object', properties: { sku: { type: 'string', pattern: '^[A-Z]{2}-[A-Z]+$' } } };
    script = [{ content: JSON.stringify({ sku: 'GB-LINDE' }) }];
    const r = await fillJson(input({}, s));
    expect(r.json.data).toEqual({ sku: 'GB-LINDE' });
    expect(r.json.evidence).toEqual({ '/sku': { source: 'model', locator: null } });
    expect(r.json.issues).toEqual([
      { code: 'field_unavailable', path: '/sku', message: expect.stringContaining('(pattern:') as string, quote: 'gb-linde' },
    ]);
    expect(r.json.status).toBe('complete');
  });

  it('fills members of an object the page did not have, each with its own evidence', async () => {
    const s = { type: 'object', properties: { name: { type: 'string' }, offer: { type: 'object', properties: { price: { type: 'number' }, currency: { type: 'string' } } } } };
    script = [{ content: JSON.stringify({ name: 'ignored', offer: { price: 1234, currency: 'EUR' } }) }];
    const r = await fillJson(input({ html: '<h1>Gartenbank Linde</h1>' }, s));
    expect(r.json.data).toEqual({ name: 'Gartenbank Linde', offer: { price: 1234, currency: 'EUR' } });
    expect(r.fieldEvidence).toEqual({
      '/name': { source: 'dom', locator: 'h1[0]' },
      '/offer/price': { source: 'model', locator: null },
      '/offer/currency': { source: 'model', locator: null },
    });
    expect(r.json.status).toBe('complete');
  });

  it('sends the schema as given when strict mode cannot express it', async () => {
    const s = { type: 'object', properties: { specs: { type: 'object', additionalProperties: { type: 'string' } } } };
    script = [{ content: JSON.stringify({ specs: { Motor: '250 W' } }) }];
    const r = await fillJson(input({}, s));
    expect(r.json.modelUsage).toEqual({
      strict: false,
      strictReason: '#/properties/specs is an object without fixed properties, which strict mode cannot express',
    });
    expect(seen[0].body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'extraction', strict: false, schema: s } });
    expect(r.json.data).toEqual({ specs: { Motor: '250 W' } });
    expect(r.json.evidence).toEqual({ '/specs': { source: 'model', locator: null } });
  });

  it('reports a failing endpoint and keeps the page result', async () => {
    script = [{ status: 503, content: 'busy' }];
    const r = await fillJson(input());
    expect(r.json.status).toBe('incomplete');
    expect(r.json.issues.at(-1)).toMatchObject({ code: 'model_failed', path: null });
    expect(r.json.issues.at(-1)?.message).toContain('answered 503');
  });

  it('gives up after the configured timeout', async () => {
    script = [{ delayMs: 1500, content: '{}' }];
    const r = await fillJson(input({ model: { baseUrl, model: 'm', apiKey: null, timeoutMs: 200 } }));
    expect(r.json.issues.at(-1)?.message).toContain('longer than 200 ms');
    expect(seen[0].headers.authorization).toBeUndefined();
  });

  it('is not asked when the page gave every field, or when modelFallback is off', async () => {
    const s = { type: 'object', properties: { name: { type: 'string' } } };
    const full = await fillJson(input({}, s));
    expect(full.json.modelUsage).toBeUndefined();
    const off = await fillJson({ ...input(), format: { type: 'json', schema, prompt: null, modelFallback: false } });
    expect(off.json.modelUsage).toBeUndefined();
    expect(seen).toHaveLength(0);
  });
});
