// /v1/sessions inside workerd (real R2 from the wrangler.toml bindings): refused without SVC_SESSION_KEY; with it,
// create → list (metadata only, no values) → delete; the stored object holds no cookie value in clear.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';

const app = createApp();
const KEY = 'workers-test-session-key-0123456789';

async function call(method: string, path: string, body: unknown, withKey: boolean): Promise<{ status: number; body: Record<string, unknown> }> {
  const bindings = withKey ? { ...env, SVC_SESSION_KEY: KEY } : env;
  const init: RequestInit = body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await app.fetch(new Request(`http://api.test${path}`, init), bindings, createExecutionContext());
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const COOKIES = [{ name: 'sid', value: 'cookie-value-never-listed', domain: 'shop.test', path: '/' }];

describe('/v1/sessions', () => {
  it('is refused without SVC_SESSION_KEY', async () => {
    const r = await call('POST', '/v1/sessions', { name: 'reader', cookies: COOKIES }, false);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('invalid_request');
    expect(String(r.body.error)).toContain('SVC_SESSION_KEY');
  });

  it('creates, lists without values, and deletes a session', async () => {
    const created = await call('POST', '/v1/sessions', { name: 'reader', cookies: COOKIES }, true);
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    const stored = await env.FILES.get(`sessions/${id}`);
    expect(await stored?.text()).not.toContain('cookie-value-never-listed');
    const list = await call('GET', '/v1/sessions', undefined, true);
    expect(list.body.data).toContainEqual({ object: 'session', id, name: 'reader', origins: ['shop.test'], createdAt: created.body.createdAt });
    expect(JSON.stringify(list.body)).not.toContain('cookie-value-never-listed');
    expect((await call('DELETE', `/v1/sessions/${id}`, undefined, true)).status).toBe(200);
    const again = await call('DELETE', `/v1/sessions/${id}`, undefined, true);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('not_found');
  });

  it('a scrape naming a session that does not exist is not_found before anything is fetched; without the key, refused', async () => {
    const missing = await call('POST', '/v1/scrape', { url: 'http://shop.test/account', session: `ses_${'0'.repeat(32)}` }, true);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
    const noKey = await call('POST', '/v1/scrape', { url: 'http://shop.test/account', session: `ses_${'0'.repeat(32)}` }, false);
    expect(noKey.status).toBe(400);
    expect(noKey.body.code).toBe('invalid_request');
  });
});
