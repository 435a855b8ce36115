import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config.ts';
import { parseLaunchArgs, UsageError } from '../local/args.ts';
import { loadPreviewConfig } from './config.ts';

describe('loadPreviewConfig', () => {
  it('defaults: Cloudflare DoH, no exempt origins, the persistent epoch', () => {
    expect(loadPreviewConfig({})).toEqual({ hosted: false, allowOrigins: [], dnsUrl: 'https://cloudflare-dns.com/dns-query', epoch: 'hosted' });
  });

  it('reads the settings', () => {
    const c = loadPreviewConfig({
      SVC_PREVIEW_ALLOW_ORIGINS: 'http://127.0.0.1:9000/, http://localhost:9001',
      SVC_PREVIEW_DNS_URL: 'http://127.0.0.1:5353/dns-query',
      SVC_PREVIEW_EPOCH: '1795000000000',
    });
    expect(c).toEqual({ hosted: false, allowOrigins: ['http://127.0.0.1:9000', 'http://localhost:9001'], dnsUrl: 'http://127.0.0.1:5353/dns-query', epoch: '1795000000000' });
  });

  it('refuses exempt origins when hosted, and unusable values', () => {
    expect(() => loadPreviewConfig({ SVC_HOSTED: '1', SVC_PREVIEW_ALLOW_ORIGINS: 'http://127.0.0.1:9000' })).toThrow(ConfigError);
    expect(() => loadPreviewConfig({ SVC_PREVIEW_ALLOW_ORIGINS: 'http://127.0.0.1:9000/path' })).toThrow(ConfigError);
    expect(() => loadPreviewConfig({ SVC_PREVIEW_DNS_URL: 'dns.example' })).toThrow(ConfigError);
    expect(() => loadPreviewConfig({ SVC_PREVIEW_DNS_URL: 'ftp://dns.example/' })).toThrow(ConfigError);
  });
});

describe('npm start -- --hosted with SVC_PREVIEW_ALLOW_ORIGINS', () => {
  it('refuses to start', () => {
    expect(() => parseLaunchArgs(['--hosted', '--token', 't'], { SVC_PREVIEW_ALLOW_ORIGINS: 'http://127.0.0.1:9000' })).toThrow(UsageError);
    expect(() => parseLaunchArgs(['--hosted', '--token', 't'], { SVC_PREVIEW_ALLOW_ORIGINS: 'http://127.0.0.1:9000' })).toThrow(/SVC_PREVIEW_ALLOW_ORIGINS/);
    expect(parseLaunchArgs(['--token', 't'], { SVC_PREVIEW_ALLOW_ORIGINS: 'http://127.0.0.1:9000' }).hosted).toBe(false);
  });
});
