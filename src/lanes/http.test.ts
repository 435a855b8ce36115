import { describe, expect, it } from 'vitest';
import type { RobotsDecision } from '../capture/types.ts';
import { fetchOverHttpLane, MAX_REDIRECTS, redirectChainOf, type FetchFn, type RobotsGate } from './http.ts';

const decision = (d: RobotsDecision['decision'], url: URL): RobotsDecision => ({
  decision: d,
  robotsUrl: `${url.origin}/robots.txt`,
  robotsSha256: null,
  unreachable: null,
  crawlDelayMs: null,
  userOverride: false,
});
const allowAll: RobotsGate = async (u) => ({ allowed: true, decision: decision('allowed', u), reason: null });

/** A fake origin: path → [status, location?]. */
function site(table: Record<string, [number, string?]>): { fetch: FetchFn; seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    fetch: async (input) => {
      seen.push(input);
      const row = table[input];
      if (!row) throw new TypeError('getaddrinfo ENOTFOUND');
      const [status, location] = row;
      return new Response(status >= 300 && status < 400 ? null : `body of ${input}`, { status, headers: location ? { location } : {} });
    },
  };
}

const run = (url: string, fetch: FetchFn, robots: RobotsGate = allowAll) =>
  fetchOverHttpLane({ url: new URL(url), userAgent: 'ua', signal: new AbortController().signal, fetch, robots });

describe('fetchOverHttpLane', () => {
  it('returns the response of a page without redirects', async () => {
    const s = site({ 'http://a.test/': [200] });
    const out = await run('http://a.test/', s.fetch);
    expect(out.kind).toBe('response');
    expect(out.answered).toEqual(['http://a.test/']);
  });

  it('follows relative and absolute redirects and lists every hop', async () => {
    const s = site({ 'http://a.test/1': [301, '/2'], 'http://a.test/2': [307, 'http://b.test/3#frag'], 'http://b.test/3': [200] });
    const out = await run('http://a.test/1', s.fetch);
    expect(out.kind).toBe('response');
    expect(out.answered).toEqual(['http://a.test/1', 'http://a.test/2', 'http://b.test/3']);
  });

  it('checks robots.txt for every hop and stops at a disallowed one without requesting it', async () => {
    const s = site({ 'http://a.test/1': [302, 'http://b.test/secret'], 'http://b.test/secret': [200] });
    const gate: RobotsGate = async (u) =>
      u.hostname === 'b.test'
        ? { allowed: false, decision: decision('disallowed', u), reason: 'robots_disallowed' }
        : { allowed: true, decision: decision('allowed', u), reason: null };
    const out = await run('http://a.test/1', s.fetch, gate);
    expect(out).toMatchObject({ kind: 'blocked', reason: 'robots_disallowed', answered: ['http://a.test/1'] });
    expect(out.robots?.robotsUrl).toBe('http://b.test/robots.txt');
    expect(s.seen).toEqual(['http://a.test/1']);
  });

  it('detects redirect loops', async () => {
    const s = site({ 'http://a.test/x': [302, '/y'], 'http://a.test/y': [302, '/x'] });
    expect(await run('http://a.test/x', s.fetch)).toMatchObject({ kind: 'failed', reason: 'redirect_loop' });
  });

  it('stops after the redirect limit', async () => {
    const table: Record<string, [number, string?]> = {};
    for (let i = 0; i <= MAX_REDIRECTS + 5; i++) table[`http://a.test/${i}`] = [302, `/${i + 1}`];
    const out = await run('http://a.test/0', site(table).fetch);
    expect(out).toMatchObject({ kind: 'failed', reason: 'too_many_redirects' });
    expect(out.answered).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('reports connection errors with no answered URL', async () => {
    const out = await run('http://nowhere.test/', site({}).fetch);
    expect(out).toMatchObject({ kind: 'failed', reason: 'fetch_failed', answered: [] });
  });

  it('refuses redirects to other schemes', async () => {
    const s = site({ 'http://a.test/': [302, 'ftp://a.test/file'] });
    expect(await run('http://a.test/', s.fetch)).toMatchObject({ kind: 'failed', reason: 'bad_redirect' });
  });

  it('reports a timeout when the deadline has passed', async () => {
    const ac = new AbortController();
    ac.abort();
    const out = await fetchOverHttpLane({ url: new URL('http://a.test/'), userAgent: 'ua', signal: ac.signal, fetch: site({}).fetch, robots: allowAll });
    expect(out.kind).toBe('timeout');
  });
});

describe('redirectChainOf', () => {
  it('keeps short chains whole', () => {
    expect(redirectChainOf([])).toEqual({ urls: [], complete: true });
    expect(redirectChainOf(['a'])).toEqual({ urls: ['a'], complete: true });
  });
  it('keeps the first URL and the last 20 of a page that kept moving', () => {
    const urls = Array.from({ length: 26 }, (_, i) => `u${i}`);
    const chain = redirectChainOf(urls);
    expect(chain.complete).toBe(false);
    expect(chain.urls).toEqual(['u0', ...urls.slice(6)]);
    expect(chain.urls).toHaveLength(21);
  });
});
