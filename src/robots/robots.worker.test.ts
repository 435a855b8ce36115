// The robots gate inside workerd: same Web APIs as production (Response streams, crypto.subtle, TextDecoder,
// AbortSignal, DOMException). The network is an injected fetch that answers from a table, as a site would.

import { describe, expect, it } from 'vitest';
import { RobotsCache } from './cache.ts';
import { checkRobots } from './check.ts';
import { MAX_ROBOTS_BYTES, type RobotsFetchDeps } from './fetch.ts';

type Site = Record<string, () => Response>;

function siteFetch(site: Site, seen: string[]): RobotsFetchDeps['fetch'] {
  return (url, init) => {
    seen.push(url);
    const answer = site[url];
    if (answer) return Promise.resolve(answer());
    // Like a real fetch: a request nobody answers ends only through the signal.
    return new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
    });
  };
}

function deps(site: Site, seen: string[], extra: Partial<RobotsFetchDeps> = {}): RobotsFetchDeps {
  return { fetch: siteFetch(site, seen), userAgent: 'svc-capture/1.0', tokens: ['svc-capture'], timeoutMs: 2000, ...extra };
}

async function sha(bytes: Uint8Array): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A body streamed in 64 KiB chunks, as it would arrive from the network. */
function streamed(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 65_536));
      offset += 65_536;
    },
  });
}

describe('checkRobots in workerd', () => {
  it('reads, hashes and decides a robots.txt reached through a cross-origin redirect', async () => {
    const body = new TextEncoder().encode('\ufeffUser-agent: svc-capture\nDisallow: /%7Ejoe/\nCrawl-delay: 1\n');
    const seen: string[] = [];
    const site: Site = {
      'https://a.test/robots.txt': () => new Response(null, { status: 301, headers: { location: 'https://b.test/r' } }),
      'https://b.test/r': () => new Response(body),
    };
    const r = await checkRobots(new URL('https://a.test/~joe/x'), deps(site, seen));
    expect(r).toEqual({
      allowed: false,
      reason: 'robots_disallowed',
      decision: {
        decision: 'disallowed',
        robotsUrl: 'https://a.test/robots.txt',
        robotsSha256: await sha(body),
        unreachable: null,
        crawlDelayMs: 1000,
        userOverride: false,
      },
    });
    expect(seen).toEqual(['https://a.test/robots.txt', 'https://b.test/r']);
  });

  it('stops a streamed body at 500 KiB', async () => {
    const bytes = new TextEncoder().encode('User-agent: *\nDisallow: /a\n' + '#\n'.repeat(400_000) + 'Disallow: /\n');
    const site: Site = { 'https://a.test/robots.txt': () => new Response(streamed(bytes)) };
    const r = await checkRobots(new URL('https://a.test/b'), deps(site, []));
    expect(r.allowed).toBe(true);
    expect(r.decision.robotsSha256).toBe(await sha(bytes.slice(0, MAX_ROBOTS_BYTES)));
  });

  it('a request nobody answers times out as unreachable, and is not cached', async () => {
    const cache = new RobotsCache();
    const r = await checkRobots(new URL('https://a.test/x'), deps({}, [], { timeoutMs: 100, cache }));
    expect(r.reason).toBe('robots_unreachable');
    expect(r.decision.unreachable).toBe('timeout');
    expect(cache.size).toBe(0);
  });

  it('503 is unreachable and cached; 404 is no_robots', async () => {
    const cache = new RobotsCache();
    const seen: string[] = [];
    const site: Site = {
      'https://a.test/robots.txt': () => new Response('busy', { status: 503 }),
      'https://c.test/robots.txt': () => new Response('nope', { status: 404 }),
    };
    expect((await checkRobots(new URL('https://a.test/x'), deps(site, seen, { cache }))).decision.unreachable).toBe('http_503');
    expect((await checkRobots(new URL('https://a.test/y'), deps(site, seen, { cache }))).decision.unreachable).toBe('http_503');
    expect((await checkRobots(new URL('https://c.test/y'), deps(site, seen, { cache }))).decision.decision).toBe('no_robots');
    expect(seen).toEqual(['https://a.test/robots.txt', 'https://c.test/robots.txt']);
  });
});
