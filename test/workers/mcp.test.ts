/// <reference types="@cloudflare/vitest-plugin/types" />
// The remote MCP wrapper of the API Worker inside workerd: off without the SVC_MCP_* settings (the API alone, /mcp is
// a 404), refused on the MCP paths only when the settings are incomplete, and with them the OAuth provider in front
// of /mcp while every other path still reaches the API. (The login itself is tested end to end in test/e2e/mcp.test.ts.)
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../workers/api.ts';
import { env } from './helpers.ts';

const MCP_SETTINGS = {
  SVC_MCP_OIDC_ISSUER: 'https://id.example',
  SVC_MCP_OIDC_CLIENT_ID: 'capture',
  SVC_MCP_OIDC_CLIENT_SECRET: 'secret-secret-secret',
  SVC_MCP_OWNER_SUB: 'owner',
  SVC_MCP_RESOURCE: 'https://api.test/mcp',
};

async function call(path: string, settings: Record<string, string>, init: RequestInit = {}): Promise<Response> {
  const withSettings = Object.assign(Object.create(null) as Env, env, settings);
  return worker.fetch(new Request(`https://api.test${path}`, init), withSettings, createExecutionContext());
}

const MISSING_BATCH = '/v1/batches/batch_000000000000000000000000';

describe('remote MCP wrapper', () => {
  it('without settings: /mcp is the API\'s 404 and the API answers as before', async () => {
    const res = await call('/mcp', {}, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'no route matches POST /mcp', code: 'not_found' });
    expect((await call('/.well-known/oauth-protected-resource', {})).status).toBe(404);
    expect((await call('/healthz', {})).status).toBe(200);
  });

  it('with incomplete settings: the MCP paths answer internal_error naming what is missing; the API runs on', async () => {
    const partial = { SVC_MCP_OWNER_SUB: 'owner' };
    const res = await call('/mcp', partial, { method: 'POST', body: '{}' });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: string; code: string };
    expect(body.code).toBe('internal_error');
    expect(body.error).toContain('SVC_MCP_OIDC_ISSUER, SVC_MCP_OIDC_CLIENT_ID, SVC_MCP_OIDC_CLIENT_SECRET, SVC_MCP_RESOURCE');
    expect((await call('/healthz', partial)).status).toBe(200);
  });

  it('with settings: /mcp needs a token (401 + resource metadata pointer); metadata served; the API unchanged', async () => {
    const res = await call('/mcp', MCP_SETTINGS, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/resource_metadata="https:\/\/api\.test\/\.well-known\/oauth-protected-resource/);
    const resource = (await (await call('/.well-known/oauth-protected-resource/mcp', MCP_SETTINGS)).json()) as { resource: string };
    expect(resource.resource).toBe('https://api.test/mcp');
    const server = (await (await call('/.well-known/oauth-authorization-server', MCP_SETTINGS)).json()) as Record<string, unknown>;
    expect(server).toMatchObject({ authorization_endpoint: 'https://api.test/authorize', token_endpoint: 'https://api.test/token', registration_endpoint: 'https://api.test/register' });
    expect((await call('/healthz', MCP_SETTINGS)).status).toBe(200);
    const missing = await call(MISSING_BATCH, MCP_SETTINGS);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('not_found');
  });
});
