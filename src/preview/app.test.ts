// The preview host's routes through app.request(): the real address policy (stub resolver), the real runCapture
// (fake fetch serving a small site) and the real counting (in-memory counter store). No sockets.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { makePdf } from '../files/test-helpers/make-pdf.ts';
import type { FetchFn } from '../lanes/types.ts';
import { publicAddressPolicy } from '../net/policy.ts';
import { RobotsCache } from '../robots/index.ts';
import { createPreviewApp, type PreviewServices } from './app.ts';
import { capturePreview } from './capture.ts';
import { memoryCounterStore, readQuota, tryStart, type QuotaView } from './quota.ts';
import type { PreviewResponse } from './response.ts';

/** Every body these routes answer, read loosely for assertions. */
type Answer = PreviewResponse & QuotaView & { code: string; error: string };
const bodyOf = async (res: Response | Promise<Response>): Promise<Answer> => (await (await res).json()) as Answer;

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ARTICLE = `<!doctype html><html lang="en"><head><title>Tide tables</title><meta name="description" content="When the tide turns">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"Tide tables","author":{"@type":"Person","name":"Ada Brook"}}</script>
</head><body><main><article><h1>Tide tables of the north coast</h1>${'<p>The tide rises twice a day along the whole coast. </p>'.repeat(6)}
<p><a href="https://public.test/next">next</a></p></article></main></body></html>`;

const RETAIL_PAGE = readFileSync(path.resolve(import.meta.dirname, '../../test/fixtures/adapters/retail/uk-see-all-buying-options.html'), 'utf8');

const PDF = makePdf({ pages: [{ lines: ['Annual report of the harbour', 'Tonnage rose by four per cent.'] }] });
const BIG = new Uint8Array(6 * 1024 * 1024).fill(0x61);

const SITE: Record<string, { body: string | Uint8Array; type?: string }> = {
  'https://public.test/report.pdf': { body: PDF, type: 'application/pdf' },
  'https://public.test/big.txt': { body: BIG, type: 'text/plain' },
  'https://www.amazon.co.uk/robots.txt': { body: 'User-agent: *\nAllow: /\n', type: 'text/plain' },
  'https://www.amazon.co.uk/dp/B0UK000001': { body: RETAIL_PAGE },
  'https://public.test/robots.txt': { body: 'User-agent: *\nAllow: /\n\nUser-agent: service-preview\nDisallow: /private\n', type: 'text/plain' },
  'https://public.test/article': { body: ARTICLE },
  'https://public.test/private/page': { body: ARTICLE },
  'https://public.test/to-metadata': { body: '' },
  'https://other.test/robots.txt': { body: 'User-agent: *\nDisallow: /\n\nUser-agent: service\nAllow: /\n', type: 'text/plain' },
  'https://other.test/article': { body: ARTICLE },
  'https://public.test/chrome': { body: ARTICLE.replace('</main>', '</main><footer><p>Footer words of the whole site live here.</p></footer>') },
};

interface Harness {
  request(path: string, init?: RequestInit & { ip?: string }): Promise<Response>;
  sent: Array<{ url: string; ua: string | null }>;
}

const PUBLIC_DNS: Record<string, string[]> = {
  'public.test': ['93.184.215.14'],
  'other.test': ['93.184.215.16'],
  'sly.test': ['93.184.215.17'],
  'www.amazon.co.uk': ['93.184.215.15'],
  'rebind.test': ['127.0.0.9'],
};

