// Table-driven conformance run over test/fixtures/conformance/robots-cases.json (see SOURCE.md there).
// [RFC], [RFC-TEXT] and [DERIVED] cases must all pass. [GOOGLE] and [GOOGLE-ENCODING] cases describe Google's
// matcher; where we deliberately answer like RFC 9309 instead, the case is listed in DEVIATIONS with the reason and
// we assert the opposite answer, so every case is checked and any change of behaviour fails a test.

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluateRobots } from './evaluate.ts';
import { parseRobots } from './parse.ts';

interface RobotsCase {
  robots: string;
  userAgent: string;
  url: string;
  allowed: boolean;
  note: string;
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// The in-repo copy (test/fixtures/conformance, see SOURCE.md there), so a clone anywhere runs it.
const cases = JSON.parse(readFileSync(resolve(repoRoot, 'test/fixtures/conformance/robots-cases.json'), 'utf8')) as RobotsCase[];

const REQUIRED_TAGS = ['RFC', 'RFC-TEXT', 'DERIVED'];

/** Cases where we answer differently from the recorded (Google) answer, keyed by `note|url`. */
const DEVIATIONS = new Map<string, string>([
  [
    '[GOOGLE] GoogleOnly_IndexHTMLisDirectory: allowed index.html implies the directory URL is allowed ' +
      '(Google-only; RFC parser answers disallowed)|http://foo.com/allowed-slash/',
    'Google-only extension; RFC 9309 has no index.html rule, and it would allow a URL nobody allowed',
  ],
  ...cases
    .filter((c) => tagOf(c) === 'GOOGLE-ENCODING')
    .map((c): [string, string] => [key(c), 'RFC 9309 §2.2.2 answer, which the note records; WHATWG URLs are encoded']),
]);

function tagOf(c: RobotsCase): string {
  const m = /^\[([A-Z-]+)\]/.exec(c.note);
  if (!m) throw new Error(`case without tag: ${c.note}`);
  return m[1];
}

function key(c: RobotsCase): string {
  return `${c.note}|${c.url}`;
}

function decide(c: RobotsCase): boolean {
  // SOURCE.md: an empty `url` means path "/"; the robots.txt belongs to the URL's origin.
  const url = new URL(c.url === '' ? 'http://foo.bar/' : c.url);
  return evaluateRobots(parseRobots(c.robots), [c.userAgent], url).allowed;
}

describe('robots-cases.json', () => {
  it('holds the 161 documented cases', () => {
    expect(cases).toHaveLength(161);
  });

  for (const tag of REQUIRED_TAGS) {
    describe(`[${tag}]`, () => {
      const rows = cases.filter((c) => tagOf(c) === tag);
      it.each(rows.map((c, i) => [i, c.note, c.url, c] as const))('#%i %s (%s)', (_i, _note, _url, c) => {
        expect(decide(c)).toBe(c.allowed);
      });
    });
  }

  describe('[GOOGLE] and [GOOGLE-ENCODING]', () => {
    const rows = cases.filter((c) => !REQUIRED_TAGS.includes(tagOf(c)));
    it.each(rows.map((c, i) => [i, c.note, c.url, c] as const))('#%i %s (%s)', (_i, _note, _url, c) => {
      const expected = DEVIATIONS.has(key(c)) ? !c.allowed : c.allowed;
      expect(decide(c)).toBe(expected);
    });
  });

  it('agrees with the recorded answer on every case except the listed deviations', () => {
    const perTag = new Map<string, { pass: number; total: number }>();
    for (const c of cases) {
      const t = perTag.get(tagOf(c)) ?? { pass: 0, total: 0 };
      t.total += 1;
      if (decide(c) === c.allowed) t.pass += 1;
      perTag.set(tagOf(c), t);
    }
    expect(Object.fromEntries(perTag)).toEqual({
      RFC: { pass: 114, total: 114 },
      'RFC-TEXT': { pass: 9, total: 9 },
      DERIVED: { pass: 12, total: 12 },
      GOOGLE: { pass: 22, total: 23 },
      'GOOGLE-ENCODING': { pass: 0, total: 3 },
    });
    // Every listed deviation names a real case (a typo in a key would silently turn it into a normal case).
    expect([...DEVIATIONS.keys()].filter((k) => !cases.some((c) => key(c) === k))).toEqual([]);
    expect(DEVIATIONS.size).toBe(4);
  });
});
