// The anonymous preview site end to end: the real local service (the `npm start` launcher) with a loopback fixture
// site exempted through SVC_PREVIEW_ALLOW_ORIGINS and a loopback DNS-over-HTTPS stub (SVC_PREVIEW_DNS_URL), driven by
// a person's flow in a real headless Chromium (playwright-core + @sparticuz/chromium), plus the guard and the quota
// rules over HTTP. Every request goes to 127.0.0.1 only. Screenshots: test-output/preview/.
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuotaView } from '../../src/preview/quota.ts';
import type { PreviewResponse } from '../../src/preview/response.ts';
import { removeDataDir, startService, type Service } from '../helpers/service.ts';
import { html, startSite, text, type Site } from '../helpers/site.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SHOTS = path.join(ROOT, 'test-output/preview');
const fixture = (name: string) => readFileSync(path.join(ROOT, 'test/fixtures/preview', name), 'utf8');
const ROBOTS = 'User-agent: *\nAllow: /\n\nUser-agent: service-preview\nDisallow: /members/\n';

let svc: Service;
let site: Site; // exempt from the address policy
let other: Site; // not exempt: no request may ever reach it
let dns: { server: Server; url: string; asked: string[] };
let browser: Browser;

/** A DNS-over-HTTPS JSON stub on loopback: `loopback.test` answers 127.0.0.3, anything else NXDOMAIN. */
async function startDohStub(): Promise<typeof dns> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://stub');
    const name = u.searchParams.get('name') ?? '';
    const type = u.searchParams.get('type');
    asked.push(`${name}/${type}`);
    const answer = name === 'loopback.test' && type === 'A' ? [{ name, type: 1, TTL: 60, data: '127.0.0.3' }] : [];
    res.writeHead(200, { 'content-type': 'application/dns-json' });
    res.end(JSON.stringify({ Status: name === 'loopback.test' ? 0 : 3, Answer: answer }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, asked, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/dns-query` };
}

async function launchChromium(): Promise<Browser> {
  // @sparticuz/chromium unpacks its Chromium under os.tmpdir(): a folder of this test's own, kept between runs.
  const dir = path.join(tmpdir(), 'svc-preview-e2e-chromium');
  mkdirSync(dir, { recursive: true });
  process.env.TMPDIR = dir;
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return chromium.launch({
    executablePath: await sparticuz.executablePath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A preview response, or the error body of a refused request. */
type Answer = PreviewResponse & { code?: string };

async function preview(body: unknown, visitor: string): Promise<{ status: number; body: Answer }> {
  const res = await fetch(`${svc.previewBase}/api/preview`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': visitor },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

async function quota(visitor: string): Promise<QuotaView> {
  return (await (await fetch(`${svc.previewBase}/api/quota`, { headers: { 'cf-connecting-ip': visitor } })).json()) as QuotaView;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  site = await startSite({
    '/robots.txt': text(ROBOTS, 'text/plain'),
    '/tides.html': html(fixture('article.html')),
    '/hostile.html': html(fixture('hostile.html')),
    '/members/tides.html': html(fixture('article.html')),
  });
  other = await startSite({ '*': html('<p>must never be requested</p>') });
  dns = await startDohStub();
  [svc, browser] = await Promise.all([
    startService({ env: { SVC_PREVIEW_ALLOW_ORIGINS: site.origin, SVC_PREVIEW_DNS_URL: dns.url } }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await svc?.stop();
  if (svc) removeDataDir(svc.dataDir);
  await Promise.all([site?.close(), other?.close(), new Promise((r) => dns?.server.close(r))]);
});

describe('a visitor in the browser', () => {
  let page: Page;
  const submit = async (url: string) => {
    await page.fill('#url', url);
    await page.focus('#url');
    await page.keyboard.press('Enter');
    // The form is busy from the submit event until the answer is shown (the page's CSP forbids waitForFunction's eval).
    await page.waitForSelector('#preview-form:not([aria-busy])');
  };

  it('previews a page, reads the Markdown, watches the quota drop, and meets the limit', async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 1200 }, extraHTTPHeaders: { 'cf-connecting-ip': '198.51.100.10' } });
    page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(svc.previewBase);
    await expect(page.textContent('#quota')).resolves.toContain('3 of 3 previews left today');

    // Keyboard only: skip link, then the URL field.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('url');
    await page.keyboard.type(`${site.origin}/tides.html`);
    await page.locator('#hint', { hasText: /^Web page\./ }).waitFor();
    await page.keyboard.press('Tab'); // main-content switch
    await page.keyboard.press('Tab'); // fields
    await page.keyboard.type('author, datePublished, price');
    await page.keyboard.press('Tab'); // the button
    await page.keyboard.press('Enter');
    await page.waitForSelector('#result:not([hidden])');
    await page.screenshot({ path: path.join(SHOTS, '1-captured.png'), fullPage: true });

    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('result-title');
    expect(await page.textContent('#rendered h1')).toBe('Reading the tide tables');
    expect(await page.textContent('#rendered')).toContain('The range of that tide is therefore 3.3 metres.');
    expect(await page.textContent('#raw')).toContain('# Reading the tide tables');
    expect(await page.textContent('#summary')).toContain('Captured');
    expect(await page.textContent('#fields-rows')).toContain('Mara Lindqvist');
    expect(await page.textContent('#fields-rows')).toContain('not found on the page');
    expect(await page.textContent('#links')).toContain('https://tides.example.org/harbour');
    await expect(page.textContent('#quota')).resolves.toContain('2 of 3 previews left today');
    // The fixture site saw the preview's identity on robots.txt and on the page.
    for (const r of [...site.hits('/robots.txt'), ...site.hits('/tides.html')]) {
      expect(r.userAgent).toMatch(new RegExp(`^Mozilla/5\\.0 .* Service-Preview/1\\.0 \\(\\+${svc.previewBase.replace(/\./g, '\\.')}/about\\)$`));
    }

    // robots.txt's service-preview group disallows /members/: a readable message, and the preview still counts.
    await submit(`${site.origin}/members/tides.html`);
    expect(await page.textContent('#error')).toContain("robots.txt does not allow");
    expect(await page.isVisible('#error')).toBe(true);
    await expect(page.textContent('#quota')).resolves.toContain('1 of 3 previews left today');
    expect(site.hits('/members/tides.html')).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, '2-robots-disallowed.png'), fullPage: true });

    // Markup in captured text stays text; no script of the page or in its text runs.
    await submit(`${site.origin}/hostile.html`);
    expect(await page.textContent('#rendered')).toContain('<script>window.__previewXss = 1</script>');
    expect(await page.locator('#rendered script, #rendered img, #rendered [onerror]').count()).toBe(0);
    expect(await page.locator('#rendered a[href^="javascript:"]').count()).toBe(0);
    expect(await page.locator('#rendered a[href="https://docs.example.org/markup"]').count()).toBe(1);
    expect(await page.evaluate('[typeof window.__previewXss, typeof window.__fixtureScriptRan, typeof window.__fixtureOnloadRan]')).toEqual(['undefined', 'undefined', 'undefined']);
    await expect(page.textContent('#quota')).resolves.toContain('0 of 3 previews left today');

    // The fourth preview of the day is refused with a readable message; nothing is fetched for it.
    const before = site.requests.length;
    await submit(`${site.origin}/tides.html`);
    expect(await page.textContent('#error')).toMatch(/You have used your 3 previews for today\. New previews are available after 00:00 UTC\./);
    expect(await page.isHidden('#result')).toBe(true);
    expect(site.requests.length).toBe(before);
    await page.screenshot({ path: path.join(SHOTS, '3-quota-used-up.png'), fullPage: true });

    // An invalid address: a readable error, the field marked invalid, focus back on it.
    await submit('not a web address');
    expect(await page.textContent('#error')).toContain('not a valid web address');
    expect(await page.getAttribute('#url', 'aria-invalid')).toBe('true');
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('url');
    await page.screenshot({ path: path.join(SHOTS, '4-invalid-url.png'), fullPage: true });
    expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    await context.close();
  });
});

describe('the guard and the counting rules over HTTP', () => {
  it('refuses loopback literals in decimal, hex and IPv4-mapped form before start: 400, not counted, nothing sent', async () => {
    for (const url of [`http://2130706433:${other.port}/`, `http://0x7f000001:${other.port}/`, `http://0x7f.1:${other.port}/`, `http://[::ffff:127.0.0.1]:${other.port}/`, `http://localhost:${other.port}/`]) {
      const r = await preview({ url }, '198.51.100.20');
      expect(r.status, url).toBe(400);
      expect(r.body).toMatchObject({ status: 'invalid_url', reason: 'policy_denied', diagnostic: { code: 'policy_denied' }, quota: { visitor: { used: 0 } } });
    }
    expect(other.requests).toEqual([]);
  });

  it('refuses a name whose DNS answer is 127.0.0.3 and counts it; a name without an answer fails closed and counts', async () => {
    const r = await preview({ url: `http://loopback.test:${other.port}/page` }, '198.51.100.21');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'blocked', reason: 'policy_denied', diagnostic: { code: 'policy_denied', evidence: 'observed' }, quota: { visitor: { used: 1 } } });
    expect(dns.asked).toContain('loopback.test/A');
    const missing = await preview({ url: `http://nowhere.test:${other.port}/` }, '198.51.100.21');
    expect(missing.body).toMatchObject({ status: 'failed', diagnostic: { code: 'policy_denied', stage: 'dns', evidence: 'unobserved' }, quota: { visitor: { used: 2 } } });
    expect(other.requests).toEqual([]);
  });

  it('refuses other options and a 21st field with invalid_options, not counted', async () => {
    const a = await preview({ url: `${site.origin}/tides.html`, formats: ['html'] }, '198.51.100.22');
    const b = await preview({ url: `${site.origin}/tides.html`, fields: Array.from({ length: 21 }, (_, i) => `f${i}`) }, '198.51.100.22');
    expect([a.status, a.body.code, b.status, b.body.code]).toEqual([400, 'invalid_options', 400, 'invalid_options']);
    expect((await quota('198.51.100.22')).visitor.used).toBe(0);
  });

  it('lets no 4th preview of a visitor through concurrent requests', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => preview({ url: `http://loopback.test:${other.port}/` }, '2001:db8:77:1::5')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429).map((r) => r.body.status)).toEqual(Array(5).fill('quota_exceeded'));
    // Another address of the same /64 is the same visitor.
    expect((await quota('2001:db8:77:1:ffff::9')).visitor.remaining).toBe(0);
  });

  it('lets no 101st preview of the day through concurrent requests, and a restart resets the counters', async () => {
    const left = (await quota('198.51.100.99')).site.remaining;
    expect(left).toBeGreaterThan(10);
    const visitors = Array.from({ length: Math.ceil((left + 12) / 3) }, (_, i) => `203.0.113.${i + 1}`);
    const results = await Promise.all(visitors.flatMap((v) => [0, 1, 2].map(() => preview({ url: `http://loopback.test:${other.port}/` }, v))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(left);
    expect(results.filter((r) => r.status === 429).every((r) => r.body.quota?.site.remaining === 0)).toBe(true);
    expect((await quota('198.51.100.99')).site).toEqual({ limit: 100, used: 100, remaining: 0 });

    svc = await svc.restart();
    expect(await quota('198.51.100.10')).toMatchObject({ visitor: { used: 0, remaining: 3 }, site: { used: 0, remaining: 100 } });
    expect(other.requests).toEqual([]);
  });
});
