import { describe, expect, it } from 'vitest';
import { MAX_ROBOTS_TTL_MS, RobotsCache, type RobotsFetchOutcome } from './cache.ts';
import { parseRobots } from './parse.ts';

const rules: RobotsFetchOutcome = { kind: 'rules', rules: parseRobots('User-agent: *\nDisallow: /\n'), sha256: 'ab' };
const down: RobotsFetchOutcome = { kind: 'unreachable', reason: 'http_503' };
const none: RobotsFetchOutcome = { kind: 'no_robots' };

describe('RobotsCache', () => {
  it('defaults: 10 min for read files and 4xx, 1 min for unreachable, 1000 entries', () => {
    const c = new RobotsCache();
    expect([c.ttlMs, c.unreachableTtlMs, c.maxEntries]).toEqual([600_000, 60_000, 1000]);
  });

  it.each<[string, RobotsFetchOutcome, number]>([
    ['rules', rules, 600_000],
    ['no_robots', none, 600_000],
    ['unreachable', down, 60_000],
  ])('keeps %s for its lifetime and not a millisecond longer', (_kind, outcome, ttl) => {
    const c = new RobotsCache();
    c.set('http://h/robots.txt', outcome, 1_000);
    expect(c.get('http://h/robots.txt', 1_000 + ttl - 1)).toBe(outcome);
    expect(c.get('http://h/robots.txt', 1_000 + ttl)).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('evicts the least recently used entry beyond maxEntries', () => {
    const c = new RobotsCache({ maxEntries: 2 });
    c.set('a', none, 0);
    c.set('b', none, 0);
    expect(c.get('a', 1)).toBe(none); // a is now the most recently used
    c.set('c', none, 2);
    expect(c.get('b', 3)).toBeUndefined();
    expect(c.get('a', 3)).toBe(none);
    expect(c.get('c', 3)).toBe(none);
    expect(c.size).toBe(2);
  });

  it('never keeps an entry longer than 24 hours (RFC 9309 §2.4)', () => {
    const c = new RobotsCache({ ttlMs: 7 * 24 * 3_600_000, unreachableTtlMs: 48 * 3_600_000 });
    expect([c.ttlMs, c.unreachableTtlMs]).toEqual([MAX_ROBOTS_TTL_MS, MAX_ROBOTS_TTL_MS]);
    c.set('a', rules, 0);
    expect(c.get('a', MAX_ROBOTS_TTL_MS)).toBeUndefined();
  });

  it('a lifetime of 0 disables caching of that kind', () => {
    const c = new RobotsCache({ unreachableTtlMs: 0 });
    c.set('a', down, 0);
    expect(c.get('a', 0)).toBeUndefined();
    c.set('a', rules, 0);
    expect(c.get('a', 0)).toBe(rules);
  });

  it('replacing an entry restarts its lifetime', () => {
    const c = new RobotsCache();
    c.set('a', down, 0);
    c.set('a', rules, 50_000);
    expect(c.get('a', 500_000)).toBe(rules);
  });

  it.each([{ maxEntries: 0 }, { maxEntries: 1.5 }, { ttlMs: -1 }, { unreachableTtlMs: Number.NaN }])(
    'refuses invalid options %o',
    (opts) => {
      expect(() => new RobotsCache(opts)).toThrow(RangeError);
    },
  );

  it('clear() empties it', () => {
    const c = new RobotsCache();
    c.set('a', rules, 0);
    c.clear();
    expect(c.size).toBe(0);
  });
});

describe('RobotsCache byte bound', () => {
  const rules = (bytes: number): RobotsFetchOutcome => ({ kind: 'rules', rules: parseRobots(''), sha256: 'x', bytes });

  it('evicts the least recently used entries when the robots.txt bytes exceed the bound', () => {
    const c = new RobotsCache({ maxBytes: 3_000 });
    c.set('http://a/robots.txt', rules(1_000), 0);
    c.set('http://b/robots.txt', rules(1_000), 0);
    c.get('http://a/robots.txt', 1);
    c.set('http://c/robots.txt', rules(1_000), 2);
    expect(c.get('http://b/robots.txt', 3)).toBeUndefined();
    expect(c.get('http://a/robots.txt', 3)).toBeDefined();
    expect(c.get('http://c/robots.txt', 3)).toBeDefined();
    expect(c.bytes).toBeLessThanOrEqual(3_000);
  });

  it('does not keep an entry larger than the whole bound, and clear() frees everything', () => {
    const c = new RobotsCache({ maxBytes: 1_000 });
    c.set('http://a/robots.txt', rules(5_000), 0);
    expect(c.size).toBe(0);
    c.set('http://b/robots.txt', rules(100), 0);
    c.clear();
    expect(c.bytes).toBe(0);
  });
});
