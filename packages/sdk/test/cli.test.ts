// The `svc` command, spawned with Node (type stripping, as the package's "bin" runs it) against the mock API.

import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli-main.ts';
import { startMockApi, type MockApi } from './mock-server.ts';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '../src/cli.ts');

let api: MockApi;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  api = await startMockApi();
});
afterEach(async () => {
  await api.close();
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function svc(args: string[], env: Record<string, string> = {}, stdin = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', SVC_BASE_URL: api.baseUrl, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('svc scrape', () => {
  it('prints the result as JSON and sends the token from SVC_API_TOKEN', async () => {
    const run = await svc(['scrape', 'https://example.com/a', '--format', 'markdown', '--timeout', '5000'], { SVC_API_TOKEN: 'cli-token' });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'success', markdown: '# Page 0\n\nFrom https://example.com/a\n' });
    expect(api.requests[0].body).toEqual({ url: 'https://example.com/a', formats: [{ type: 'markdown' }], timeout: 5000 });
    expect(api.requests[0].headers.authorization).toBe('Bearer cli-token');
    expect(run.stderr).toBe('');
  });

  it('--markdown prints the Markdown itself', async () => {
    const run = await svc(['scrape', 'https://example.com/b', '--markdown']);
    expect(run).toMatchObject({ code: 0, stdout: '# Page 0\n\nFrom https://example.com/b\n' });
    expect(api.requests[0].body).toEqual({ url: 'https://example.com/b' });
  });

  it('--json-schema FILE asks for the json format with that schema beside the defaults', async () => {
    const schema = { type: 'object', properties: { title: { type: 'string' } } };
    const file = join(dir, 'schema.json');
    await writeFile(file, JSON.stringify(schema));
    const run = await svc(['scrape', 'https://example.com/c', '--json-schema', file, '--base-url', api.baseUrl], { SVC_BASE_URL: 'http://127.0.0.1:9' });
    expect(run.code).toBe(0);
    expect(api.requests[0].body).toEqual({
      url: 'https://example.com/c',
      formats: [{ type: 'markdown' }, { type: 'links' }, { type: 'json', schema }],
    });
  });

  it('an error response exits 1 with the SvcError message on stderr', async () => {
    api.inject('POST', /^\/v1\/scrape$/, { status: 400, body: { error: 'url must be http or https', code: 'invalid_request' } });
    const run = await svc(['scrape', 'ftp://example.com/']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('svc: POST /v1/scrape failed: 400 {"error":"url must be http or https","code":"invalid_request"}\n');
  });
});

describe('svc batch', () => {
  it('reads one URL per line, shows progress on stderr and prints batch and items as JSON', async () => {
    const file = join(dir, 'urls.txt');
    await writeFile(file, '# docs\nhttps://a.example/0\n\nhttps://a.example/1\r\nhttps://a.example/2\n');
    const run = await svc(['batch', file, '--poll-interval', '5']);
    expect(run.code).toBe(0);
    const outcome = JSON.parse(run.stdout) as { batch: { status: string }; items: Array<{ index: number; url: string }> };
    expect(outcome.batch.status).toBe('completed');
    expect(outcome.items.map((i) => i.url)).toEqual(['https://a.example/0', 'https://a.example/1', 'https://a.example/2']);
    expect(run.stderr).toBe('[###.......] 1/3\n[######....] 2/3\n[##########] 3/3\n');
  });

  it('reads URLs from stdin with "-"', async () => {
    const run = await svc(['batch', '-', '--poll-interval', '5'], {}, 'https://a.example/x\n');
    expect(run.code).toBe(0);
    expect(api.requests[0].body).toEqual({ urls: ['https://a.example/x'] });
  });
});

describe('svc crawl', () => {
  it('sends maxPages and includePaths, shows progress and prints crawl and pages', async () => {
    const run = await svc([
      'crawl', 'https://docs.example/', '--max-pages', '4', '--include-path', '/docs/*', '--include-path', '/api/*', '--poll-interval', '5',
    ]);
    expect(run.code).toBe(0);
    expect(api.requests[0].body).toEqual({ url: 'https://docs.example/', maxPages: 4, includePaths: ['/docs/*', '/api/*'] });
    const outcome = JSON.parse(run.stdout) as { crawl: { status: string }; pages: unknown[] };
    expect(outcome.crawl.status).toBe('completed');
    expect(outcome.pages).toHaveLength(4);
    expect(run.stderr.trim().split('\n')).toEqual(['[##........] 1/4', '[#####.....] 2/4', '[#######...] 3/4', '[##########] 4/4']);
  });
});

describe('usage errors', () => {
  const cases: Array<{ args: string[]; message: string }> = [
    { args: [], message: 'missing command' },
    { args: ['crawl', 'https://docs.example/'], message: 'crawl needs --max-pages N' },
    { args: ['scrape', 'https://e.example/', '--format', 'html'], message: 'unknown format: html' },
    { args: ['batch', '/nonexistent/urls.txt'], message: 'ENOENT' },
  ];
  for (const c of cases) {
    it(`svc ${c.args.join(' ')} → ${c.message}`, async () => {
      const run = await svc(c.args);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain(c.message);
      expect(api.requests).toHaveLength(0);
    });
  }
});

describe('runCli in process', () => {
  it('redraws the bar in place on a terminal and ends it with a newline', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(['batch', 'list', '--poll-interval', '5'], {
      stdout: { write: (t: string) => out.push(t) },
      stderr: { write: (t: string) => err.push(t), isTTY: true },
      readText: async () => 'https://a.example/0\nhttps://a.example/1\n',
      env: { SVC_BASE_URL: api.baseUrl },
    });
    expect(code).toBe(0);
    expect(err.join('')).toBe('\r[#####.....] 1/2\r[##########] 2/2\n');
    expect(JSON.parse(out.join(''))).toMatchObject({ batch: { status: 'completed', total: 2 } });
  });
});
