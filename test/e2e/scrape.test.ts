// Issue 3 acceptance: scraping fixture pages through the real local service (the `npm start` launcher) and checking
// status, markdown, links, metadata and the evidence record (validated by the schema; hashes recomputed here).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidEvidenceRecord } from '../helpers/evidence-schema.ts';
import { removeDataDir, startService, type Service } from '../helpers/service.ts';
import { hang, html, redirect, startSite, text, type Site } from '../helpers/site.ts';

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
const ARTICLE = readFileSync(path.join(import.meta.dirname, '../fixtures/site/article.html'), 'utf8');
const ROBOTS = 'User-agent: *\nDisallow: /private/\nCrawl-delay: 1.5\n';
const PAGE = '<html><head><title>t</title></head><body><article><h1>Hello</h1><p>A page with enough words in it to be read as the main content of the page by the extractor.</p></article></body></html>';

let svc: Service;
let a: Site;
const sites: Site[] = [];

async function site(routes: Parameters<typeof startSite>[0]): Promise<Site> {
  const s = await startSite(routes);
  sites.push(s);
  return s;
}

async function scrape(body: Record<string, unknown>) {
  const r = await svc.post('/v1/scrape', body);
  expect(r.status).toBe(200);
  expectValidEvidenceRecord(r.body.evidenceRecord);
  expect(r.body.evidence.rawBodySha256).toBe(r.body.evidenceRecord.rawSha256);
  expect(r.body.status).toBe(r.body.evidenceRecord.status);
  return r.body;
}

beforeAll(async () => {
  const hops: Record<string, ReturnType<typeof redirect>> = {};
  for (let i = 0; i < 25; i++) hops[`/hops/${i}`] = redirect(`/hops/${i + 1}`);
  a = await site({
    '/robots.txt': text(ROBOTS, 'text/plain'),
    '/article.html': html(ARTICLE),
    '/private/page': html(PAGE),
    '/r/1': redirect('/r/2', 301),
    '/r/2': redirect('/article.html', 302),
    '/loop/a': redirect('/loop/b'),
    '/loop/b': redirect('/loop/a'),
    ...hops,
    '/hops/25': html(PAGE),
    '/slow': (_req, res) => void setTimeout(() => html(PAGE)(_req, res, a), 6000),
    '/latin1.html': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=windows-1252' });
      res.end(Buffer.concat([Buffer.from('<html><body><article><h1>Caf'), Buffer.from([0xe9]), Buffer.from(' cr'), Buffer.from([0xe8]), Buffer.from('me</h1><p>Prix: 5 '), Buffer.from([0x80]), Buffer.from(' pour un caf'), Buffer.from([0xe9]), Buffer.from(' et une cr'), Buffer.from([0xe8]), Buffer.from('me br'), Buffer.from([0xfb]), Buffer.from('l'), Buffer.from([0xe9]), Buffer.from('e, servis chaque matin au comptoir du port.</p></article></body></html>')]));
    },
    '/sjis.html': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      // <meta charset="Shift_JIS"> then 日本語の記事 in Shift_JIS
      res.end(Buffer.concat([Buffer.from('<html><head><meta charset="Shift_JIS"><title>x</title></head><body><article><h1>'), Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x82, 0xcc, 0x8b, 0x4c, 0x8e, 0x96]), Buffer.from('</h1><p>'), Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]), Buffer.from(' text text text text text text text text text text text text text text text.</p></article></body></html>')]));
    },
    '/huge.html': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const para = `<p>${'Long page text that keeps going. '.repeat(30)}</p>\n`;
      res.write('<html><body><article><h1>Huge</h1>');
      for (let i = 0; i < 12 * 1024 * 1024 / para.length; i++) res.write(para);
      res.end('</article></body></html>');
    },
    '/login': html('<html><body><form><input name="u"><input type="password" name="p"></form></body></html>', { status: 401 }),
    '/challenge': html('<html><head><title>Just a moment...</title></head><body><div id="cf-browser-verification">Checking</div></body></html>', { status: 403 }),
    '/missing': html('<html><body><h1>Not here</h1><p>This page does not exist.</p></body></html>', { status: 404 }),
  });
  svc = await startService();
});