function harness(dns: Record<string, string[]> = PUBLIC_DNS, counters: 'memory' | 'down' = 'memory'): Harness {
  const store = memoryCounterStore();
  const sent: Harness['sent'] = [];
  const fetch: FetchFn = async (input, init) => {
    sent.push({ url: input, ua: new Headers(init.headers).get('user-agent') });
    if (input === 'https://sly.test/robots.txt') return new Response(null, { status: 301, headers: { location: 'http://169.254.169.254/robots.txt' } });
    if (input === 'https://public.test/to-metadata') return new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/latest/' } });
    const route = SITE[input];
    return route ? new Response(route.body, { headers: { 'content-type': route.type ?? 'text/html; charset=utf-8' } }) : new Response('nope', { status: 404 });
  };
  const services = async (): Promise<PreviewServices> => {
    const config = await loadConfig({});
    return {
      config: { hosted: false, allowOrigins: [], dnsUrl: 'http://dns.invalid/', epoch: 'test' },
      quota:
        counters === 'memory'
          ? { read: async (v, now) => readQuota(store, v, now), tryStart: async (v, now) => tryStart(store, v, now) }
          : { read: () => Promise.reject(new Error('object unavailable')), tryStart: () => Promise.reject(new Error('object unavailable')) },
      policy: () => publicAddressPolicy({ resolve: async (host) => dns[host] ?? [] }),
      capture: (input) => capturePreview(input, { config, fetch, routeOf: () => null, robotsCache: new RobotsCache(), now: () => NOW }),
      now: () => NOW,
    };
  };
  const app = createPreviewApp(services);
  return {
    sent,
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('cf-connecting-ip', init.ip ?? '203.0.113.50');
      return Promise.resolve(app.request(`http://preview.test${path}`, { ...init, headers }));
    },
  };
}

