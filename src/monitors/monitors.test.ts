import { describe, expect, it } from 'vitest';
import type { Config } from '../config/config.ts';
import { detectChange, diffPointers } from './change.ts';
import { parseMonitorCreate, parseMonitorPatch } from './requests.ts';
import { nextRunAt } from './schedule.ts';

const digest = (md: string | null, js: string | null, json: unknown = null) => ({ markdownSha256: md, jsonSha256: js, json });

describe('change detection', () => {
  it('has no change on the first run and compares hashes after it', () => {
    expect(detectChange(null, digest('a', null))).toBeNull();
    expect(detectChange(digest('a', null), digest('a', null))).toEqual({ changed: false, markdownChanged: false, jsonChanged: false, fields: [] });
    expect(detectChange(digest('a', null), digest('b', null))).toEqual({ changed: true, markdownChanged: true, jsonChanged: false, fields: [] });
  });

  it('names the JSON fields that differ as pointers', () => {
    const before = { price: 10, title: 'A', tags: ['x', 'y'], seller: { name: 'S', 'a/b': 1 } };
    const after = { price: 12, title: 'A', tags: ['x'], seller: { name: 'S', 'a/b': 2 }, stock: 3 };
    const change = detectChange(digest('m', 'j1', before), digest('m', 'j2', after));
    expect(change).toEqual({ changed: true, markdownChanged: false, jsonChanged: true, fields: ['/price', '/seller/a~1b', '/stock', '/tags/1'] });
  });

  it('treats null and missing values and type changes as differences', () => {
    expect(diffPointers({ a: null }, { a: 0 })).toEqual(['/a']);
    expect(diffPointers({ a: [1] }, { a: { 0: 1 } })).toEqual(['/a']);
    expect(diffPointers(null, { a: 1 })).toEqual(['']);
    expect(diffPointers(JSON.parse('{"__proto__":1}'), JSON.parse('{"__proto__":2}'))).toEqual(['/__proto__']);
  });
});

describe('schedule', () => {
  it('runs every interval after the last scheduled start, and once after a long outage', () => {
    expect(nextRunAt(1_000, 1, 1_000)).toBe(61_000);
    expect(nextRunAt(1_000, 5, 10_000_000)).toBe(10_300_000);
  });
});

describe('monitor requests', () => {
  const config = { model: null, contact: null, maxFileBytes: 1024, hosted: false } as unknown as Config;

  it('needs a URL and a whole interval of at least a minute', () => {
    const m = parseMonitorCreate({ url: 'http://127.0.0.1:8000/p', intervalMinutes: 1 }, config);
    expect(m).toMatchObject({ url: 'http://127.0.0.1:8000/p', intervalMinutes: 1, destinations: [] });
    expect(m.options.formats).toEqual([{ type: 'markdown' }, { type: 'links' }]);
    expect(() => parseMonitorCreate({ url: 'http://a.test/', intervalMinutes: 0 }, config)).toThrow(/intervalMinutes/);
    expect(() => parseMonitorCreate({ url: 'http://a.test/', intervalMinutes: 1.5 }, config)).toThrow(/intervalMinutes/);
    expect(() => parseMonitorCreate({ url: 'http://a.test/', intervalMinutes: 1, revision: 1 }, config)).toThrow(/unsupported parameter: revision/);
  });

  it('patches named keys only and needs the revision', () => {
    const current = parseMonitorCreate({ url: 'http://a.test/', intervalMinutes: 5, timeout: 5000 }, config);
    const p = parseMonitorPatch({ revision: 2, intervalMinutes: 10 }, config, current);
    expect(p.revision).toBe(2);
    expect(p.settings).toEqual({ ...current, intervalMinutes: 10 });
    expect(() => parseMonitorPatch({ intervalMinutes: 10 }, config, current)).toThrow(/revision is required/);
  });
});
