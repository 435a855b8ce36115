// Issue 2 acceptance through the real local service (the launcher of `npm start`): errors, auth, routes, hosted mode,
// and state that survives a restart.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir, startService, type Service } from '../helpers/service.ts';
import { startSite, text, type Site } from '../helpers/site.ts';

const AUTH = { authorization: 'Bearer abc' };

describe('local service with a token', () => {
  let svc: Service;
  beforeAll(async () => {
    svc = await startService({ tokens: ['abc'] });
  });
  afterAll(async () => {
    await svc?.stop();
    removeDataDir(svc.dataDir);
  });

  it('refuses requests without a valid bearer token with 401 unauthorized', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer nope' }, { authorization: 'Basic abc' }, { authorization: 'Bearer ' }]) {
      const r = await svc.post('/v1/scrape', { url: 'http://127.0.0.1:1/' }, headers);
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('unauthorized');
      expect(typeof r.body.error).toBe('string');
      expect(r.body.details).toBeUndefined();
    }
  });

  it.each([
    ['not json', 400, 'invalid_json'],
    ['[1,2]', 400, 'invalid_json'],
    ['"x"', 400, 'invalid_json'],
    ['null', 400, 'invalid_json'],
    ['', 400, 'invalid_json'],
    [{}, 400, 'invalid_request'],
    [{ url: 'ftp://x' }, 400, 'invalid_request'],
    [{ url: 'not a url' }, 400, 'invalid_request'],
    [{ url: 'http://127.0.0.1:1/', timeout: 5 }, 400, 'invalid_request'],
    [{ url: 'http://127.0.0.1:1/', maxFileBytes: 600 * 1024 * 1024 }, 400, 'invalid_request'],
    [{ url: 'http://127.0.0.1:1/', formats: [{ type: 'json' }] }, 400, 'invalid_request'],
    [{ url: 'http://127.0.0.1:1/', mode: 'research' }, 400, 'invalid_request'],
  ])('POST /v1/scrape %j → %i %s', async (body, status, code) => {
    const r = await svc.post('/v1/scrape', body, AUTH);
    expect(r.status).toBe(status);
    expect(r.body.code).toBe(code);
    expect(r.body.details).toBeUndefined();
  });

  // wrangler dev serves a local explorer on every port it opens: an API that reads and writes any Durable Object's
  // SQLite, KV (the MCP grants) and R2, with no token. The launcher turns it off (D72).
  it.each(['/cdn-cgi/explorer/api/local/workers', '/cdn-cgi/explorer/api/workers/durable_objects/namespaces', '/cdn-cgi/explorer'])(
    'serves no wrangler explorer at %s, on the API or the preview port',
    async (route) => {
      for (const base of [svc.base, svc.previewBase]) {
        const r = await fetch(`${base}${route}`);
        const body = await r.text();
        expect(r.status, `${base}${route}`).not.toBe(200);
        expect(body).not.toContain('capture-api');
      }
    },
  );

  // wrangler's runtime gzips JSON and HTML for clients that accept it, as Cloudflare's edge would; the local service
  // answers uncompressed instead (D293).
  it('answers uncompressed on the API and the preview port, even to a client that accepts gzip', async () => {
    for (const url of [`${svc.base}/healthz`, `${svc.previewBase}/`]) {
      const r = await fetch(url, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(r.status, url).toBe(200);
      expect(r.headers.get('content-encoding'), url).toBe('identity');
      expect((await r.text()).length, url).toBeGreaterThan(0);
    }
  });

  it('names unsupported parameters as sent', async () => {
    const r = await svc.post('/v1/scrape', { url: 'http://127.0.0.1:1/', actions: [], proxy: 'x' }, AUTH);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'unsupported_parameter', details: { parameters: ['actions', 'proxy'] } });
    const one = await svc.post('/v1/scrape', { url: 'http://127.0.0.1:1/', actions: [] }, AUTH);
    expect(one.body.details).toEqual({ parameters: ['actions'] });
    const fmt = await svc.post('/v1/scrape', { url: 'http://127.0.0.1:1/', formats: [{ type: 'markdown', schema: {} }] }, AUTH);
    expect(fmt.body).toMatchObject({ code: 'unsupported_parameter', details: { parameters: ['formats[0].schema'] } });
  });

  it('refuses query parameters on a POST', async () => {
    const r = await svc.post('/v1/scrape?formats=html', { url: 'http://127.0.0.1:1/' }, AUTH);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'unsupported_parameter', details: { parameters: ['formats'] } });
  });

  it('names unsupported formats as sent', async () => {
    const r = await svc.post('/v1/scrape', { url: 'http://127.0.0.1:1/', formats: [{ type: 'screenshot' }] }, AUTH);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'unsupported_format', details: { formats: ['screenshot'] } });
    const many = await svc.post('/v1/scrape', { url: 'http://127.0.0.1:1/', formats: ['markdown', 'html', { type: 'rawHtml' }] }, AUTH);
    expect(many.body.details).toEqual({ formats: ['html', 'rawHtml'] });
  });

  it('answers unknown routes with 404 not_found', async () => {
    for (const p of ['/v1/nope', '/nope', '/v2/scrape']) {
      const r = await svc.get(p, AUTH);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('not_found');
    }
    const wrongMethod = await svc.get('/v1/scrape', AUTH);
    expect(wrongMethod.status).toBe(404);
  });

  it('serves the preview host separately', async () => {
    const r = await fetch(`${svc.previewBase}/v1/scrape`, { method: 'POST', body: '{}' });
    expect(r.status).toBe(404);
    expect(((await r.json()) as { code: string }).code).toBe('not_found');
  });
});

describe('hosted mode', () => {
  it('refuses to start without a token', () => {
    const r = spawnSync(process.execPath, [path.resolve('src/local/launcher.ts'), '--hosted', '--data-dir', '/tmp/svc-never'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
      timeout: 20_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--hosted requires at least one API token/);
  });

  it('refuses to start with a file cap above 500 MiB', () => {
    const r = spawnSync(process.execPath, [path.resolve('src/local/launcher.ts'), '--data-dir', '/tmp/svc-never'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', SVC_MAX_FILE_BYTES: String(500 * 1024 * 1024 + 1) },
      timeout: 20_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/SVC_MAX_FILE_BYTES must be a whole number of bytes from 1 to 524288000/);
  });
});

describe('state survives a restart', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ '/robots.txt': text('User-agent: *\nAllow: /\n', 'text/plain'), '/data.csv': text('a,b\n1,2\n', 'text/csv') });
  });
  afterAll(async () => {
    await site.close();
  });

  it('keeps a stored file across a restart with the same data dir', async () => {
    let svc = await startService();
    try {
      const r = await svc.post('/v1/scrape', { url: `${site.origin}/data.csv` });
      expect(r.status).toBe(200);
      expect(r.body.status).toBe('success');
      const sha = createHash('sha256').update('a,b\n1,2\n').digest('hex');
      expect(r.body.file.sha256).toBe(sha);
      svc = await svc.restart();
      const back = await fetch(`${svc.base}/v1/files/${sha}.csv`);
      expect(back.status).toBe(200);
      expect(createHash('sha256').update(Buffer.from(await back.arrayBuffer())).digest('hex')).toBe(sha);
    } finally {
      await svc.stop();
      removeDataDir(svc.dataDir);
    }
  });
});
