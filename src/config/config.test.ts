import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_MAX_FILE_BYTES, loadConfig, proxyHostPort, userAgentFor } from './config.ts';

describe('loadConfig', () => {
  it('has defaults with nothing set', async () => {
    const c = await loadConfig({});
    expect(c).toMatchObject({ hosted: false, tokenDigests: [], maxFileBytes: DEFAULT_MAX_FILE_BYTES, contact: null, sourceCommit: null, model: null, proxy: null });
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
    expect(c.proxy).toBe('proxy.local:3128');
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
    ['http://proxy:8080', 'proxy:8080'],
    ['proxy:3128', 'proxy:3128'],
    ['https://p.example', 'p.example:443'],
    ['', null],
  ])('proxyHostPort(%s)', (raw, expected) => expect(proxyHostPort(raw)).toBe(expected));

  it('declares the contact only in research mode', () => {
    expect(userAgentFor('standard', 'x@y')).toBe('svc-capture/1.0');
    expect(userAgentFor('research', 'mailto:x@y')).toBe('svc-capture/1.0 (research; +mailto:x@y)');
  });
});
