// checkRobots against real HTTP servers on 127.0.0.1 (node:http), asserting the exact robotsDecision.

import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RobotsDecision } from '../capture/types.ts';
import { RobotsCache } from './cache.ts';
import { checkRobots, robotsUrlFor } from './check.ts';
import { MAX_ROBOTS_BYTES, type RobotsFetchDeps } from './fetch.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface TestServer {
  origin: string;
  hits: Array<{ method: string; path: string; userAgent: string | undefined }>;
}

const servers: Server[] = [];

async function serve(routes: Record<string, Handler>): Promise<TestServer> {
  const hits: TestServer['hits'] = [];
  const server = createServer((req, res) => {
    hits.push({ method: req.method ?? '', path: req.url ?? '', userAgent: req.headers['user-agent'] });
    res.on('error', () => undefined); // the client may hang up mid-body (size cap, timeout)
    const handler = routes[req.url ?? ''];
    if (handler) handler(req, res);
    else res.writeHead(404).end('not found');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});

const text =
  (body: string | Buffer, status = 200): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
  };
const status = (code: number, headers: Record<string, string> = {}): Handler => (_req, res) => {
  res.writeHead(code, headers).end();
};
const redirect = (location: string, code = 301): Handler => status(code, { location });
const hang: Handler = () => undefined;

const UA = 'svc-capture/1.0 (+https://example.invalid/bot)';

function deps(extra: Partial<RobotsFetchDeps> = {}): RobotsFetchDeps {
  return { fetch: (url, init) => fetch(url, init), userAgent: UA, tokens: ['svc-capture'], timeoutMs: 3000, ...extra };
}

function sha(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function decision(over: Partial<RobotsDecision> & Pick<RobotsDecision, 'robotsUrl'>): RobotsDecision {
  return { decision: 'allowed', robotsSha256: null, unreachable: null, crawlDelayMs: null, userOverride: false, ...over };
}

describe('checkRobots: 2xx', () => {
  const body = 'User-agent: *\nDisallow: /\n\nUser-agent: svc-capture\nDisallow: /private\nCrawl-delay: 2.5\n';

  it('disallowed page: blocked with robots_disallowed and the exact evidence', async () => {
    const s = await serve({ '/robots.txt': text(body) });
    const r = await checkRobots(new URL(`${s.origin}/private/x?y=1#z`), deps());
    expect(r).toEqual({
      allowed: false,
      reason: 'robots_disallowed',
      decision: decision({ decision: 'disallowed', robotsUrl: `${s.origin}/robots.txt`, robotsSha256: sha(body), crawlDelayMs: 2500 }),
    });
    expect(s.hits).toEqual([{ method: 'GET', path: '/robots.txt', userAgent: UA }]);
  });

  it('allowed page: our group replaces *, crawl-delay reported', async () => {
    const s = await serve({ '/robots.txt': text(body) });
    const r = await checkRobots(new URL(`${s.origin}/public`), deps());
    expect(r).toEqual({
      allowed: true,
      reason: null,
      decision: decision({ robotsUrl: `${s.origin}/robots.txt`, robotsSha256: sha(body), crawlDelayMs: 2500 }),
    });
  });

  it('the preview tokens fall back to * here', async () => {
    const s = await serve({ '/robots.txt': text(body) });
    const r = await checkRobots(new URL(`${s.origin}/public`), deps({ tokens: ['service-preview', 'service'] }));
    expect(r.allowed).toBe(false);
    expect(r.decision.crawlDelayMs).toBeNull();
  });

  it('empty 200 body allows everything; the hash is that of zero bytes', async () => {
    const s = await serve({ '/robots.txt': text('') });
    const r = await checkRobots(new URL(`${s.origin}/x`), deps());
    expect(r.decision).toEqual(decision({ robotsUrl: `${s.origin}/robots.txt`, robotsSha256: sha('') }));
  });

  it('a UTF-8 BOM is skipped for parsing but hashed as received', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('User-agent: *\nDisallow: /\n')]);
    const s = await serve({ '/robots.txt': text(bytes) });
    const r = await checkRobots(new URL(`${s.origin}/x`), deps());
    expect(r.decision).toEqual(decision({ decision: 'disallowed', robotsUrl: `${s.origin}/robots.txt`, robotsSha256: sha(bytes) }));
  });

  it('huge file: reads, parses and hashes exactly the first 500 KiB and drops the partial last line', async () => {
    const head = 'User-agent: *\nDisallow: /\n';
    const filler = '#'.repeat(99) + '\n';
    let prefix = head;
    while (prefix.length + filler.length <= MAX_ROBOTS_BYTES - 9) prefix += filler;
    prefix += ' '.repeat(MAX_ROBOTS_BYTES - 9 - prefix.length - 1) + '\n';
    // The cut falls inside this line, after "Allow: /e": parsed, the fragment would allow /e-page.
    const straddling = 'Allow: /exact-only-this\n';
    const bytes = Buffer.from(prefix + straddling + 'Allow: /late\n' + filler.repeat(30_000));
    expect(bytes.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(bytes.subarray(MAX_ROBOTS_BYTES - 9, MAX_ROBOTS_BYTES).toString()).toBe('Allow: /e');
    const s = await serve({ '/robots.txt': text(bytes) });
    const robotsUrl = `${s.origin}/robots.txt`;
    const expected = decision({ decision: 'disallowed', robotsUrl, robotsSha256: sha(bytes.subarray(0, MAX_ROBOTS_BYTES)) });
    expect((await checkRobots(new URL(`${s.origin}/e-page`), deps())).decision).toEqual(expected);
    expect((await checkRobots(new URL(`${s.origin}/late`), deps())).decision).toEqual(expected);
  });
});