afterAll(async () => {
  await svc?.stop();
  if (svc) removeDataDir(svc.dataDir);
  await Promise.all(sites.map((s) => s.close()));
});

describe('a fixture article', () => {
  it('is captured with markdown, links, metadata, document and a full evidence record', async () => {
    const url = `${a.origin}/article.html`;
    const r = await scrape({ url });
    expect(r.status).toBe('success');
    expect(r.reason).toBeNull();
    expect(r.markdown).toContain('# Reading a tide table');
    expect(r.markdown).toContain('## The columns');
    expect(r.markdown).toContain('A tide table lists the times and heights');
    expect(r.markdown).toMatch(/\|\s*Time\s*\|\s*Height \(m\)\s*\|/);
    expect(r.markdown).toContain('```python');
    expect(r.markdown).toContain(`(${a.origin}/glossary#datum)`);
    expect(r.markdown).not.toContain('SECRET-SCRIPT-TEXT');
    expect(r.markdown).not.toContain('font-family');
    expect(r.markdown).not.toContain('About us');
    expect(r.links).toEqual(
      expect.arrayContaining([`${a.origin}/`, `${a.origin}/archive`, `${a.origin}/glossary#datum`, 'https://other.example/almanac', `${a.origin}/about`]),
    );
    expect(new Set(r.links).size).toBe(r.links.length);
    expect(r.links.some((l: string) => l.endsWith('#top'))).toBe(false);
    expect(r.metadata).toEqual({
      title: 'Tide tables explained | Harbour Notes',
      description: 'How to read a tide table, with a worked example.',
      language: 'en-GB',
      keywords: 'tides, harbour, sailing',
      robots: 'index, follow',
      icon: `${a.origin}/static/favicon.png`,
      canonical: 'https://harbour.example/tides',
    });
    expect(r.document.title).toBe('Reading a tide table');
    expect(r.document.pageType).toBe('article');

    const e = r.evidenceRecord;
    expect(e.requestedUrl).toBe(url);
    expect(e.finalUrl).toBe(url);
    expect(e.redirectChain).toEqual({ urls: [url], complete: true });
    expect(e.httpStatus).toBe(200);
    expect(Date.now() - Date.parse(e.fetchedAt)).toBeLessThan(60_000);
    expect(e.lane).toBe('http');
    expect(e.robotsDecision).toEqual({
      decision: 'allowed',
      robotsUrl: `${a.origin}/robots.txt`,
      robotsSha256: sha(ROBOTS),
      unreachable: null,
      crawlDelayMs: 1500,
      userOverride: false,
    });
    expect(e.rawSha256).toBe(sha(ARTICLE));
    expect(e.outputSha256).toEqual({ markdown: sha(r.markdown), json: null });
    expect(e.extractor).toEqual({ name: 'extract-tf', version: 'extract-tf/4', commit: null });
    expect(e.fieldEvidence).toBeNull();
    expect(e.artifacts).toEqual([]);
    expect(e.proxy).toBeNull();
    expect(e.identity).toEqual({ userAgent: 'svc-capture/1.0', mode: 'standard', contact: null });
    expect(a.hits('/article.html').at(-1)?.userAgent).toBe('svc-capture/1.0');
    expect(r.lane).toBe('http');
    expect(r.compliance).toMatchObject({ robots: 'allowed', userOverride: false });
  });

  it('delivers only the formats asked for', async () => {
    const r = await scrape({ url: `${a.origin}/article.html`, formats: ['links'] });
    expect(r.markdown).toBeUndefined();
    expect(r.links.length).toBeGreaterThan(3);
    expect(r.evidenceRecord.outputSha256.markdown).toBeNull();
  });
});

describe('whole page', () => {
  it('converts the whole body with onlyMainContent: false', async () => {
    const r = await scrape({ url: `${a.origin}/article.html`, onlyMainContent: false, formats: ['markdown'] });
    expect(r.status).toBe('success');
    expect(r.markdown).toContain('About us');
    expect(r.markdown).toContain('A tide table lists the times and heights');
    expect(r.markdown).not.toContain('SECRET-SCRIPT-TEXT');
  });
});

