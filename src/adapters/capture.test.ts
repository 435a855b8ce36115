// The adapters through the real pipeline: runCapture on fixture pages served by a fake fetch (no sockets), with the
// API profile, checking document.adapter/product/post/issues, the capture verdict and the JSON record (D160–D170).
import { describe, expect, it } from 'vitest';
import { expectValidEvidenceRecord } from '../../test/helpers/evidence-schema.ts';
import { API_PROFILE } from '../profiles/profiles.ts';
import { loadConfig } from '../config/config.ts';
import { MemoryBucket } from '../files/memory-bucket.ts';
import type { FetchFn } from '../lanes/types.ts';
import type { CaptureOptions } from '../request/capture-options.ts';
import { RobotsCache } from '../robots/index.ts';
import { runCapture } from '../pipeline/run-capture.ts';
import { fixtureHtml } from './test-helpers.ts';

const HOST = 'http://127.0.0.1:8000';

async function capture(fixture: string, path: string, formats: CaptureOptions['formats']) {
  const fetch: FetchFn = async (input) => {
    if (input === `${HOST}/robots.txt`) return new Response('User-agent: *\nAllow: /\n', { headers: { 'content-type': 'text/plain' } });
    if (input === HOST + path) return new Response(fixtureHtml(fixture), { headers: { 'content-type': 'text/html; charset=utf-8' } });
    return new Response('not found', { status: 404 });
  };
  const options: CaptureOptions = { formats, timeoutMs: 10_000, maxFileBytes: 50 * 1024 * 1024, onlyMainContent: true, mode: 'standard' };
  const deps = {
    config: await loadConfig({}), fetch, files: new MemoryBucket(), robotsCache: new RobotsCache(), robotsInflight: new Map(),
    routeOf: () => null, now: () => Date.parse('2026-11-23T12:00:00Z'),
  };
  const r = await runCapture({ url: HOST + path, options, profile: API_PROFILE }, deps);
  expectValidEvidenceRecord(r.evidenceRecord);
  return r;
}

const SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, price: { type: 'number' }, currency: { type: 'string' }, region: { type: ['string', 'null'] } },
  required: ['name', 'price', 'currency'],
};
const JSON_FORMAT: CaptureOptions['formats'] = [{ type: 'markdown' }, { type: 'json', schema: SCHEMA, prompt: null, modelFallback: false }];

describe('site adapters inside runCapture', () => {
  it('a verified product page: success, document.product, a complete JSON record from the adapter values', async () => {
    const r = await capture('retail/de-desktop-sponsored-first.html', '/Kaffeevollautomat-Aroma-3000/dp/B0DE300000', JSON_FORMAT);
    expect(r.status).toBe('success');
    expect(r.document).toMatchObject({ adapter: 'retail_product', product: { asin: 'B0DE300000', price: 1234.56, currency: 'EUR', region: 'Berlin 10115' }, issues: [] });
    expect(r.json).toMatchObject({ status: 'complete', data: { price: 1234.56, currency: 'EUR', region: 'Berlin 10115' } });
    expect(r.json?.evidence['/price']).toMatchObject({ source: 'text', locator: '#buybox .a-price:not(.a-text-price) .a-offscreen' });
  });

  it('only "see all buying options": the capture succeeds, the record is incomplete with quote_unverified, no price from other sellers', async () => {
    const r = await capture('retail/uk-see-all-buying-options.html', '/dp/B0UK000001', JSON_FORMAT);
    expect(r.status).toBe('success');
    expect(r.document?.issues?.map((i) => i.code)).toEqual(['quote_unverified']);
    expect(r.json?.status).toBe('incomplete');
    expect((r.json?.data as Record<string, unknown>).price).toBeUndefined();
    expect(r.json?.issues.map((i) => [i.code, i.path])).toContainEqual(['quote_unverified', '/price']);
  });

  it('a redirect-free page of another product: the page\'s own JSON-LD name and price are not used either', async () => {
    const r = await capture('retail/us-desktop-carousels.html', '/dp/B0AAAA1111', JSON_FORMAT);
    // The page (served at the requested path) states B0C1X2Y3Z4 for its main product.
    expect(r.document?.issues?.map((i) => i.code)).toEqual(['subject_mismatch']);
    expect(r.json?.status).toBe('incomplete');
    const data = r.json?.data as Record<string, unknown>;
    expect([data.name, data.price, data.currency]).toEqual([undefined, undefined, undefined]);
    expect(data.region).toBe('New York 10001');
  });

  it('a post behind a login wall: blocked / login_required', async () => {
    const r = await capture('microblog/login-wall.html', '/ada_example/status/1859000000000000042', [{ type: 'markdown' }]);
    expect([r.status, r.reason]).toEqual(['blocked', 'login_required']);
    expect(r.document).toMatchObject({ adapter: 'microblog_post' });
  });

  it('a forum post: document.post with its thread context', async () => {
    const r = await capture('forum/board-de.html', '/viewtopic.php?t=88&p=456', [{ type: 'markdown' }]);
    expect(r.status).toBe('success');
    expect(r.document).toMatchObject({ adapter: 'forum_post', post: { authorHandle: 'Moderatorin_Eva', parent: { authorHandle: 'heizungsfan' } } });
  });
});
