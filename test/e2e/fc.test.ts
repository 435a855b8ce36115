// /fc end to end: the official Firecrawl JS client (@mendable/firecrawl-js 4.42.0, unmodified) against the local
// service and fixture sites on 127.0.0.1: scrape, crawl with polling and `next` paging, async crawl + status, errors,
// cancel, batch scrape, a robots-blocked page, refused formats and options, a v2 path and auth.
import Firecrawl, { FirecrawlAppV1 } from '@mendable/firecrawl-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir, startService, type Service } from '../helpers/service.ts';
import { pagesHandler, startSite, type Site } from '../helpers/site.ts';

const TOKEN = 'fc-e2e-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };
/** Pages of the tree site; a crawl of 25 needs two status pages (/v1 lists 20 per page, D10). */
const TREE = 40;

let svc: Service;
let tree: Site;
let slow: Site;
let app: FirecrawlAppV1;

function page(title: string, links: string[], head = ''): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title>${head}</head><body><main><h1>${title}</h1><p>Fixture page ${title} for the Firecrawl shim test. It has a paragraph of ordinary prose so that the extractor finds readable content.</p><p>A second paragraph follows with a few more sentences about nothing in particular.</p>${links
    .map((l) => `<a href="${l}">${l}</a>`)
    .join(' ')}</main></body></html>`;
}

/** `/` and /p/N in a ternary tree; each page also links a robots-disallowed /private/ page and a missing page. */
function treePage(path: string): string | null {
  if (path === '/article') {
    return page('Shim article', ['/p/1', 'https://example.com/elsewhere'], '<meta name="description" content="An article for the shim">');
  }
  if (path.startsWith('/private/')) return page('private', []);
  const m = path === '/' ? ['', '0'] : /^\/p\/(\d+)$/.exec(path);
  if (!m || Number(m[1]) >= TREE) return null;
  const n = Number(m[1]);
  const kids = [3 * n + 1, 3 * n + 2, 3 * n + 3].filter((k) => k < TREE).map((k) => `/p/${k}`);
  return page(`p${n}`, [...kids, `/private/${n % 3}`, '/missing']);
}

beforeAll(async () => {
  tree = await startSite({ '*': pagesHandler('User-agent: *\nDisallow: /private/\n', treePage) });
  slow = await startSite({
    '*': pagesHandler('User-agent: *\nCrawl-delay: 1\n', (path) => {
      const m = /^\/d\/(\d+)$/.exec(path);
      return m ? page(`d${m[1]}`, [`/d/${Number(m[1]) + 1}`, `/d/${Number(m[1]) + 2}`]) : null;
    }),
  });
  svc = await startService({ tokens: [TOKEN], env: { SVC_SCHEDULER_INTERVAL_MS: '3000', SVC_TASK_STALE_MS: '15000' } });
  app = new FirecrawlAppV1({ apiKey: TOKEN, apiUrl: `${svc.base}/fc` });
});

afterAll(async () => {
  await svc?.stop();
  await tree?.close();
  await slow?.close();
  if (svc) removeDataDir(svc.dataDir);
});

async function raw(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; text: string }> {
  const url = path.startsWith('http') ? path : svc.base + path;
  const headers = { ...AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}

describe('/fc with the official Firecrawl client', () => {
  it('scrapeUrl: markdown, links and Firecrawl metadata, no evidence record', async () => {
    const r: any = await app.scrapeUrl(`${tree.origin}/article`, { formats: ['markdown', 'links'], onlyMainContent: true });
    expect(r.success).toBe(true);
    expect(r.markdown).toContain('Shim article');
    expect(r.links).toContain(`${tree.origin}/p/1`);
    expect(r.metadata).toMatchObject({
      title: 'Shim article',
      description: 'An article for the shim',
      language: 'en',
      sourceURL: `${tree.origin}/article`,
      url: `${tree.origin}/article`,
      statusCode: 200,
    });
    const direct = await raw('POST', '/fc/v1/scrape', { url: `${tree.origin}/article` });
    expect(direct.status).toBe(200);
    expect(Object.keys(direct.body.data).sort()).toEqual(['markdown', 'metadata']); // Firecrawl's default: markdown
    expect(direct.text).not.toMatch(/evidenceRecord|"compliance"|"snapshot"|"lane"/);
  });

  it('a robots-blocked page: HTTP 200, success false, no code, the reason in data.metadata.error', async () => {
    // The v1 client throws on `success: false` and then loses its own message in its catch block ("No response
    // received ..."): it rejects, and the answer itself is checked below.
    await expect(app.scrapeUrl(`${tree.origin}/private/x`, {})).rejects.toThrow();
    const direct = await raw('POST', '/fc/v1/scrape', { url: `${tree.origin}/private/x`, origin: 'js-sdk@4.42.0' });
    expect(direct.status).toBe(200);
    expect(direct.body).toMatchObject({ success: false, error: 'blocked: robots_disallowed', data: { metadata: { error: 'robots_disallowed' } } });
    expect(direct.body).not.toHaveProperty('code');
    expect(tree.hits('/private/x')).toEqual([]);
  });

  it('refuses formats other than markdown/links, options it cannot honour, ignoreSitemap false, a v2 path and no token', async () => {
    await expect(app.scrapeUrl(`${tree.origin}/article`, { formats: ['html'] })).rejects.toMatchObject({ statusCode: 400 });
    expect((await raw('POST', '/fc/v1/scrape', { url: `${tree.origin}/article`, formats: ['markdown', 'screenshot', 'json'] })).body).toEqual({
      success: false,
      error: 'unsupported formats: screenshot, json',
      code: 'unsupported_format',
      details: { formats: ['screenshot', 'json'] },
    });
    const actions = await raw('POST', '/fc/v1/scrape', { url: `${tree.origin}/article`, actions: [{ type: 'wait', milliseconds: 5 }], mobile: false, location: { country: 'DE' } });
    expect(actions.status).toBe(400);
    expect(actions.body).toMatchObject({ success: false, code: 'unsupported_parameter', details: { parameters: ['actions', 'location'] } });
    await expect(app.crawlUrl(`${tree.origin}/`, { ignoreSitemap: false })).rejects.toMatchObject({ statusCode: 400 });
    const sitemap = await raw('POST', '/fc/v1/crawl', { url: `${tree.origin}/`, ignoreSitemap: false, maxDepth: 2 });
    expect(sitemap.body).toMatchObject({ code: 'unsupported_parameter', details: { parameters: ['ignoreSitemap', 'maxDepth'] } });

    await expect(new Firecrawl({ apiKey: TOKEN, apiUrl: `${svc.base}/fc` }).scrape(`${tree.origin}/article`)).rejects.toMatchObject({ status: 404, code: 'not_found' });
    const v2 = await raw('POST', '/fc/v2/scrape', { url: `${tree.origin}/article` });
    expect(v2.status).toBe(404);
    expect(v2.body).toMatchObject({ success: false, code: 'not_found' });

    const anonymous = await fetch(`${svc.base}/fc/v1/scrape`, { method: 'POST', body: JSON.stringify({ url: `${tree.origin}/article` }) });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ success: false, code: 'unauthorized' });
  });

  it('crawlUrl polls to completion and follows `next` across status pages (limit → maxPages)', async () => {
    const done: any = await app.crawlUrl(`${tree.origin}/`, { limit: 25, scrapeOptions: { formats: ['markdown'] } }, 2, 'idem-crawl-1');
    expect(done).toMatchObject({ success: true, status: 'completed' });
    expect(done.total).toBe(done.completed);
    expect(done.data).toHaveLength(done.completed);
    expect(done.data.length).toBeGreaterThan(20); // more than one status page (/v1 lists 20 per page)
    const urls = done.data.map((d: any) => d.metadata.sourceURL);
    expect(new Set(urls).size).toBe(urls.length);
    const blocked = done.data.filter((d: any) => d.metadata.error === 'robots_disallowed');
    expect(blocked.length).toBeGreaterThan(0);
    for (const d of blocked) expect(d.metadata.sourceURL).toMatch(/\/private\/\d$/);
    // limit is the page cap (maxPages): at most 25 pages were fetched.
    expect(done.data.length - blocked.length).toBeLessThanOrEqual(25);
    expect(done.data.find((d: any) => d.metadata.sourceURL === `${tree.origin}/missing`)?.metadata).toMatchObject({ statusCode: 404, error: 'http_404' });
    expect(tree.requests.filter((r) => r.path.startsWith('/private/'))).toEqual([]);
  });

  it('asyncCrawlUrl + checkCrawlStatus + checkCrawlErrors; the last status page carries no `next` key', async () => {
    const started: any = await app.asyncCrawlUrl(`${tree.origin}/`, { limit: 24, crawlEntireDomain: true, ignoreSitemap: true });
    expect(started).toMatchObject({ success: true, url: `${svc.base}/fc/v1/crawl/${started.id}` });
    let status: any = await app.checkCrawlStatus(started.id);
    while (status.status === 'scraping') {
      await new Promise((r) => setTimeout(r, 500));
      status = await app.checkCrawlStatus(started.id);
    }
    if (status.status !== 'completed') console.log('crawl record', JSON.stringify((await raw('GET', `/v1/crawls/${started.id}`)).body));
    expect(status.status).toBe('completed');
    const first = await raw('GET', `/fc/v1/crawl/${started.id}`);
    expect(first.body.total).toBeGreaterThan(20);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.next).toMatch(new RegExp(`^${svc.base}/fc/v1/crawl/${started.id}\\?cursor=`));
    const last = await raw('GET', first.body.next);
    expect(last.body.data).toHaveLength(first.body.total - 20);
    expect(last.body).not.toHaveProperty('next');
    const all: any = await app.checkCrawlStatus(started.id, true);
    expect(all.data).toHaveLength(first.body.total);

    const errors: any = await app.checkCrawlErrors(started.id);
    expect(errors.robotsBlocked.length).toBeGreaterThan(0);
    for (const u of errors.robotsBlocked) expect(u).toMatch(/\/private\/\d$/);
    expect(errors.errors).toEqual([expect.objectContaining({ url: `${tree.origin}/missing`, code: 'failed', error: 'http_404' })]);
    expect((await raw('GET', `/fc/v1/crawl/${started.id}/errors`)).body).toEqual(errors);
  });

  it('cancelCrawl stops a running crawl; a second cancel is a conflict', async () => {
    const started: any = await app.asyncCrawlUrl(`${slow.origin}/d/0`, { limit: 10, crawlEntireDomain: true });
    expect(await app.cancelCrawl(started.id)).toMatchObject({ status: 'cancelled' });
    expect(await app.checkCrawlStatus(started.id)).toMatchObject({ status: 'cancelled' });
    await expect(app.cancelCrawl(started.id)).rejects.toThrow(/409/);
    const again = await raw('DELETE', `/fc/v1/crawl/${started.id}`);
    expect(again).toMatchObject({ status: 409, body: { success: false, code: 'conflict' } });
  });

  it('batchScrapeUrls polls /v1/crawl/{id} to completion; invalid URLs are listed with ignoreInvalidURLs', async () => {
    const urls = [`${tree.origin}/article`, `${tree.origin}/p/1`, `${tree.origin}/private/b`];
    const done: any = await app.batchScrapeUrls(urls, { formats: ['markdown', 'links'] }, 2);
    expect(done).toMatchObject({ success: true, status: 'completed', total: 3, completed: 3 });
    expect(done.data.map((d: any) => d.metadata.sourceURL).sort()).toEqual([...urls].sort());
    expect(done.data.find((d: any) => d.metadata.sourceURL === urls[2]).metadata.error).toBe('robots_disallowed');
    expect(done.data.find((d: any) => d.metadata.sourceURL === urls[0]).links).toContain(`${tree.origin}/p/1`);

    const started: any = await app.asyncBatchScrapeUrls([urls[1], 'not a url', urls[2]], {}, 'idem-batch', undefined, true);
    expect(started).toMatchObject({ success: true, invalidURLs: ['not a url'], url: `${svc.base}/fc/v1/batch/scrape/${started.id}` });
    // An apiUrl with a trailing slash (the client then asks for /fc//v1/...) works the same.
    const slash = new FirecrawlAppV1({ apiKey: TOKEN, apiUrl: `${svc.base}/fc/` });
    let status: any = await slash.checkBatchScrapeStatus(started.id, true);
    while (status.status === 'scraping') {
      await new Promise((r) => setTimeout(r, 500));
      status = await slash.checkBatchScrapeStatus(started.id, true);
    }
    expect(status).toMatchObject({ status: 'completed', total: 2, completed: 2 });
    expect(status.data.map((d: any) => d.metadata.sourceURL).sort()).toEqual([urls[1], urls[2]].sort());
    expect(await app.checkBatchScrapeErrors(started.id)).toEqual({ errors: [], robotsBlocked: [urls[2]] });
    await expect(app.asyncBatchScrapeUrls([urls[1], 'not a url'], {})).rejects.toMatchObject({ statusCode: 400 });
  });
});
