import { describe, expect, it } from 'vitest';
import { hostPort, parseProxySettings, ProxySettingsError, proxyFor } from './settings.ts';

describe('parseProxySettings', () => {
  it('returns no routes when nothing is set', () => {
    expect(parseProxySettings({})).toEqual({ https: null, http: null });
    expect(parseProxySettings({ HTTPS_PROXY: '  ', HTTP_PROXY: null, NO_PROXY: 'x' })).toEqual({ https: null, http: null });
  });

  it.each([
    ['http://proxy.local:3128', 'proxy.local:3128'],
    ['http://proxy.local:3128/some/path?q=1', 'proxy.local:3128'],
    ['proxy.local:3128', 'proxy.local:3128'],
    ['proxy.local', 'proxy.local:1080'],
    ['http://proxy.local', 'proxy.local:1080'],
    ['http://proxy.local/', 'proxy.local:1080'],
    ['http://proxy.local:80', 'proxy.local:80'],
    ['http://user:p%40ss@proxy.local:8080', 'proxy.local:8080'],
    ['user:pw@proxy.local', 'proxy.local:1080'],
    ['http://[::1]:3128', '[::1]:3128'],
    ['HTTP://127.0.0.1:9', '127.0.0.1:9'],
  ])('HTTPS_PROXY=%s → %s', (raw, expected) => {
    const s = parseProxySettings({ HTTPS_PROXY: raw });
    expect(s.http).toBeNull();
    expect(s.https && hostPort(s.https)).toBe(expected);
  });

  it('keeps credentials on the URL and never in hostPort', () => {
    const s = parseProxySettings({ HTTP_PROXY: 'http://user:p%40ss@proxy.local:8080' });
    expect(s.http?.url.username).toBe('user');
    expect(s.http?.url.password).toBe('p%40ss');
    expect(hostPort(s.http!)).not.toContain('user');
  });

  it.each([
    ['https://proxy.local:443', /http:\/\/ proxy/],
    ['socks5://proxy.local:1080', /http:\/\/ proxy/],
    ['http://', /not a valid proxy URL|no host/],
    ['http://user:secret@', /not a valid proxy URL|no host/],
  ])('refuses %s', (raw, message) => {
    expect(() => parseProxySettings({ HTTPS_PROXY: raw })).toThrow(ProxySettingsError);
    expect(() => parseProxySettings({ HTTPS_PROXY: raw })).toThrow(message);
    try {
      parseProxySettings({ HTTPS_PROXY: raw });
    } catch (err) {
      expect((err as Error).message).not.toContain('secret');
    }
  });

  it('splits NO_PROXY on commas and blanks', () => {
    const s = parseProxySettings({ HTTP_PROXY: 'p:1', NO_PROXY: ' a.com, b.org  c.net,,' });
    expect(s.http?.noProxy).toEqual(['a.com', 'b.org', 'c.net']);
  });
});

describe('proxyFor', () => {
  const routes = parseProxySettings({ HTTPS_PROXY: 'http://secure:1', HTTP_PROXY: 'http://plain:2', NO_PROXY: 'internal.example,10.0.0.0/8' });

  it.each([
    ['https://example.com/', 'secure:1'],
    ['http://example.com/', 'plain:2'],
    ['http://127.0.0.1:8080/', 'plain:2'],
    ['https://localhost/', 'secure:1'],
    ['https://api.internal.example/', null],
    ['http://10.1.2.3/', null],
    ['ftp://example.com/', null],
  ])('%s → %s', (target, expected) => {
    const p = proxyFor(new URL(target), routes);
    expect(p && hostPort(p)).toBe(expected);
  });

  it('uses each variable only for its own scheme (curl)', () => {
    const onlyHttps = parseProxySettings({ HTTPS_PROXY: 'http://secure:1' });
    expect(proxyFor(new URL('http://example.com/'), onlyHttps)).toBeNull();
    const onlyHttp = parseProxySettings({ HTTP_PROXY: 'http://plain:2' });
    expect(proxyFor(new URL('https://example.com/'), onlyHttp)).toBeNull();
  });
});