describe('checkRobots: status codes', () => {
  it.each([400, 401, 403, 404, 410, 451])('%i: no robots.txt, allowed, nothing hashed', async (code) => {
    const s = await serve({ '/robots.txt': text('User-agent: *\nDisallow: /\n', code) });
    const r = await checkRobots(new URL(`${s.origin}/x`), deps());
    expect(r).toEqual({ allowed: true, reason: null, decision: decision({ decision: 'no_robots', robotsUrl: `${s.origin}/robots.txt` }) });
  });

  it.each([
    [429, 'http_429'],
    [500, 'http_500'],
    [503, 'http_503'],
    [304, 'http_304'],
  ])('%i: unreachable (%s), blocked with robots_unreachable', async (code, reason) => {
    const s = await serve({ '/robots.txt': status(code) });
    const r = await checkRobots(new URL(`${s.origin}/x`), deps());
    expect(r).toEqual({
      allowed: false,
      reason: 'robots_unreachable',
      decision: decision({ decision: 'disallowed', robotsUrl: `${s.origin}/robots.txt`, unreachable: reason }),
    });
  });
});

describe('checkRobots: redirects', () => {
  const rules = 'User-agent: *\nDisallow: /blocked\n';

  it('follows five redirects (relative and absolute Location, every redirect status)', async () => {
    const s = await serve({
      '/robots.txt': redirect('/r1', 301),
      '/r1': redirect('r2', 302),
      '/r2': redirect('/r3', 303),
      '/r3': redirect('/r4', 307),
      '/r4': redirect('/r5#frag', 308),
      '/r5': text(rules),
    });
    const r = await checkRobots(new URL(`${s.origin}/blocked`), deps());
    expect(r.decision).toEqual(decision({ decision: 'disallowed', robotsUrl: `${s.origin}/robots.txt`, robotsSha256: sha(rules) }));
    expect(s.hits.map((h) => h.path)).toEqual(['/robots.txt', '/r1', '/r2', '/r3', '/r4', '/r5']);
    expect(new Set(s.hits.map((h) => h.userAgent))).toEqual(new Set([UA]));
  });

  it('a sixth redirect makes robots.txt unreachable (too_many_redirects)', async () => {
    const s = await serve({
      '/robots.txt': redirect('/r1'),
      '/r1': redirect('/r2'),
      '/r2': redirect('/r3'),
      '/r3': redirect('/r4'),
      '/r4': redirect('/r5'),
      '/r5': redirect('/r6'),
      '/r6': text(rules),
    });
    const r = await checkRobots(new URL(`${s.origin}/x`), deps());
    expect(r).toEqual({
      allowed: false,
      reason: 'robots_unreachable',
      decision: decision({ decision: 'disallowed', robotsUrl: `${s.origin}/robots.txt`, unreachable: 'too_many_redirects' }),
    });
    expect(s.hits).toHaveLength(6);
  });

  it('a redirect loop ends the same way', async () => {
    const s = await serve({ '/robots.txt': redirect('/robots.txt', 302) });
    const r = await checkRobots(new URL(`${s.origin}/x`), deps());
    expect(r.decision.unreachable).toBe('too_many_redirects');
    expect(s.hits).toHaveLength(6);
  });

  it('follows a redirect to another origin; the rules apply to the page origin and are reported there', async () => {
    const other = await serve({ '/shared-robots.txt': text(rules) });
    const s = await serve({ '/robots.txt': redirect(`${other.origin}/shared-robots.txt`) });
    const r = await checkRobots(new URL(`${s.origin}/blocked/page`), deps());
    expect(r.decision).toEqual(decision({ decision: 'disallowed', robotsUrl: `${s.origin}/robots.txt`, robotsSha256: sha(rules) }));
    expect(other.hits).toEqual([{ method: 'GET', path: '/shared-robots.txt', userAgent: UA }]);
  });

  it('a redirect that ends in a 404 means no robots.txt', async () => {
    const s = await serve({ '/robots.txt': redirect('/gone') });
    const r = await checkRobots(new URL(`${s.origin}/x`), deps());
    expect(r.decision).toEqual(decision({ decision: 'no_robots', robotsUrl: `${s.origin}/robots.txt` }));
  });

  it.each([
    ['no Location', status(302)],
    ['a non-http Location', redirect('ftp://127.0.0.1/robots.txt')],
    ['an unparseable Location', redirect('http://[bad')],
  ])('a redirect with %s is unreachable (invalid_redirect)', async (_name, handler) => {
    const s = await serve({ '/robots.txt': handler });
    const r = await checkRobots(new URL(`${s.origin}/x`), deps());
    expect(r.decision).toEqual(decision({ decision: 'disallowed', robotsUrl: `${s.origin}/robots.txt`, unreachable: 'invalid_redirect' }));
    expect(r.reason).toBe('robots_unreachable');
  });
});

