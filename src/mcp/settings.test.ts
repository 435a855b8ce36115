import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config.ts';
import { readMcpSettings } from './settings.ts';

const FULL = {
  SVC_MCP_OIDC_ISSUER: 'https://id.example/realms/me',
  SVC_MCP_OIDC_CLIENT_ID: 'capture',
  SVC_MCP_OIDC_CLIENT_SECRET: 'secret',
  SVC_MCP_OWNER_SUB: 'u-1',
  SVC_MCP_RESOURCE: 'https://capture.example/mcp',
};

describe('readMcpSettings', () => {
  it('is off (null) without any SVC_MCP_* setting', () => {
    expect(readMcpSettings({ SVC_API_TOKEN: 't', SVC_MCP_OIDC_ISSUER: '  ' })).toBeNull();
  });

  it('reads a full set; the issuer is kept exactly as written', () => {
    expect(readMcpSettings({ ...FULL, SVC_MCP_OWNER_EMAIL: 'Me@Example.org' })).toEqual({
      issuer: 'https://id.example/realms/me',
      clientId: 'capture',
      clientSecret: 'secret',
      ownerSub: 'u-1',
      ownerEmail: 'Me@Example.org',
      resource: 'https://capture.example/mcp',
    });
  });

  it('names every missing setting of a partial set', () => {
    const { SVC_MCP_OWNER_SUB: _sub, SVC_MCP_RESOURCE: _res, ...partial } = FULL;
    expect(() => readMcpSettings(partial)).toThrow(ConfigError);
    expect(() => readMcpSettings(partial)).toThrow('the remote MCP endpoint needs SVC_MCP_OWNER_SUB, SVC_MCP_RESOURCE as well');
    expect(() => readMcpSettings({ SVC_MCP_OWNER_EMAIL: 'a@b.c' })).toThrow(ConfigError);
  });

  it.each([
    ['SVC_MCP_RESOURCE', 'http://capture.example/mcp', /https URL/],
    ['SVC_MCP_OIDC_ISSUER', 'http://id.example', /https URL/],
    ['SVC_MCP_RESOURCE', 'https://capture.example/', /public URL of \/mcp/],
    ['SVC_MCP_RESOURCE', 'https://capture.example/mcp?x=1', /public URL of \/mcp/],
    ['SVC_MCP_RESOURCE', 'capture.example/mcp', /not a URL/],
  ])('refuses %s=%s', (key, value, message) => {
    expect(() => readMcpSettings({ ...FULL, [key]: value })).toThrow(message);
  });

  it('accepts plain http on loopback addresses only', () => {
    const local = { ...FULL, SVC_MCP_RESOURCE: 'http://127.0.0.1:8787/mcp', SVC_MCP_OIDC_ISSUER: 'http://localhost:9000' };
    expect(readMcpSettings(local)?.resource).toBe('http://127.0.0.1:8787/mcp');
    expect(readMcpSettings({ ...local, SVC_MCP_RESOURCE: 'http://[::1]:8787/mcp' })?.resource).toBe('http://[::1]:8787/mcp');
  });
});
