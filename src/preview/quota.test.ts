import { describe, expect, it } from 'vitest';
import { memoryCounterStore, nextReset, readQuota, tryStart, utcDay, visitorKey } from './quota.ts';

const NOON = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('tryStart', () => {
  it('counts three previews of a visitor, then refuses without counting', () => {
    const store = memoryCounterStore();
    const remaining = [1, 2, 3].map(() => tryStart(store, '198.51.100.7', NOON));
    expect(remaining.map((o) => o.started && o.quota.visitor.remaining)).toEqual([2, 1, 0]);
    const fourth = tryStart(store, '198.51.100.7', NOON);
    expect(fourth).toMatchObject({ started: false, exhausted: 'visitor', quota: { visitor: { used: 3, remaining: 0 }, site: { used: 3 } } });
    expect(readQuota(store, '198.51.100.7', NOON).site.used).toBe(3);
  });

  it('stops the whole site at 100 a day and counts nothing more', () => {
    const store = memoryCounterStore();
    let started = 0;
    for (let i = 0; i < 60; i++) {
      for (let j = 0; j < 3; j++) if (tryStart(store, `visitor-${i}`, NOON).started) started++;
    }
    expect(started).toBe(100);
    const late = tryStart(store, 'newcomer', NOON);
    expect(late).toMatchObject({ started: false, exhausted: 'site', quota: { visitor: { used: 0, remaining: 3 }, site: { used: 100, remaining: 0 } } });
  });

  it('starts again at the next UTC day and drops the old rows', () => {
    const store = memoryCounterStore();
    for (let i = 0; i < 3; i++) tryStart(store, 'v', NOON);
    const tomorrow = NOON + 24 * 3600_000;
    expect(tryStart(store, 'v', tomorrow)).toMatchObject({ started: true, quota: { visitor: { used: 1 }, site: { used: 1 } } });
    expect(store.get(utcDay(NOON), 'v:v')).toBe(0);
  });

  it('reading spends nothing', () => {
    const store = memoryCounterStore();
    for (let i = 0; i < 5; i++) readQuota(store, 'v', NOON);
    expect(readQuota(store, 'v', NOON)).toEqual({
      visitor: { limit: 3, used: 0, remaining: 3 },
      site: { limit: 100, used: 0, remaining: 100 },
      resetsAt: '2026-11-24T00:00:00.000Z',
    });
  });
});

describe('days and visitors', () => {
  it('reads UTC days and the next midnight', () => {
    expect(utcDay(Date.UTC(2026, 11, 31, 23, 59, 59))).toBe('2026-12-31');
    expect(nextReset(Date.UTC(2026, 11, 31, 23, 59, 59))).toBe('2027-01-01T00:00:00.000Z');
    expect(nextReset(Date.UTC(2026, 10, 23, 0, 0, 0))).toBe('2026-11-24T00:00:00.000Z');
  });

  it('counts an IPv6 /64 as one visitor and an IPv4-mapped address as its IPv4', () => {
    expect(visitorKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(visitorKey('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(visitorKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(visitorKey('2001:db8:1:3::1')).not.toBe(visitorKey('2001:db8:1:2::1'));
    expect(visitorKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(visitorKey('203.0.113.9')).toBe('203.0.113.9');
  });

  it('puts a missing or unreadable address into one shared visitor', () => {
    expect(visitorKey(null)).toBe('unknown');
    expect(visitorKey('not an ip')).toBe('unknown');
    expect(visitorKey('')).toBe('unknown');
  });
});