describe('checkRobots: timeouts and network errors', () => {
  it.each([
    ['no response headers', hang],
    [
      'a body that stalls',
      ((_req, res) => {
        res.writeHead(200).write('User-agent: *\n');
      }) satisfies Handler,
    ],
  ])('%s: unreachable (timeout) within the budget', async (_name, handler) => {
    const s = await serve({ '/robots.txt': handler });
    const started = performance.now();
    const r = await checkRobots(new URL(`${s.origin}/x`), deps({ timeoutMs: 300 }));
    const elapsed = performance.now() - started;
    expect(r.decision).toEqual(decision({ decision: 'disallowed', robotsUrl: `${s.origin}/robots.txt`, unreachable: 'timeout' }));
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2000);
  });

  it('the budget covers all redirect hops together', async () => {
    const slowRedirect =
      (to: string): Handler =>
      (_req, res) => {
        setTimeout(() => res.writeHead(302, { location: to }).end(), 150);
      };
    const s = await serve({ '/robots.txt': slowRedirect('/a'), '/a': slowRedirect('/b'), '/b': slowRedirect('/c') });
    const r = await checkRobots(new URL(`${s.origin}/x`), deps({ timeoutMs: 350 }));
    expect(r.decision.unreachable).toBe('timeout');
  });

  it('connection refused: network_error with the cause', async () => {
    const s = await serve({});
    const closed = servers.pop() as Server;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const r = await checkRobots(new URL(`${s.origin}/x`), deps());
    expect(r.allowed).toBe(false);
    expect(r.reason).toBe('robots_unreachable');
    expect(r.decision.decision).toBe('disallowed');
    expect(r.decision.unreachable).toMatch(/^network_error: fetch failed \(.*ECONNREFUSED.*\)$/);
  });

  it('an error thrown by the injected fetch (e.g. the SSRF guard) is a network_error', async () => {
    const refuse = (): Promise<Response> => Promise.reject(new Error('address 10.0.0.1 is private'));
    const r = await checkRobots(new URL('http://example.test/x'), deps({ fetch: refuse }));
    expect(r.decision).toEqual(
      decision({ decision: 'disallowed', robotsUrl: 'http://example.test/robots.txt', unreachable: 'network_error: address 10.0.0.1 is private' }),
    );
  });

  it.each([
    ['a plain abort', 'aborted', (c: AbortController) => c.abort()],
    ['a timeout abort', 'timeout', (c: AbortController) => c.abort(new DOMException('deadline', 'TimeoutError'))],
  ])('the caller signal (%s) stops the read: unreachable (%s), not cached', async (_name, reason, abort) => {
    const s = await serve({ '/robots.txt': hang });
    const cache = new RobotsCache();
    const ctl = new AbortController();
    setTimeout(() => abort(ctl), 100);
    const r = await checkRobots(new URL(`${s.origin}/x`), deps({ signal: ctl.signal, cache }));
    expect(r.decision.unreachable).toBe(reason);
    expect(cache.size).toBe(0);
  });

  it('an already aborted caller signal sends no request', async () => {
    const s = await serve({ '/robots.txt': text('') });
    const r = await checkRobots(new URL(`${s.origin}/x`), deps({ signal: AbortSignal.abort() }));
    expect(r.decision.unreachable).toBe('aborted');
    expect(s.hits).toHaveLength(0);
  });
});

