// The preview's address policy over every case of the SSRF conformance table (test/fixtures/conformance), with a
// stub resolver: nothing here opens a socket. A `[dns:a|b]` case answers those addresses; every other name answers a
// public address, so a `[name]` case can only be refused by the static rules.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AddressVerdict } from './policy-types.ts';
import type { Resolver } from './doh.ts';
import { checkLiteralText, parseAllowOrigins, publicAddressPolicy } from './policy.ts';

interface SsrfCase {
  url: string;
  mustRefuse: boolean;
  why: string;
}

const CASES = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../test/fixtures/conformance/ssrf-cases.json'), 'utf8'),
) as SsrfCase[];

const PUBLIC_ANSWER = '93.184.215.14';

function stubFor(c: SsrfCase): { resolve: Resolver; asked: string[] } {
  const asked: string[] = [];
  const tag = /^\[dns:([^\]]+)\]/.exec(c.why);
  const answers = tag ? tag[1].split('|') : [PUBLIC_ANSWER];
  return {
    asked,
    resolve: async (host) => {
      asked.push(host);
      return answers;
    },
  };
}

async function decide(raw: string, resolve: Resolver): Promise<AddressVerdict> {
  const policy = publicAddressPolicy({ resolve });
  const literal = checkLiteralText(raw, policy);
  if (!literal.allowed) return literal;
  return policy.check(new URL(raw));
}

describe('publicAddressPolicy on ssrf-cases.json', () => {
  it('holds all 111 cases', () => {
    expect(CASES).toHaveLength(111);
    expect(CASES.filter((c) => c.mustRefuse)).toHaveLength(99);
  });

  it.each(CASES.map((c) => [c.url, c] as const))('%s', async (_url, c) => {
    const stub = stubFor(c);
    const verdict = await decide(c.url, stub.resolve);
    expect(verdict.allowed, c.why).toBe(!c.mustRefuse);
    const tag = /^\[(\w+)/.exec(c.why)?.[1];
    if (tag === 'dns') {
      // Decided by the answers: counted as a started preview, diagnostic policy_denied.
      expect(verdict).toMatchObject({ stage: 'dns', reason: 'policy_denied' });
      expect(stub.asked).toHaveLength(1);
    } else if (c.mustRefuse) {
      // Literals, private names, schemes and unparseable URLs are refused before anything is asked.
      expect(verdict).toMatchObject({ stage: 'literal', reason: 'policy_denied' });
      expect(stub.asked).toEqual([]);
    }
  });
});

describe('publicAddressPolicy: resolver outcomes (fail closed)', () => {
  const url = new URL('https://example.org/page');

  it('refuses a name without A/AAAA records with dns_error', async () => {
    const v = await publicAddressPolicy({ resolve: async () => [] }).check(url);
    expect(v).toMatchObject({ allowed: false, stage: 'dns', reason: 'dns_error' });
  });

  it('refuses when the resolver fails', async () => {
    const v = await publicAddressPolicy({
      resolve: async () => {
        throw new Error('HTTP 502');
      },
    }).check(url);
    expect(v).toMatchObject({ allowed: false, stage: 'dns', reason: 'dns_error' });
    expect(v.allowed ? '' : v.detail).toContain('HTTP 502');
  });

  it('refuses an unreadable answer and a mixed public/private answer set', async () => {
    expect((await publicAddressPolicy({ resolve: async () => ['not-an-ip'] }).check(url)).allowed).toBe(false);
    const mixed = await publicAddressPolicy({ resolve: async () => ['8.8.8.8', 'fd00::1'] }).check(url);
    expect(mixed).toMatchObject({ allowed: false, reason: 'policy_denied' });
  });

  it('allows public IPv4 and IPv6 answers', async () => {
    const v = await publicAddressPolicy({ resolve: async () => ['8.8.8.8', '2606:4700:4700::1111'] }).check(url);
    expect(v).toEqual({ allowed: true });
  });

  it('asks the resolver once per host name for the policy lifetime', async () => {
    let calls = 0;
    const policy = publicAddressPolicy({
      resolve: async () => {
        calls++;
        return calls === 1 ? ['8.8.8.8'] : ['127.0.0.1'];
      },
    });
    await policy.check(new URL('https://example.org/robots.txt'));
    expect(await policy.check(new URL('https://EXAMPLE.org./page'))).toEqual({ allowed: true });
    expect(calls).toBe(1);
  });
});

describe('allowOrigins (SVC_PREVIEW_ALLOW_ORIGINS)', () => {
  const never: Resolver = async () => {
    throw new Error('must not resolve');
  };

  it('exempts exactly the listed origins', async () => {
    const policy = publicAddressPolicy({ resolve: never, allowOrigins: parseAllowOrigins('http://127.0.0.1:8000, http://fixture.test:9000') });
    expect(await policy.check(new URL('http://127.0.0.1:8000/a'))).toEqual({ allowed: true });
    expect(await policy.check(new URL('http://fixture.test:9000/'))).toEqual({ allowed: true });
    expect(policy.checkLiteral(new URL('http://127.0.0.1:8001/')).allowed).toBe(false);
    expect(policy.checkLiteral(new URL('https://127.0.0.1:8000/')).allowed).toBe(false);
  });

  it('refuses entries that are not http(s) origins', () => {
    expect(() => parseAllowOrigins('http://127.0.0.1:8000/path')).toThrow(/origin/);
    expect(() => parseAllowOrigins('ftp://127.0.0.1')).toThrow(/origin/);
    expect(() => parseAllowOrigins('nonsense')).toThrow(/URL/);
    expect(parseAllowOrigins(' ')).toEqual([]);
  });
});
