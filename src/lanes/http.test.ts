import { describe, expect, it } from 'vitest';
import type { RobotsDecision } from '../capture/types.ts';
import { SCHEME_ONLY_POLICY } from '../profiles/profiles.ts';
import type { AddressPolicy } from '../capture/profile.ts';
import { fetchOverHttpLane, MAX_REDIRECTS, type FetchFn, type RobotsGate } from './http.ts';
import type { LaneResult } from './types.ts';

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

const lane = (url: string, fetch: FetchFn, o: { robots?: RobotsGate; policy?: AddressPolicy; signal?: AbortSignal } = {}) =>
  fetchOverHttpLane({
    url: new URL(url),
    userAgent: 'ua',
    signal: o.signal ?? new AbortController().signal,
    fetch,
    robots: o.robots ?? allowAll,
    policy: o.policy ?? SCHEME_ONLY_POLICY,
    routeOf: () => null,
    now: () => Date.parse('2026-11-23T12:00:00Z'),
  });
const run = (url: string, fetch: FetchFn, robots: RobotsGate = allowAll) => lane(url, fetch, { robots });
const answered = (r: LaneResult) => r.chain.urls;

describe('fetchOverHttpLane', () => {
  it('returns the response of a page without redirects', async () => {
    const s = site({ 'http://a.test/': [200] });
    const out = await run('http://a.test/', s.fetch);
    expect(out.kind).toBe('response');
    expect(answered(out)).toEqual(['http://a.test/']);
  });

  it('follows relative and absolute redirects and lists every hop', async () => {
    const s = site({ 'http://a.test/1': [301, '/2'], 'http://a.test/2': [307, 'http://b.test/3#frag'], 'http://b.test/3': [200] });
    const out = await run('http://a.test/1', s.fetch);
    expect(out.kind).toBe('response');
    expect(answered(out)).toEqual(['http://a.test/1', 'http://a.test/2', 'http://b.test/3']);
  });

  it('checks robots.txt for every hop and stops at a disallowed one without requesting it', async () => {
    const s = site({ 'http://a.test/1': [302, 'http://b.test/secret'], 'http://b.test/secret': [200] });
    const gate: RobotsGate = async (u) =>
      u.hostname === 'b.test'
        ? { allowed: false, decision: decision('disallowed', u), reason: 'robots_disallowed' }
        : { allowed: true, decision: decision('allowed', u), reason: null };
    const out = await run('http://a.test/1', s.fetch, gate);
    expect(out).toMatchObject({ kind: 'blocked', reason: 'robots_disallowed', chain: { urls: ['http://a.test/1'] } });
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
    expect(answered(out)).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('reports a host that does not resolve as dns_error, with no answered URL', async () => {
    const out = await run('http://nowhere.test/', site({}).fetch);
    expect(out).toMatchObject({ kind: 'failed', reason: 'dns_error', message: 'host not found: nowhere.test', chain: { urls: [] } });
  });

  it("reads workerd's opaque DNS failure as dns_error, and a refused connection as fetch_failed", async () => {
    const opaque: FetchFn = async () => {
      throw new Error('internal error; reference = abc123');
    };
    expect(await run('http://nowhere.test/', opaque)).toMatchObject({ kind: 'failed', reason: 'dns_error' });
    const refused: FetchFn = async () => {
      throw new Error('Network connection lost.');
    };
    expect(await run('http://127.0.0.1:9/', refused)).toMatchObject({ kind: 'failed', reason: 'fetch_failed', message: 'Network connection lost.' });
  });

  it('asks the address policy before every hop and requests nothing it refuses', async () => {
    const s = site({ 'http://a.test/': [302, 'http://10.0.0.1/admin'], 'http://10.0.0.1/admin': [200] });
    const policy: AddressPolicy = {
      name: 'test',
      checkLiteral: (u) => (u.hostname.startsWith('10.') ? { allowed: false, stage: 'literal', reason: 'policy_denied', detail: 'private' } : { allowed: true }),
      check: async (u) => policy.checkLiteral(u),
    };
    const out = await lane('http://a.test/', s.fetch, { policy });
    expect(out).toMatchObject({ kind: 'blocked', reason: 'policy_denied', detail: 'private', chain: { urls: ['http://a.test/'] } });
    expect(s.seen).toEqual(['http://a.test/']);
  });

  it('returns the lane result fields of a response', async () => {
    const s = site({ 'http://a.test/': [200] });
    const out = await lane('http://a.test/', s.fetch);
    expect(out).toMatchObject({ kind: 'response', lane: 'http', status: 200, fetchedAt: '2026-11-23T12:00:00.000Z', userAgent: 'ua', proxy: null });
  });

  it('refuses redirects to other schemes', async () => {
    const s = site({ 'http://a.test/': [302, 'ftp://a.test/file'] });
    expect(await run('http://a.test/', s.fetch)).toMatchObject({ kind: 'failed', reason: 'bad_redirect' });
  });

  it('reports a timeout when the deadline has passed', async () => {
    const ac = new AbortController();
    ac.abort();
    const out = await lane('http://a.test/', site({}).fetch, { signal: ac.signal });
    expect(out.kind).toBe('timeout');
  });
});
