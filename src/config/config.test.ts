import { describe, expect, it } from 'vitest';
import { hostPort } from '../lanes/proxy/settings.ts';
import { DEFAULT_MAX_FILE_BYTES } from '../files/limits.ts';
import { apiUserAgent as userAgentFor } from '../profiles/profiles.ts';
import { ConfigError, loadConfig, proxyRoutesFromEnv } from './config.ts';

describe('loadConfig', () => {
  it('has defaults with nothing set', async () => {
    const c = await loadConfig({});
    expect(c).toMatchObject({ hosted: false, tokenDigests: [], maxFileBytes: DEFAULT_MAX_FILE_BYTES, contact: null, sourceCommit: null, model: null, proxy: { https: null, http: null } });
  });

  it('reads the operator settings', async () => {
    const c = await loadConfig({
      SVC_API_TOKEN: 't',
      SVC_MAX_FILE_BYTES: '1048576',
      SVC_CONTACT: 'mailto:ops@example.org',
      SVC_SOURCE_COMMIT: 'abc123',
      SVC_EXTRACT_BASE_URL: 'http://127.0.0.1:9/v1',
      SVC_EXTRACT_MODEL: 'm',
      HTTPS_PROXY: 'http://user:pw@proxy.local:3128',
    });
    expect(c.tokenDigests).toHaveLength(1);
    expect(c.maxFileBytes).toBe(1048576);
    expect(c.contact).toBe('mailto:ops@example.org');
    expect(c.sourceCommit).toBe('abc123');
    expect(c.model).toMatchObject({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKey: null });
    expect(c.proxy.https && hostPort(c.proxy.https)).toBe('proxy.local:3128');
    expect(c.proxy.http).toBeNull();
  });

  it('ignores the environment proxy in hosted mode and refuses an unusable proxy URL', async () => {
    const hosted = await loadConfig({ SVC_HOSTED: '1', SVC_API_TOKEN: 't', HTTPS_PROXY: 'http://p:1' });
    expect(hosted.proxy).toEqual({ https: null, http: null });
    await expect(loadConfig({ HTTPS_PROXY: 'socks5://p:1080' })).rejects.toThrow(ConfigError);
  });

  it.each([['524288001'], ['-1'], ['abc'], ['0']])('refuses SVC_MAX_FILE_BYTES=%s', async (v) => {
    await expect(loadConfig({ SVC_MAX_FILE_BYTES: v })).rejects.toThrow(ConfigError);
  });

  it('refuses hosted mode without tokens', async () => {
    await expect(loadConfig({ SVC_HOSTED: '1' })).rejects.toThrow(/requires at least one API token/);
  });
});

describe('helpers', () => {
  it.each([
    [{ HTTPS_PROXY: 'http://proxy:8080' }, 'proxy:8080', null],
    [{ https_proxy: 'proxy:3128', http_proxy: 'http://plain:8080' }, 'proxy:3128', 'plain:8080'],
    [{ HTTP_PROXY: 'http://a:1', http_proxy: 'http://b:2' }, null, 'a:1'],
    [{ HTTPS_PROXY: '' }, null, null],
  ])('proxyRoutesFromEnv(%j)', (env, https, http) => {
    const r = proxyRoutesFromEnv(env);
    expect(r.https && hostPort(r.https)).toBe(https);
    expect(r.http && hostPort(r.http)).toBe(http);
  });

  it('passes NO_PROXY to both routes', () => {
    const r = proxyRoutesFromEnv({ HTTPS_PROXY: 'p:1', HTTP_PROXY: 'p:2', no_proxy: 'a.example,10.0.0.0/8' });
    expect(r.https?.noProxy).toEqual(['a.example', '10.0.0.0/8']);
    expect(r.http?.noProxy).toEqual(['a.example', '10.0.0.0/8']);
  });

  it('declares the contact only in research mode', () => {
    expect(userAgentFor('standard', 'x@y')).toBe('svc-capture/1.0');
    expect(userAgentFor('research', 'mailto:x@y')).toBe('svc-capture/1.0 (research; +mailto:x@y)');
  });
});
