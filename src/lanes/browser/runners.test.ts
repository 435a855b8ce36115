import { describe, expect, it } from 'vitest';
import { API_PROFILE } from '../../profiles/profiles.ts';
import type { CaptureProfile } from '../../capture/profile.ts';
import { loadConfig } from '../../config/config.ts';
import type { CaptureOptions } from '../../request/capture-options.ts';
import { planLane } from './runners.ts';

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
