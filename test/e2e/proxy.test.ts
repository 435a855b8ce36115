// Issue 3 item 3: the environment proxy of local mode. The real local service is started with HTTPS_PROXY /
// HTTP_PROXY / NO_PROXY pointing at a forward proxy written here; it must send robots.txt and the page through it
// (absolute-form for http://, a CONNECT tunnel + TLS for https://), report the proxy as `host:port` in the evidence
// record, and leave the proxy alone when NO_PROXY lists the host or no proxy is configured.
import { once } from 'node:events';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidEvidenceRecord } from '../helpers/evidence-schema.ts';
import { removeDataDir, startService, type Service } from '../helpers/service.ts';
import { hang, html, startSite, text, type Site } from '../helpers/site.ts';
import { makeLocalhostCertificate, startForwardProxy, type ForwardProxy, type TestCertificate } from './forward-proxy.ts';

const ROBOTS = 'User-agent: *\nDisallow: /private/\n';
const PAGE = `<html><head><title>Proxied</title></head><body><article><h1>Through the proxy</h1>
<p>This article was requested through an HTTP forward proxy, and the proxy kept a note of every request it carried.</p>
<p>A second paragraph gives the extractor enough text to treat the article as the main content of the page.</p>
</article></body></html>`;

/** Every proxy variable cleared, so that the runner's own environment cannot leak into the service. */
const NO_PROXY_ENV = { HTTPS_PROXY: '', HTTP_PROXY: '', NO_PROXY: '', https_proxy: '', http_proxy: '', no_proxy: '' };

let site: Site;
let proxy: ForwardProxy;
let cert: TestCertificate;
let secure: HttpsServer;
let securePort: number;
const services: Service[] = [];

async function service(env: Record<string, string>): Promise<Service> {
  const svc = await startService({ env: { ...NO_PROXY_ENV, ...env } });
  services.push(svc);
  return svc;
}

async function scrape(svc: Service, url: string) {
  const r = await svc.post('/v1/scrape', { url });
  expect(r.status).toBe(200);
  expectValidEvidenceRecord(r.body.evidenceRecord);
  return r.body;
}

const targets = (kind: 'absolute' | 'connect') => proxy.seen.filter((s) => s.kind === kind).map((s) => s.target);

beforeAll(async () => {
  site = await startSite({
    '/robots.txt': text(ROBOTS, 'text/plain'),
    '/page': html(PAGE),
    '/private/page': html(PAGE),
    '/gzip': text(gzipSync(PAGE), 'text/html; charset=utf-8', 200, { 'content-encoding': 'gzip' }),
    '/hang': hang,
  });
  proxy = await startForwardProxy();
  cert = makeLocalhostCertificate();
  secure = createHttpsServer({ key: cert.key, cert: cert.cert }, (req, res) => {
    if (req.url === '/robots.txt') return text(ROBOTS, 'text/plain')(req, res, site);
    if (req.url === '/secure') return html(PAGE)(req, res, site);
    res.writeHead(404).end();
  }).listen(0, '127.0.0.1');
  await once(secure, 'listening');
  securePort = (secure.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const svc of services) {
    await svc.stop();
    removeDataDir(svc.dataDir);
  }
  await proxy?.close();
  await site?.close();
  secure?.closeAllConnections();
  secure?.close();
  cert?.dispose();
});