describe('checkRobots: cache', () => {
  it('serves the same origin from the cache until the lifetime ends', async () => {
    const body = 'User-agent: *\nDisallow: /no\n';
    const s = await serve({ '/robots.txt': text(body) });
    let now = 1_000_000;
    const d = deps({ cache: new RobotsCache({ ttlMs: 60_000 }), now: () => now });
    expect((await checkRobots(new URL(`${s.origin}/no`), d)).allowed).toBe(false);
    expect((await checkRobots(new URL(`${s.origin}/yes`), d)).decision).toEqual(
      decision({ robotsUrl: `${s.origin}/robots.txt`, robotsSha256: sha(body) }),
    );
    expect(s.hits).toHaveLength(1);
    now += 60_000;
    await checkRobots(new URL(`${s.origin}/yes`), d);
    expect(s.hits).toHaveLength(2);
  });

  it('keeps an unreachable answer for the shorter lifetime', async () => {
    const s = await serve({ '/robots.txt': status(503) });
    let now = 0;
    const d = deps({ cache: new RobotsCache({ unreachableTtlMs: 5_000 }), now: () => now });
    await checkRobots(new URL(`${s.origin}/a`), d);
    const again = await checkRobots(new URL(`${s.origin}/b`), d);
    expect(again.decision.unreachable).toBe('http_503');
    expect(s.hits).toHaveLength(1);
    now = 5_000;
    await checkRobots(new URL(`${s.origin}/b`), d);
    expect(s.hits).toHaveLength(2);
  });

  it('does not cache a timeout (it reflects the caller budget, not the site)', async () => {
    const s = await serve({ '/robots.txt': hang });
    const cache = new RobotsCache();
    await checkRobots(new URL(`${s.origin}/a`), deps({ cache, timeoutMs: 100 }));
    expect(cache.size).toBe(0);
  });

  it('keys the cache by origin', async () => {
    const a = await serve({ '/robots.txt': text('User-agent: *\nDisallow: /\n') });
    const b = await serve({});
    const d = deps({ cache: new RobotsCache() });
    expect((await checkRobots(new URL(`${a.origin}/x`), d)).decision.decision).toBe('disallowed');
    expect((await checkRobots(new URL(`${b.origin}/x`), d)).decision.decision).toBe('no_robots');
  });
});

describe('robotsUrlFor and URL checks', () => {
  it.each([
    ['http://example.com:80/a/b?c#d', 'http://example.com/robots.txt'],
    ['https://EXAMPLE.com:8443/a', 'https://example.com:8443/robots.txt'],
    ['https://user:pw@example.com/', 'https://example.com/robots.txt'],
    ['http://[::1]:8080/', 'http://[::1]:8080/robots.txt'],
  ])('%s -> %s', (page, expected) => {
    expect(robotsUrlFor(new URL(page))).toBe(expected);
  });

  it('refuses a non-http(s) page URL', async () => {
    await expect(checkRobots(new URL('ftp://example.com/x'), deps())).rejects.toThrow(TypeError);
  });
});