const post = (h: Harness, path: string, body: unknown, ip?: string) =>
  h.request(path, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json' }, ip });

describe('POST /api/preview', () => {
  it('captures a page: Markdown, links, metadata, fields without a model, quota after the request', async () => {
    const h = harness();
    const res = await post(h, '/api/preview', { url: 'https://public.test/article', fields: ['author', 'headline', 'price'] });
    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    expect(body).toMatchObject({ status: 'success', reason: null, diagnostic: null, finalUrl: 'https://public.test/article' });
    expect(body.markdown).toContain('Tide tables of the north coast');
    expect(body.links).toContain('https://public.test/next');
    expect(body.metadata?.description).toBe('When the tide turns');
    expect(body.fields).toEqual([
      { name: 'author', value: 'Ada Brook', source: 'jsonld' },
      { name: 'headline', value: 'Tide tables', source: 'jsonld' },
      { name: 'price', value: null, source: null },
    ]);
    expect(body.quota?.visitor).toEqual({ limit: 3, used: 1, remaining: 2 });
    expect(typeof body.elapsedMs).toBe('number');
    // Identity (Authentication 10): desktop browser UA + Service-Preview/1.0 + about link, on robots.txt and page.
    expect(h.sent.map((s) => s.url)).toEqual(['https://public.test/robots.txt', 'https://public.test/article']);
    for (const s of h.sent) expect(s.ua).toMatch(/^Mozilla\/5\.0 .* Service-Preview\/1\.0 \(\+http:\/\/preview\.test\/about\)$/);
  });

  it('reports the retail adapter: product.issues and the first issue as diagnostic, the capture itself a success', async () => {
    const body = await bodyOf(post(harness(), '/api/preview', { url: 'https://www.amazon.co.uk/dp/B0UK000001' }));
    expect(body).toMatchObject({ status: 'success', diagnostic: { code: 'quote_unverified', stage: 'adapter' } });
    expect(body.product?.issues.map((i) => i.code)).toEqual(['quote_unverified']);
    const plain = await bodyOf(post(harness(), '/api/preview', { url: 'https://public.test/article' }));
    expect(plain.product).toBeUndefined();
  });

  it('obeys the service-preview robots group and counts the blocked preview', async () => {
    const h = harness();
    const body = await bodyOf(post(h, '/api/preview', { url: 'https://public.test/private/page' }));
    expect(body).toMatchObject({ status: 'blocked', diagnostic: { code: 'robots_disallowed', stage: 'robots', evidence: 'observed' } });
    expect(body.quota?.visitor.used).toBe(1);
  });

  it('refuses a private literal before start (HTTP 400, not counted, nothing sent)', async () => {
    const h = harness();
    for (const url of ['http://2130706433/', 'http://0x7f.1/', 'http://[::ffff:127.0.0.1]/', 'http://localhost/', 'http://10.0.0.1/']) {
      const res = await post(h, '/api/preview', { url });
      expect(res.status, url).toBe(400);
      const body = await bodyOf(res);
      expect(body).toMatchObject({ status: 'invalid_url', reason: 'policy_denied', diagnostic: { code: 'policy_denied' }, quota: { visitor: { used: 0 } } });
    }
    expect(h.sent).toEqual([]);
  });

  it('counts a name whose DNS answer is private, and a name that does not resolve; sends nothing', async () => {
    const h = harness();
    const rebind = await bodyOf(post(h, '/api/preview', { url: 'http://rebind.test:8080/' }));
    expect(rebind).toMatchObject({ status: 'blocked', reason: 'policy_denied', diagnostic: { code: 'policy_denied', evidence: 'observed' }, quota: { visitor: { used: 1 } } });
    const missing = await bodyOf(post(h, '/api/preview', { url: 'http://missing.test/' }));
    expect(missing).toMatchObject({ status: 'failed', diagnostic: { code: 'policy_denied', stage: 'dns', evidence: 'unobserved' }, quota: { visitor: { used: 2 } } });
    expect(h.sent).toEqual([]);
  });

  it('checks every redirect hop: a redirect to the metadata address is refused', async () => {
    const h = harness();
    const body = await bodyOf(post(h, '/api/preview', { url: 'https://public.test/to-metadata' }));
    expect(body).toMatchObject({ status: 'blocked', reason: 'policy_denied' });
    expect(h.sent.map((s) => s.url)).not.toContain('http://169.254.169.254/latest/');
  });

  it('mainContent: false keeps the whole page body, the default leaves the footer out', async () => {
    const h = harness();
    const main = await bodyOf(post(h, '/api/preview', { url: 'https://public.test/chrome' }));
    const whole = await bodyOf(post(h, '/api/preview', { url: 'https://public.test/chrome', mainContent: false }));
    expect(main.markdown).not.toContain('Footer words');
    expect(whole.markdown).toContain('Footer words');
  });

  it('reads a PDF and shows its text; a file over 5 MiB fails with body_too_large', async () => {
    const h = harness();
    const pdf = await bodyOf(post(h, '/api/preview', { url: 'https://public.test/report.pdf' }));
    expect(pdf.status).toBe('success');
    expect(pdf.markdown).toContain('Annual report of the harbour');
    const big = await bodyOf(post(h, '/api/preview', { url: 'https://public.test/big.txt' }));
    expect(big).toMatchObject({ status: 'failed', reason: 'body_too_large', diagnostic: { code: 'capture_failed' } });
  });

  it('follows the `service` group when there is no service-preview group', async () => {
    const body = await bodyOf(post(harness(), '/api/preview', { url: 'https://other.test/article' }));
    expect(body.status).toBe('success');
  });

  it('guards robots.txt redirects too: nothing is sent to the metadata address, the page is not fetched', async () => {
    const h = harness();
    const body = await bodyOf(post(h, '/api/preview', { url: 'https://sly.test/page' }));
    expect(body.status).toBe('failed');
    expect(h.sent.map((s) => s.url)).toEqual(['https://sly.test/robots.txt']);
  });

  it('answers 503 service_unavailable when the counters do not answer, and still serves the page', async () => {
    const h = harness(PUBLIC_DNS, 'down');
    const res = await post(h, '/api/preview', { url: 'https://public.test/article' });
    expect(res.status).toBe(503);
    expect(await bodyOf(res)).toMatchObject({ status: 'failed', reason: 'service_unavailable', diagnostic: { code: 'service_unavailable' }, quota: null });
    expect(h.sent).toEqual([]);
    expect((await h.request('/api/quota')).status).toBe(503);
    expect(await (await h.request('/')).text()).toContain('could not be read right now');
  });

  it('refuses a body over 64 KiB with invalid_request', async () => {
    const res = await post(harness(), '/api/preview', { url: `https://public.test/${'a'.repeat(70_000)}` });
    expect(res.status).toBe(400);
    expect((await bodyOf(res)).code).toBe('invalid_request');
  });

  it('refuses other options and more than 20 fields with invalid_options, not counted', async () => {
    const h = harness();
    const cases: unknown[] = [
      { url: 'https://public.test/article', formats: ['markdown'] },
      { url: 'https://public.test/article', fields: Array.from({ length: 21 }, (_, i) => `f${i}`) },
      { url: 'https://public.test/article', mainContent: 'yes' },
      { url: 'https://public.test/article', fields: 'author' },
    ];
    for (const body of cases) {
      const res = await post(h, '/api/preview', body);
      expect(res.status).toBe(400);
      expect(await bodyOf(res)).toMatchObject({ code: 'invalid_options' });
    }
    expect((await bodyOf(post(h, '/api/preview?timeout=1', { url: 'https://public.test/article' }))).code).toBe('invalid_options');
    expect((await bodyOf(post(h, '/api/preview', '{nope'))).code).toBe('invalid_json');
    expect((await bodyOf(post(h, '/api/preview', { url: 'not a url' }))).code).toBe('invalid_request');
    expect((await bodyOf(h.request('/api/quota'))).visitor.used).toBe(0);
  });

  it('answers 429 quota_exceeded in the preview shape after 3 previews; a visitor in the same /64 shares it', async () => {
    const h = harness();
    for (let i = 0; i < 3; i++) expect((await post(h, '/api/preview', { url: 'https://public.test/article' }, `2001:db8:5:6::${i + 1}`)).status).toBe(200);
    const res = await post(h, '/api/preview', { url: 'https://public.test/article' }, '2001:db8:5:6:ffff::1');
    expect(res.status).toBe(429);
    expect(await bodyOf(res)).toMatchObject({ status: 'quota_exceeded', reason: 'quota_exceeded', diagnostic: { code: 'quota_exceeded', stage: 'quota' }, markdown: null, links: [], quota: { visitor: { remaining: 0 } } });
    expect((await post(h, '/api/preview', { url: 'https://public.test/article' }, '2001:db8:5:7::1')).status).toBe(200);
  });
});

describe('GET /api/quota, capability, page', () => {
  it('reads the quota without spending it', async () => {
    const h = harness();
    await h.request('/api/quota');
    expect(await bodyOf(h.request('/api/quota'))).toEqual({
      visitor: { limit: 3, used: 0, remaining: 3 },
      site: { limit: 100, used: 0, remaining: 100 },
      resetsAt: '2026-11-24T00:00:00.000Z',
    });
  });

  it('gives the capability hint by POST and GET, 400 on invalid input, without contacting anything', async () => {
    const h = harness();
    expect(await bodyOf(post(h, '/api/capability', { url: 'https://www.amazon.de/dp/B08N5WRWNW' }))).toMatchObject({ route: 'retail_product', supported: true });
    expect(await bodyOf(h.request('/api/capability?url=' + encodeURIComponent('http://0x7f000001/')))).toMatchObject({ route: 'unsupported', supported: false });
    expect((await h.request('/api/capability?url=' + encodeURIComponent('http://256.1/'))).status).toBe(400);
    expect((await h.request('/api/capability')).status).toBe(400);
    expect((await bodyOf(h.request('/api/capability?url=https%3A%2F%2Fexample.com%2F&fetch=1'))).code).toBe('invalid_options');
    expect((await post(h, '/api/capability', { url: 'https://example.com/', extra: 1 })).status).toBe(400);
    expect(h.sent).toEqual([]);
    expect((await bodyOf(h.request('/api/quota'))).visitor.used).toBe(0);
  });

  it('serves the page with a Content Security Policy that forbids inline scripts, the script, and the about page', async () => {
    const h = harness();
    const page = await h.request('/');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    const html = await page.text();
    expect(html).toContain('<label for="url">');
    expect(html).toContain('3 of 3 previews left today');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    const script = await (await h.request('/app.js')).text();
    expect(() => new Function(script)).not.toThrow();
    expect(await (await h.request('/about')).text()).toContain('User-agent: service-preview');
    expect((await h.request('/nothing')).status).toBe(404);
  });
});
