// The JSON model fallback through the real local service: the operator's SVC_EXTRACT_* settings reach the Worker,
// the model fills only what the page did not give, and its values carry source `model` with a null locator.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidEvidenceRecord } from '../helpers/evidence-schema.ts';
import { removeDataDir, startService, type Service } from '../helpers/service.ts';
import { html, startSite, text, type Site } from '../helpers/site.ts';

let svc: Service;
let site: Site;
let model: Server;
const asked: Array<{ auth: string | undefined; body: Record<string, unknown> }> = [];

beforeAll(async () => {
  model = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      asked.push({ auth: req.headers.authorization, body: JSON.parse(raw) as Record<string, unknown> });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify({ name: 'wrong name', color: 'Sage green' }) }, finish_reason: 'stop' }] }));
    });
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  const modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
  site = await startSite({
    '/robots.txt': text('User-agent: *\nAllow: /\n', 'text/plain'),
    '/bench': html('<html><body><article><h1>Gartenbank Linde</h1><p>A garden bench of oiled larch wood for two people, delivered assembled.</p></article></body></html>'),
  });
  svc = await startService({ env: { SVC_EXTRACT_BASE_URL: modelUrl, SVC_EXTRACT_MODEL: 'extract-small', SVC_EXTRACT_API_KEY: 'sk-local' } });
});

afterAll(async () => {
  await svc?.stop();
  if (svc) removeDataDir(svc.dataDir);
  await site?.close();
  model.closeAllConnections();
  await new Promise<void>((resolve) => model.close(() => resolve()));
});

describe('model fallback', () => {
  it('fills only the missing field from the model and keeps the page value', async () => {
    const schema = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, color: { type: 'string' } } };
    const r = await svc.post('/v1/scrape', {
      url: `${site.origin}/bench`,
      formats: [{ type: 'json', schema, modelFallback: true, prompt: 'The colour is in the product photo caption.' }],
    });
    expect(r.status).toBe(200);
    expectValidEvidenceRecord(r.body.evidenceRecord);
    expect(r.body.json.data).toEqual({ name: 'Gartenbank Linde', color: 'Sage green' });
    expect(r.body.json.evidence).toEqual({ '/name': { source: 'dom', locator: 'h1[0]' }, '/color': { source: 'model', locator: null } });
    expect(r.body.json.modelUsage).toMatchObject({ strict: expect.any(Boolean) });
    expect(asked).toHaveLength(1);
    expect(asked[0].auth).toBe('Bearer sk-local');
    expect(asked[0].body.model).toBe('extract-small');
    expect(JSON.stringify(asked[0].body.messages)).toContain('The colour is in the product photo caption.');
  });
});
