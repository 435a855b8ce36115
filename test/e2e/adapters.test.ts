// Issue 18 end to end: site adapters through the real local service, on fixture pages served at store- and post-shaped
// paths on 127.0.0.1 (the adapters choose by path shape and page markup, never by host). /v1/scrape shows
// document.adapter, document.product / issues and the JSON record; the preview shows product.issues and the diagnostic.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrapeOk } from '../helpers/scrape.ts';
import { startService, type Service } from '../helpers/service.ts';
import { html, startSite, text, type Site } from '../helpers/site.ts';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/adapters');
const page = (file: string) => html(readFileSync(path.join(FIXTURES, file), 'utf8'));

const PATHS = {
  verified: '/Trail-Runner-Hiking-Boot-Waterproof/dp/B0C1X2Y3Z4',
  domainCurrency: '/dp/B0CA003499',
  buyingOptions: '/Cast-Iron-Casserole-Dish/dp/B0UK000001',
  loginWall: '/ada_example/status/1859000000000000042',
};

let site: Site;
let svc: Service;

beforeAll(async () => {
  site = await startSite({
    '/robots.txt': text('User-agent: *\nAllow: /\n', 'text/plain'),
    [PATHS.verified]: page('retail/us-desktop-carousels.html'),
    [PATHS.domainCurrency]: page('retail/ca-domain-only-currency.html'),
    [PATHS.buyingOptions]: page('retail/uk-see-all-buying-options.html'),
    [PATHS.loginWall]: page('microblog/login-wall.html'),
  });
  // The preview may reach this loopback site only because its origin is exempted; no name is ever resolved here
  // (the DNS-over-HTTPS URL points at a closed loopback port, so nothing could leave the machine).
  svc = await startService({ env: { SVC_PREVIEW_ALLOW_ORIGINS: site.origin, SVC_PREVIEW_DNS_URL: 'http://127.0.0.1:9/dns-query' } });
});

afterAll(async () => {
  await svc?.stop();
  await site?.close();
});

const productSchema = {
  type: 'object',
  properties: { title: { type: 'string' }, price: { type: 'number' }, currency: { type: 'string' } },
  required: ['title', 'price', 'currency'],
};

async function scrape(p: string, json = false) {
  const formats = json ? ['markdown', { type: 'json', schema: productSchema }] : ['markdown'];
  return scrapeOk(svc, { url: `${site.origin}${p}`, formats });
}

describe('/v1/scrape with site adapters', () => {
  it('a verified product: the buy-box price, never a carousel price, and a complete JSON record', async () => {
    const r = await scrape(PATHS.verified, true);
    expect(r.status).toBe('success');
    expect(r.document.adapter).toBe('retail_product');
    expect(r.document.product).toMatchObject({ asin: 'B0C1X2Y3Z4', price: 24.99, currency: 'USD', region: 'New York 10001' });
    expect(r.document.issues).toEqual([]);
    expect(r.json).toMatchObject({ status: 'complete', data: { price: 24.99, currency: 'USD' } });
    expect(r.document.evidence.price).toMatchObject({ quote: expect.stringContaining('24.99') });
  });

  it('a currency shown only as "$": currency_unverified, the record incomplete with that code', async () => {
    const r = await scrape(PATHS.domainCurrency, true);
    expect(r.document.product).toMatchObject({ price: 34.99, currency: null });
    expect(r.document.issues.map((i: { code: string }) => i.code)).toEqual(['currency_unverified']);
    expect(r.json.status).toBe('incomplete');
    expect(r.json.issues).toContainEqual(expect.objectContaining({ code: 'currency_unverified', path: '/currency' }));
  });

  it('"see all buying options" only: no price is taken from elsewhere on the page (quote_unverified)', async () => {
    const r = await scrape(PATHS.buyingOptions, true);
    expect(r.document.product.price).toBeNull();
    expect(r.json.data.price).toBeUndefined();
    expect(r.json.issues).toContainEqual(expect.objectContaining({ code: 'quote_unverified', path: '/price' }));
  });

  it('a post behind a login wall is blocked / login_required', async () => {
    const r = await scrape(PATHS.loginWall);
    expect(r).toMatchObject({ status: 'blocked', reason: 'login_required', document: { adapter: 'microblog_post' } });
  });
});

describe('the preview with site adapters', () => {
  it('shows product.issues and the adapter diagnostic', async () => {
    const res = await fetch(`${svc.previewBase}/api/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '203.0.113.7' },
      body: JSON.stringify({ url: `${site.origin}${PATHS.domainCurrency}` }),
    });
    const body = (await res.json()) as { status: string; diagnostic: unknown; product: { issues: Array<{ code: string }> } };
    expect(res.status).toBe(200);
    expect(body.status).toBe('success');
    expect(body.product.issues.map((i) => i.code)).toEqual(['currency_unverified']);
    expect(body.diagnostic).toMatchObject({ code: 'currency_unverified', stage: 'adapter', evidence: 'observed' });
  });
});
