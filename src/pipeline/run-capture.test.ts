// runCapture driven directly on fixtures: a fake fetch serving a small site, an in-memory bucket and a fixed clock,
// once per capture profile. No Worker, no sockets.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectValidEvidenceRecord } from '../../test/helpers/evidence-schema.ts';
import type { AddressPolicy } from '../capture/profile.ts';
import { API_PROFILE, apiProfile, previewProfile, SCHEME_ONLY_POLICY } from '../profiles/profiles.ts';
import type { CaptureProfile } from '../capture/profile.ts';
import { loadConfig } from '../config/config.ts';
import { MemoryBucket } from '../files/memory-bucket.ts';
import { makePdf } from '../files/test-helpers/make-pdf.ts';
import type { FetchFn } from '../lanes/types.ts';
import type { CaptureOptions } from '../request/capture-options.ts';
import { RobotsCache } from '../robots/index.ts';
import { runCapture, type CaptureDeps } from './run-capture.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ARTICLE = `<!doctype html><html lang="en"><head><title>Tide tables</title></head><body><main><article>
<h1>Tide tables of the north coast</h1>${'<p>The tide rises twice a day along the whole coast, and the tables say when. </p>'.repeat(8)}
</article></main><footer><ul>${Array.from({ length: 600 }, (_, i) => `<li><a href="/l/${i}">link ${i}</a></li>`).join('')}</ul></footer></body></html>`;

interface Route {
  status?: number;
  type?: string;
  body: string | Uint8Array;
  headers?: Record<string, string>;
}

function fakeSite(routes: Record<string, Route>): { fetch: FetchFn; requests: Array<{ url: string; ua: string | null }> } {
  const requests: Array<{ url: string; ua: string | null }> = [];
  const fetch: FetchFn = async (input, init) => {
    requests.push({ url: input, ua: new Headers(init.headers).get('user-agent') });
    const r = routes[input];
    if (!r) return new Response('not found', { status: 404 });
    return new Response(r.body, { status: r.status ?? 200, headers: { 'content-type': r.type ?? 'text/html; charset=utf-8', ...r.headers } });
  };
  return { fetch, requests };
}

async function depsFor(fetch: FetchFn, bucket = new MemoryBucket()): Promise<CaptureDeps> {
  return {
    config: await loadConfig({}),
    fetch,
    files: bucket,
    robotsCache: new RobotsCache(),
    robotsInflight: new Map(),
    routeOf: () => null,
    now: () => NOW,
  };
}

const OPTIONS: CaptureOptions = { formats: [{ type: 'markdown' }, { type: 'links' }], timeoutMs: 10_000, maxFileBytes: 50 * 1024 * 1024, onlyMainContent: true, mode: 'standard' };
const allowPublic: AddressPolicy = { ...SCHEME_ONLY_POLICY, name: 'test-public' };
const PREVIEW = previewProfile({ policy: allowPublic, aboutUrl: 'http://preview.test/about' });

const capture = async (url: string, profile: CaptureProfile, site: ReturnType<typeof fakeSite>, bucket = new MemoryBucket()) =>
  runCapture({ url, options: OPTIONS, profile }, await depsFor(site.fetch, bucket));

describe('runCapture on fixtures', () => {
  it.each([['api', API_PROFILE], ['preview', PREVIEW]] as const)('%s profile: captures an article with a valid evidence record', async (_n, profile) => {
    const site = fakeSite({ 'http://site.test/robots.txt': { body: 'User-agent: *\nAllow: /\n', type: 'text/plain' }, 'http://site.test/a': { body: ARTICLE } });
    const r = await capture('http://site.test/a', profile, site);
    expect(r.status).toBe('success');
    expect(r.markdown).toContain('Tide tables of the north coast');
    expect(r.evidenceRecord.fetchedAt).toBe('2026-11-23T12:00:00.000Z');
    expect(r.evidenceRecord.finalUrl).toBe('http://site.test/a');
    expectValidEvidenceRecord(r.evidenceRecord);
  });

  it('api: sends our product token and keeps every link', async () => {
    const site = fakeSite({ 'http://site.test/a': { body: ARTICLE } });
    const r = await capture('http://site.test/a', API_PROFILE, site);
    expect(site.requests.map((q) => q.ua)).toEqual(['svc-capture/1.0', 'svc-capture/1.0']);
    expect(r.links?.length).toBeGreaterThanOrEqual(600);
  });

  it('preview: desktop User-Agent with Service-Preview/1.0 on every request, links capped at 500', async () => {
    const site = fakeSite({ 'http://site.test/a': { body: ARTICLE } });
    const r = await capture('http://site.test/a', PREVIEW, site);
    for (const q of site.requests) expect(q.ua).toMatch(/^Mozilla\/5\.0 .* Service-Preview\/1\.0 \(\+http:\/\/preview\.test\/about\)$/);
    expect(r.links).toHaveLength(500);
  });

  it('preview: obeys its own robots group (service-preview), not svc-capture or *', async () => {
    const robots = 'User-agent: *\nAllow: /\n\nUser-agent: svc-capture\nAllow: /\n\nUser-agent: service-preview\nDisallow: /a\n';
    const routes = { 'http://site.test/robots.txt': { body: robots, type: 'text/plain' }, 'http://site.test/a': { body: ARTICLE } };
    expect((await capture('http://site.test/a', PREVIEW, fakeSite(routes))).reason).toBe('robots_disallowed');
    expect((await capture('http://site.test/a', API_PROFILE, fakeSite(routes))).status).toBe('success');
  });

  it('preview: cuts a page at 2 MiB (partial / page_cap); the api profile reads it whole', async () => {
    const big = ARTICLE.replace('</article>', `<p>${'x'.repeat(3 * 1024 * 1024)}</p></article>`);
    const routes = { 'http://site.test/big': { body: big } };
    const p = await capture('http://site.test/big', PREVIEW, fakeSite(routes));
    expect(p).toMatchObject({ status: 'partial', reason: 'page_cap' });
    expect((await capture('http://site.test/big', API_PROFILE, fakeSite(routes))).status).toBe('success');
  });

  it('files: the api profile stores a PDF in the bucket; the preview reads it and stores nothing', async () => {
    const pdf = makePdf({ pages: [{ lines: ['Annual report of the harbour'] }] });
    const routes = { 'http://site.test/r.pdf': { body: pdf, type: 'application/pdf' } };
    const apiBucket = new MemoryBucket();
    const a = await capture('http://site.test/r.pdf', API_PROFILE, fakeSite(routes), apiBucket);
    expect(a.status).toBe('success');
    expect([...apiBucket.objects.keys()]).toEqual([a.file?.path]);
    const previewBucket = new MemoryBucket();
    const p = await capture('http://site.test/r.pdf', PREVIEW, fakeSite(routes), previewBucket);
    expect(p.markdown).toContain('Annual report of the harbour');
    expect(previewBucket.objects.size).toBe(0);
  });

  it('preview: a file over 5 MiB is refused (body_too_large) though the api profile takes it', async () => {
    const routes = { 'http://site.test/big.csv': { body: new Uint8Array(6 * 1024 * 1024).fill(65), type: 'text/csv' } };
    expect(await capture('http://site.test/big.csv', PREVIEW, fakeSite(routes))).toMatchObject({ status: 'failed', reason: 'body_too_large' });
    expect((await capture('http://site.test/big.csv', API_PROFILE, fakeSite(routes))).status).not.toBe('failed');
  });

  it('an address policy refusal is a blocked result and nothing is requested', async () => {
    const deny: AddressPolicy = {
      name: 'deny',
      checkLiteral: () => ({ allowed: false, stage: 'literal', reason: 'policy_denied', detail: 'private address' }),
      check: async () => ({ allowed: false, stage: 'literal', reason: 'policy_denied', detail: 'private address' }),
    };
    const site = fakeSite({ 'http://site.test/a': { body: ARTICLE } });
    const r = await capture('http://site.test/a', previewProfile({ policy: deny, aboutUrl: 'http://p/about' }), site);
    expect(r).toMatchObject({ status: 'blocked', reason: 'policy_denied' });
    expect(site.requests).toEqual([]);
    expectValidEvidenceRecord(r.evidenceRecord);
  });

  it('an invalid URL is a result, not an exception', async () => {
    const r = await capture('ftp://site.test/a', API_PROFILE, fakeSite({}));
    expect(r).toMatchObject({ status: 'invalid_url', reason: 'unsupported_scheme' });
    expectValidEvidenceRecord(r.evidenceRecord);
  });
});

describe('runCapture parses a page once', () => {
  it('extraction, site adapters and the JSON filler share one parse', async () => {
    const { htmlParseCount } = await import('../extract/index.ts');
    const site = fakeSite({ 'http://site.test/a': { body: ARTICLE.replace('<head>', '<head><script type="application/ld+json">{"@type":"Article","headline":"Tide tables"}</script>') } });
    const before = htmlParseCount();
    const r = await runCapture(
      {
        url: 'http://site.test/a',
        options: { ...OPTIONS, formats: [{ type: 'markdown' }, { type: 'json', schema: { type: 'object', properties: { headline: { type: 'string' } } }, prompt: null, modelFallback: false }] },
        profile: API_PROFILE,
      },
      await depsFor(site.fetch),
    );
    expect(htmlParseCount() - before).toBe(1);
    expect(r.json?.data).toEqual({ headline: 'Tide tables' });
  });
});

describe('runCapture with a site adapter', () => {
  const html = readFileSync(path.join(import.meta.dirname, '../../test/fixtures/adapters/retail/uk-see-all-buying-options.html'), 'utf8');
  const url = 'http://127.0.0.1:8000/Cast-Iron-Casserole-Dish/dp/B0UK000001';
  const schema = { type: 'object', properties: { title: { type: 'string' }, price: { type: 'number' } }, required: ['title', 'price'] };

  it('puts the adapter, its checked values and issues on document, and never fills a withheld price', async () => {
    const site = fakeSite({ [url]: { body: html } });
    const r = await runCapture(
      { url, options: { ...OPTIONS, formats: [{ type: 'markdown' }, { type: 'json', schema, prompt: null, modelFallback: false }] }, profile: API_PROFILE },
      await depsFor(site.fetch),
    );
    expect(r.status).toBe('success');
    expect(r.document.adapter).toBe('retail_product');
    expect(r.document.product).toMatchObject({ asin: 'B0UK000001', price: null });
    expect(r.document.issues?.map((i) => i.code)).toContain('quote_unverified');
    expect(r.json?.status).toBe('incomplete');
    expect((r.json?.data as Record<string, unknown>).price).toBeUndefined();
    expect(r.json?.issues).toContainEqual(expect.objectContaining({ code: 'quote_unverified', path: '/price' }));
    expectValidEvidenceRecord(r.evidenceRecord);
  });
});

describe('the hosted API profile', () => {
  it.each(['http://127.0.0.1/a', 'http://2130706433/a', 'http://[::ffff:7f00:1]/a', 'http://localhost/a', 'http://169.254.169.254/latest'])(
    'refuses %s before any request (blocked / policy_denied); the local profile would fetch it',
    async (url) => {
      const site = fakeSite({});
      const r = await capture(url, apiProfile(true), site);
      expect(r).toMatchObject({ status: 'blocked', reason: 'policy_denied' });
      expect(site.requests).toEqual([]);
      expectValidEvidenceRecord(r.evidenceRecord);
      expect(apiProfile(false)).toBe(API_PROFILE);
    },
  );
});

describe('URL length', () => {
  it('a URL over 8,192 characters is an invalid_url result (batch items, crawl links), nothing requested', async () => {
    const site = fakeSite({});
    const r = await capture(`http://site.test/?q=${'x'.repeat(9000)}`, API_PROFILE, site);
    expect(r).toMatchObject({ status: 'invalid_url', reason: 'url_too_long' });
    expect(site.requests).toEqual([]);
  });
});
