import { describe, expect, it } from 'vitest';
import { API_PROFILE } from '../profiles/profiles.ts';
import type { CaptureProfile } from '../capture/profile.ts';
import { loadConfig } from '../config/config.ts';
import { parseCaptureOptions, type CaptureOptions } from '../request/capture-options.ts';
import { planLane } from './lane-plan.ts';

const BASE: CaptureOptions = { formats: [{ type: 'markdown' }], timeoutMs: 10_000, maxFileBytes: 1024, onlyMainContent: true, mode: 'standard' };
const URL_A = new URL('http://a.test/');
const all = () => true;

describe('planLane', async () => {
  const direct = await loadConfig({});
  const proxied = await loadConfig({ HTTP_PROXY: 'http://127.0.0.1:3128' });

  it('auto (the default) = HTTP with the browser in reserve; the proxy picks browser_proxy', () => {
    expect(planLane(API_PROFILE, BASE, URL_A, direct, all)).toEqual({ kind: 'auto', browser: 'browser_local' });
    expect(planLane(API_PROFILE, { ...BASE, lane: 'auto' }, URL_A, proxied, all)).toEqual({ kind: 'auto', browser: 'browser_proxy' });
  });

  it('honours http, browser, provider, and a session (browser_local_authed)', () => {
    expect(planLane(API_PROFILE, { ...BASE, lane: 'http' }, URL_A, direct, all)).toEqual({ kind: 'lane', lane: 'http' });
    expect(planLane(API_PROFILE, { ...BASE, lane: 'browser' }, URL_A, direct, all)).toEqual({ kind: 'lane', lane: 'browser_local' });
    expect(planLane(API_PROFILE, { ...BASE, lane: 'provider' }, URL_A, direct, all)).toEqual({ kind: 'lane', lane: 'provider' });
    expect(planLane(API_PROFILE, { ...BASE, session: `ses_${'a'.repeat(32)}` }, URL_A, direct, all)).toEqual({ kind: 'lane', lane: 'browser_local_authed' });
  });

  it('stays within the profile: an HTTP-only profile never gets the browser', () => {
    const httpOnly: CaptureProfile = { ...API_PROFILE, lanes: ['http'] };
    expect(planLane(httpOnly, BASE, URL_A, direct, all)).toEqual({ kind: 'auto', browser: null });
    expect(planLane(httpOnly, { ...BASE, lane: 'browser' }, URL_A, direct, all)).toEqual({ kind: 'lane', lane: 'http' });
    expect(planLane(API_PROFILE, BASE, URL_A, direct, (l) => l === 'http')).toEqual({ kind: 'auto', browser: null });
  });
});

describe('the lane and session options', async () => {
  const plain = await loadConfig({});
  const withProvider = await loadConfig({ SVC_PROVIDER_URL: 'http://127.0.0.1:9/content' });
  const SES = `ses_${'b'.repeat(32)}`;
  const parse = (body: Record<string, unknown>, config = plain) => parseCaptureOptions(body, config);

  it('defaults to auto without a session, and reads each lane', () => {
    expect(parse({})).toMatchObject({ lane: 'auto', session: null });
    for (const lane of ['auto', 'http', 'browser'] as const) expect(parse({ lane }).lane).toBe(lane);
    expect(parse({ lane: 'provider' }, withProvider).lane).toBe('provider');
    expect(parse({ session: SES })).toMatchObject({ lane: 'auto', session: SES });
  });

  const REFUSED: [string, Record<string, unknown>][] = [
    ['an unknown lane', { lane: 'chrome' }],
    ['a lane that is not a string', { lane: 1 }],
    ['the provider lane without SVC_PROVIDER_URL', { lane: 'provider' }],
    ['a malformed session id', { session: 'ses_1' }],
    ['a session on the HTTP lane', { lane: 'http', session: SES }],
  ];
  for (const [name, body] of REFUSED) {
    it(`refuses ${name} with invalid_request`, () => {
      expect(() => parse(body)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    });
  }
});