describe('redirects', () => {
  it('follows a chain and lists every hop', async () => {
    const r = await scrape({ url: `${a.origin}/r/1` });
    expect(r.status).toBe('success');
    expect(r.evidenceRecord.redirectChain).toEqual({ urls: [`${a.origin}/r/1`, `${a.origin}/r/2`, `${a.origin}/article.html`], complete: true });
    expect(r.evidenceRecord.finalUrl).toBe(`${a.origin}/article.html`);
  });

  it('keeps the first URL and the last 20 of a page that keeps moving (25 hops)', async () => {
    const r = await scrape({ url: `${a.origin}/hops/0` });
    expect(r.status).toBe('success');
    const chain = r.evidenceRecord.redirectChain;
    expect(chain.complete).toBe(false);
    expect(chain.urls).toHaveLength(21);
    expect(chain.urls[0]).toBe(`${a.origin}/hops/0`);
    expect(chain.urls[1]).toBe(`${a.origin}/hops/6`);
    expect(chain.urls[20]).toBe(`${a.origin}/hops/25`);
  });

  it('stops a redirect loop', async () => {
    const r = await scrape({ url: `${a.origin}/loop/a` });
    expect(r.status).toBe('failed');
    expect(r.reason).toMatch(/^redirect_loop/);
  });
});

describe('robots.txt', () => {
  it('blocks a disallowed page without requesting it', async () => {
    const r = await scrape({ url: `${a.origin}/private/page` });
    expect(r).toMatchObject({ status: 'blocked', reason: 'robots_disallowed' });
    expect(r.evidenceRecord.robotsDecision.decision).toBe('disallowed');
    expect(r.evidenceRecord.finalUrl).toBeNull();
    expect(r.evidenceRecord.redirectChain).toEqual({ urls: [], complete: true });
    expect(r.evidenceRecord.httpStatus).toBeNull();
    expect(r.evidenceRecord.fetchedAt).toBeNull();
    expect(r.evidenceRecord.identity.userAgent).toBeNull();
    expect(a.hits('/private/page')).toHaveLength(0);
  });

  it('treats a 404 robots.txt as no_robots and fetches the page', async () => {
    const s = await site({ '/page': html(PAGE) });
    const r = await scrape({ url: `${s.origin}/page` });
    expect(r.status).toBe('success');
    expect(r.evidenceRecord.robotsDecision).toMatchObject({ decision: 'no_robots', unreachable: null });
  });

  it.each([
    ['500', text('oops', 'text/plain', 500), /500/],
    ['429', text('slow down', 'text/plain', 429), /429/],
    ['a hanging robots.txt', hang, /timeout/],
  ])('never fetches the page when robots.txt answers %s', async (_name, handler, unreachable) => {
    const s = await site({ '/robots.txt': handler, '/page': html(PAGE) });
    const r = await scrape({ url: `${s.origin}/page`, timeout: 4000 });
    expect(r).toMatchObject({ status: 'blocked', reason: 'robots_unreachable' });
    expect(r.evidenceRecord.robotsDecision.unreachable).toMatch(unreachable);
    expect(r.evidenceRecord.robotsDecision.decision).toBe('disallowed');
    expect(s.hits('/page')).toHaveLength(0);
  });

  it('follows a redirected robots.txt', async () => {
    const s = await site({ '/robots.txt': redirect('/real-robots.txt'), '/real-robots.txt': text('User-agent: *\nDisallow: /x\n', 'text/plain'), '/x': html(PAGE) });
    const r = await scrape({ url: `${s.origin}/x` });
    expect(r).toMatchObject({ status: 'blocked', reason: 'robots_disallowed' });
    expect(s.hits('/x')).toHaveLength(0);
  });

  it('obeys a group that names our product token instead of *', async () => {
    const s = await site({ '/robots.txt': text('User-agent: *\nDisallow: /\n\nUser-agent: svc-capture\nDisallow: /no-svc/\n', 'text/plain'), '/ok': html(PAGE), '/no-svc/x': html(PAGE) });
    expect((await scrape({ url: `${s.origin}/ok` })).status).toBe('success');
    expect((await scrape({ url: `${s.origin}/no-svc/x` })).status).toBe('blocked');
  });
});

