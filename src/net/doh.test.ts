// The DNS-over-HTTPS JSON resolver against an in-process fetch stub (no socket).
import { describe, expect, it } from 'vitest';
import { DEFAULT_DOH_URL, dohResolver, ResolveError, type FetchLike } from './doh.ts';

type Answers = Record<string, { Status: number; Answer?: Array<{ name: string; type: number; data: string }> }>;

function stub(answers: Answers, seen: Request[] = []): FetchLike {
  return async (input, init) => {
    const req = new Request(input, init);
    seen.push(req);
    const u = new URL(req.url);
    const body = answers[`${u.searchParams.get('name')}/${u.searchParams.get('type')}`] ?? { Status: 3 };
    return Response.json(body, { headers: { 'content-type': 'application/dns-json' } });
  };
}

describe('dohResolver', () => {
  it('asks for A and AAAA with the dns-json media type and keeps only address records', async () => {
    const seen: Request[] = [];
    const resolve = dohResolver(
      stub(
        {
          'www.example.org/A': {
            Status: 0,
            Answer: [
              { name: 'www.example.org', type: 5, data: 'example.org.' },
              { name: 'example.org', type: 1, data: '93.184.215.14' },
            ],
          },
          'www.example.org/AAAA': { Status: 0, Answer: [{ name: 'example.org', type: 28, data: '2606:2800:21f:cb07:6820:80da:af6b:8b2c' }] },
        },
        seen,
      ),
      'http://127.0.0.1:5353/dns-query',
    );
    expect(await resolve('www.example.org.')).toEqual(['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']);
    expect(seen.map((r) => new URL(r.url).searchParams.get('type')).sort()).toEqual(['A', 'AAAA']);
    expect(seen.every((r) => r.headers.get('accept') === 'application/dns-json')).toBe(true);
    expect(new URL(seen[0].url).origin).toBe('http://127.0.0.1:5353');
  });

  it('answers [] for NXDOMAIN', async () => {
    expect(await dohResolver(stub({}))('nothing.example')).toEqual([]);
  });

  it('throws ResolveError for SERVFAIL, HTTP errors, non-JSON and transport failures', async () => {
    await expect(dohResolver(stub({ 'x.example/A': { Status: 2 } }))('x.example')).rejects.toBeInstanceOf(ResolveError);
    await expect(dohResolver(async () => new Response('no', { status: 502 }))('x.example')).rejects.toThrow(/HTTP 502/);
    await expect(dohResolver(async () => new Response('<html>'))('x.example')).rejects.toThrow(/JSON/);
    await expect(
      dohResolver(async () => {
        throw new TypeError('connection refused');
      })('x.example'),
    ).rejects.toThrow(/connection refused/);
  });

  it("defaults to Cloudflare's resolver", () => {
    expect(DEFAULT_DOH_URL).toBe('https://cloudflare-dns.com/dns-query');
  });
});