describe('with HTTPS_PROXY and HTTP_PROXY set', () => {
  let svc: Service;
  beforeAll(async () => {
    // NODE_EXTRA_CA_CERTS: wrangler's local runtime trusts the test certificate of the tunnelled HTTPS origin.
    svc = await service({ HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: cert.certFile });
  });

  it('sends robots.txt and an http:// page through the proxy in absolute form and reports it', async () => {
    proxy.seen.length = 0;
    const body = await scrape(svc, `${site.origin}/page`);
    expect(body.status).toBe('success');
    expect(body.markdown).toContain('# Through the proxy');
    expect(body.markdown).toContain('the proxy kept a note of every request it carried.');
    expect(body.evidenceRecord.proxy).toBe(`127.0.0.1:${proxy.port}`);
    expect(body.evidenceRecord.httpStatus).toBe(200);
    expect(targets('absolute')).toEqual(expect.arrayContaining([`${site.origin}/robots.txt`, `${site.origin}/page`]));
    expect(proxy.seen.every((s) => s.proxyAuthorization === null)).toBe(true);
    // The origin saw them too, with the capture's User-Agent (the proxy only relays).
    expect(site.hits('/page').at(-1)?.userAgent).toBe('svc-capture/1.0');
  });

  it('opens a CONNECT tunnel for an https:// page and verifies TLS against the origin name', async () => {
    proxy.seen.length = 0;
    const body = await scrape(svc, `https://localhost:${securePort}/secure`);
    expect(body.status).toBe('success');
    expect(body.markdown).toContain('# Through the proxy');
    expect(body.evidenceRecord.proxy).toBe(`127.0.0.1:${proxy.port}`);
    expect(body.evidenceRecord.finalUrl).toBe(`https://localhost:${securePort}/secure`);
    // One tunnel for robots.txt, one for the page; nothing sent to the proxy in clear.
    expect(targets('connect')).toEqual([`localhost:${securePort}`, `localhost:${securePort}`]);
    expect(targets('absolute')).toEqual([]);
  });

  it('decodes a gzip-encoded page received through the proxy', async () => {
    const body = await scrape(svc, `${site.origin}/gzip`);
    expect(body.status).toBe('success');
    expect(body.markdown).toContain('# Through the proxy');
    expect(body.evidenceRecord.proxy).toBe(`127.0.0.1:${proxy.port}`);
  });

  it('gives up on a page that never answers through the proxy at the capture deadline', async () => {
    const started = Date.now();
    const r = await svc.post('/v1/scrape', { url: `${site.origin}/hang`, timeout: 2000 });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(targets('absolute')).toContain(`${site.origin}/hang`);
  });

  it('keeps robots.txt rules for pages fetched through the proxy', async () => {
    proxy.seen.length = 0;
    const before = site.hits('/private/page').length;
    const body = await scrape(svc, `${site.origin}/private/page`);
    expect(body.status).toBe('blocked');
    expect(body.reason).toBe('robots_disallowed');
    expect(body.evidenceRecord.proxy).toBeNull();
    expect(site.hits('/private/page').length).toBe(before);
    expect(targets('absolute')).not.toContain(`${site.origin}/private/page`);
  });
});

describe('with NO_PROXY listing the fixture host', () => {
  it('fetches listed hosts directly and still proxies names that are not listed (no resolving)', async () => {
    const svc = await service({ HTTP_PROXY: proxy.url, NO_PROXY: 'example.invalid, 127.0.0.1' });
    proxy.seen.length = 0;
    const direct = await scrape(svc, `${site.origin}/page`);
    expect(direct.status).toBe('success');
    expect(direct.evidenceRecord.proxy).toBeNull();
    expect(proxy.seen).toEqual([]);

    const viaName = await scrape(svc, `http://localhost:${site.port}/page`);
    expect(viaName.evidenceRecord.proxy).toBe(`127.0.0.1:${proxy.port}`);
    expect(targets('absolute')).toContain(`http://localhost:${site.port}/page`);
  });
});

describe('without proxy variables', () => {
  it('connects directly, the proxy sees nothing and `proxy` is null', async () => {
    const svc = await service({});
    proxy.seen.length = 0;
    const body = await scrape(svc, `${site.origin}/page`);
    expect(body.status).toBe('success');
    expect(body.markdown).toContain('# Through the proxy');
    expect(body.evidenceRecord.proxy).toBeNull();
    expect(proxy.seen).toEqual([]);
  });
});