describe('failures and verdicts', () => {
  it('reports a slow page as timeout', async () => {
    const r = await scrape({ url: `${a.origin}/slow`, timeout: 2000 });
    expect(r).toMatchObject({ status: 'timeout', reason: 'deadline_exceeded' });
  });

  it('reports a refused connection as failed with no final URL', async () => {
    const r = await scrape({ url: 'http://127.0.0.1:1/page' });
    expect(r.status).toBe('failed');
    expect(r.reason).toMatch(/^fetch_failed/);
    expect(r.evidenceRecord.finalUrl).toBeNull();
    expect(r.evidenceRecord.redirectChain.urls).toEqual([]);
  });

  it('reports an unresolvable host as failed with no final URL', async () => {
    const r = await scrape({ url: 'http://no-such-host.invalid/page', timeout: 10000 });
    expect(['failed', 'timeout']).toContain(r.status);
    expect(r.evidenceRecord.finalUrl).toBeNull();
  });

  it.each([
    ['/login', 'blocked', 'login_required', 401],
    ['/challenge', 'blocked', 'challenge', 403],
    ['/missing', 'failed', 'http_404', 404],
  ])('%s → %s / %s', async (p, status, reason, httpStatus) => {
    const r = await scrape({ url: `${a.origin}${p}` });
    expect(r).toMatchObject({ status, reason });
    expect(r.evidenceRecord.httpStatus).toBe(httpStatus);
  });

  it('reads only the first 10 MiB of a huge page and says partial', async () => {
    const r = await scrape({ url: `${a.origin}/huge.html`, formats: ['links'] });
    expect(r).toMatchObject({ status: 'partial', reason: 'page_cap' });
  });
});

describe('charsets', () => {
  it('decodes windows-1252 declared in the header', async () => {
    const r = await scrape({ url: `${a.origin}/latin1.html` });
    expect(r.markdown).toContain('Café crème');
    expect(r.markdown).toContain('5 €');
  });

  it('decodes Shift_JIS declared in <meta>', async () => {
    const r = await scrape({ url: `${a.origin}/sjis.html` });
    expect(r.markdown).toContain('日本語の記事');
    expect(r.evidenceRecord.rawSha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('operator settings', () => {
  let svc2: Service;
  beforeAll(async () => {
    svc2 = await startService({ env: { SVC_CAPTURE_RAW_DIR: 'snapshots', SVC_SOURCE_COMMIT: 'abc1234', SVC_CONTACT: 'mailto:ops@example.org' } });
  });
  afterAll(async () => {
    await svc2?.stop();
    if (svc2) removeDataDir(svc2.dataDir);
  });

  it('stores a raw snapshot, reports the commit and declares the contact in research mode', async () => {
    const r = await svc2.post('/v1/scrape', { url: `${a.origin}/article.html`, mode: 'research' });
    expect(r.status).toBe(200);
    const e = r.body.evidenceRecord;
    expectValidEvidenceRecord(e);
    expect(e.extractor.commit).toBe('abc1234');
    expect(e.identity).toEqual({
      userAgent: 'svc-capture/1.0 (research; +mailto:ops@example.org)',
      mode: 'research',
      contact: 'mailto:ops@example.org',
    });
    expect(a.hits('/article.html').at(-1)?.userAgent).toBe(e.identity.userAgent);
    expect(e.artifacts).toEqual([{ kind: 'snapshot', path: `snapshots/${sha(ARTICLE)}.html`, sha256: sha(ARTICLE), bytes: null, contentType: null }]);
    expect(r.body.snapshot).toEqual({ path: `snapshots/${sha(ARTICLE)}.html`, sha256: sha(ARTICLE) });
  });

  it('keeps standard mode free of the contact', async () => {
    const r = await svc2.post('/v1/scrape', { url: `${a.origin}/article.html` });
    expect(r.body.evidenceRecord.identity).toEqual({ userAgent: 'svc-capture/1.0', mode: 'standard', contact: null });
  });
});
