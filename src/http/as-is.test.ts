import { describe, expect, it } from 'vitest';
import { asIsWhenLocal, sentAsIs } from './as-is.ts';

describe('sentAsIs', () => {
  it('marks a response without a coding as identity, keeping status, headers and body', async () => {
    const res = sentAsIs(new Response('{"a":1}', { status: 201, headers: { 'content-type': 'application/json', 'x-k': 'v' } }));
    expect(res.status).toBe(201);
    expect(res.headers.get('content-encoding')).toBe('identity');
    expect(res.headers.get('x-k')).toBe('v');
    expect(await res.text()).toBe('{"a":1}');
  });

  it('leaves a response that names its own coding alone', () => {
    const gz = new Response(new Uint8Array([0x1f, 0x8b]), { headers: { 'content-encoding': 'gzip' } });
    expect(sentAsIs(gz)).toBe(gz);
  });

  it('copies a response whose headers are immutable', async () => {
    const fetched = Response.redirect('https://x.example/', 302);
    expect(() => fetched.headers.set('x', '1')).toThrow();
    const res = sentAsIs(fetched);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://x.example/');
    expect(res.headers.get('content-encoding')).toBe('identity');
  });

  it('asIsWhenLocal marks the answers of the local service only', async () => {
    const fetch = asIsWhenLocal((_req: Request, _env: { local: boolean }) => new Response('{}'), (env) => env.local);
    const req = new Request('http://x.test/');
    const ctx = {} as ExecutionContext;
    expect((await fetch(req, { local: true }, ctx)).headers.get('content-encoding')).toBe('identity');
    expect((await fetch(req, { local: false }, ctx)).headers.get('content-encoding')).toBeNull();
  });
});
