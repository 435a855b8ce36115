// The MCP surface with the official MCP client (@modelcontextprotocol/sdk), against one local service: the stdio server
// (packages/mcp, run as its package "bin" declares) talking to the API over HTTP, and the remote owner-only endpoint
// of the API Worker, logged in through a real OpenID Connect provider on loopback.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/mcp/tools.ts';
import { expectValidEvidenceRecord } from '../helpers/evidence-schema.ts';
import { freePort, removeDataDir, startService, type Service } from '../helpers/service.ts';
import { html, startSite, text, type Site } from '../helpers/site.ts';
import { connectWithLogin, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidc, type Oidc } from './mcp-helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'mcp-e2e-token';
const OWNER = 'owner-7';

let svc: Service;
let site: Site;
let oidc: Oidc;

const PAGE = html(
  '<html><head><title>MCP fixture</title></head><body><article><h1>Tools over MCP</h1><p>This page is captured through the MCP tools of the capture service, long enough to be the main content.</p></article></body></html>',
);

beforeAll(async () => {
  site = await startSite({ '/robots.txt': text('User-agent: *\nAllow: /\n', 'text/plain'), '/page': PAGE, '/other': PAGE });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  oidc = await startOidc(origin);
  svc = await startService({
    port,
    tokens: [TOKEN],
    env: {
      SVC_MCP_OIDC_ISSUER: oidc.issuer,
      SVC_MCP_OIDC_CLIENT_ID: OIDC_CLIENT_ID,
      SVC_MCP_OIDC_CLIENT_SECRET: OIDC_CLIENT_SECRET,
      SVC_MCP_OWNER_SUB: OWNER,
      SVC_MCP_RESOURCE: `${origin}/mcp`,
    },
  });
});

afterAll(async () => {
  await svc?.stop();
  if (svc) removeDataDir(svc.dataDir);
  await oidc?.close();
  await site?.close();
});

type ToolResult = { content: Array<{ type: string; text?: string }>; structuredContent?: Record<string, unknown> };

async function callError(client: Client, name: string, args: Record<string, unknown>): Promise<McpError> {
  const err = await client.callTool({ name, arguments: args }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(McpError);
  return err as McpError;
}

describe('stdio server (svc-mcp)', () => {
  let client: Client;

  beforeAll(async () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'packages/mcp/package.json'), 'utf8')) as { bin: Record<string, string> };
    client = new Client({ name: 'mcp-e2e', version: '0.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [path.join(ROOT, 'packages/mcp', pkg.bin['svc-mcp'])],
        env: { PATH: process.env.PATH ?? '', SVC_BASE_URL: svc.base, SVC_API_TOKEN: TOKEN },
        stderr: 'inherit',
      }),
    );
  });

  afterAll(async () => {
    await client?.close();
  });

  it('lists every tool (task, monitor, destination, delivery) with the shared input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['scrape', 'crawl_resume', 'monitor_create', 'monitor_runs', 'delivery_retry']));
    for (const t of tools) {
      const def = TOOLS.find((d) => d.name === t.name);
      expect(t.inputSchema).toEqual(def?.inputSchema);
      expect(t.outputSchema).toEqual(def?.outputSchema);
    }
  });

  it('scrapes a fixture page: structuredContent is the API result, plus a text summary', async () => {
    const r = (await client.callTool({ name: 'scrape', arguments: { url: `${site.origin}/page`, formats: ['markdown'] } })) as ToolResult;
    const result = r.structuredContent as { status: string; markdown: string; evidenceRecord: unknown };
    expect(result.status).toBe('success');
    expect(result.markdown).toContain('captured through the MCP tools');
    expectValidEvidenceRecord(result.evidenceRecord);
    expect(r.content).toEqual([{ type: 'text', text: expect.stringMatching(/^success: http:\/\/127\.0\.0\.1:\d+\/page "MCP fixture", \d+ characters of Markdown$/) }]);
  });

  it('a refused request is a JSON-RPC error: "<code>: <METHOD> <path> failed: <status> <body>", data {code, status}', async () => {
    const err = await callError(client, 'scrape', { url: 'ftp://example.com/x' });
    expect(err.code).toBe(-32602);
    expect(err.message).toMatch(/^MCP error -32602: invalid_request: POST \/v1\/scrape failed: 400 \{"error":"url must be an http or https URL","code":"invalid_request"\}$/);
    expect(err.data).toEqual({ code: 'invalid_request', status: 400 });
    const unknown = await callError(client, 'scrape', { url: `${site.origin}/page`, actions: [] });
    expect(unknown.data).toEqual({ code: 'unsupported_parameter', status: 400 });
    expect(unknown.message).toContain('unsupported_parameter: POST /v1/scrape failed: 400 {"error":"unsupported parameter: actions","code":"unsupported_parameter","details":{"parameters":["actions"]}}');
  });

  it('a missing batch is not_found with the path that was asked', async () => {
    const id = 'batch_000000000000000000000000';
    const err = await callError(client, 'batch_get', { id });
    expect(err.message).toMatch(new RegExp(`^MCP error -32602: not_found: GET /v1/batches/${id} failed: 404 \\{`));
    expect(err.data).toEqual({ code: 'not_found', status: 404 });
  });

  it('runs a batch: batch_create, batch_get until completed, batch_items', async () => {
    const created = (await client.callTool({ name: 'batch_create', arguments: { urls: [`${site.origin}/page`, `${site.origin}/other`] } })) as ToolResult;
    const id = (created.structuredContent as { id: string }).id;
    expect(created.content[0].text).toMatch(new RegExp(`^batch ${id}: (accepting|running|completed), \\d of 2 done$`));
    let status = '';
    for (let i = 0; i < 120 && status !== 'completed'; i++) {
      const got = (await client.callTool({ name: 'batch_get', arguments: { id } })) as ToolResult;
      status = (got.structuredContent as { status: string }).status;
      if (status !== 'completed') await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe('completed');
    const page = (await client.callTool({ name: 'batch_items', arguments: { id, limit: 10 } })) as ToolResult;
    const list = page.structuredContent as { data: Array<{ index: number; status: string }>; nextCursor: string | null };
    expect(list.data.map((d) => d.index).sort()).toEqual([0, 1]);
    expect(list.data.every((d) => d.status === 'success')).toBe(true);
    expect(list.nextCursor).toBeNull();
  });

  it('destination_create (loopback URL), monitor_create on a fixture page, monitor_get until its first run, monitor_runs', async () => {
    // Nothing listens on this port: the run's event is a delivery that keeps failing, which this test does not read.
    const hookUrl = `http://127.0.0.1:${await freePort()}/hook`;
    const dst = (await client.callTool({ name: 'destination_create', arguments: { url: hookUrl, events: ['monitor.run.completed'] } })) as ToolResult;
    const destination = dst.structuredContent as { id: string; secret: string; events: string[] };
    expect(destination.secret).toMatch(/^whsec_/);
    expect(destination.events).toEqual(['monitor.run.completed']);
    expect(dst.content[0].text).toBe(`destination ${destination.id} for ${hookUrl}: monitor.run.completed; its signing secret is in this result only`);

    const args = { url: `${site.origin}/page`, intervalMinutes: 60, formats: ['markdown'], destinations: [destination.id] };
    const created = (await client.callTool({ name: 'monitor_create', arguments: args })) as ToolResult;
    const monitor = created.structuredContent as { id: string; status: string; revision: number; destinations: string[] };
    expect(monitor).toMatchObject({ status: 'active', revision: 1, destinations: [destination.id] });
    expect(created.content[0].text).toMatch(new RegExp(`^monitor ${monitor.id} of ${site.origin}/page: active, every 60 min, revision 1, next run `));

    let lastRun: { id: string; status: string } | null = null;
    for (let i = 0; i < 240 && lastRun?.status !== 'completed'; i++) {
      const got = (await client.callTool({ name: 'monitor_get', arguments: { id: monitor.id } })) as ToolResult;
      lastRun = (got.structuredContent as { lastRun: { id: string; status: string } | null }).lastRun;
      if (lastRun?.status !== 'completed') await new Promise((r) => setTimeout(r, 250));
    }
    expect(lastRun?.status).toBe('completed');

    const runs = (await client.callTool({ name: 'monitor_runs', arguments: { id: monitor.id, limit: 10 } })) as ToolResult;
    const page = runs.structuredContent as { data: Array<{ id: string; status: string; change: unknown; result: { status: string; markdown: string; evidenceRecord: unknown } }>; nextCursor: string | null };
    expect(page.data.map((r) => [r.id, r.status])).toEqual([[lastRun?.id, 'completed']]);
    expect(page.data[0].change).toBeNull();
    expect(page.data[0].result.status).toBe('success');
    expect(page.data[0].result.markdown).toContain('captured through the MCP tools');
    expectValidEvidenceRecord(page.data[0].result.evidenceRecord);
    expect(page.nextCursor).toBeNull();
    expect(runs.content[0].text).toBe('1 run; no more pages');

    // A stale revision through the real API: conflict on PATCH, in the error shape of the other tools.
    const err = await callError(client, 'monitor_update', { id: monitor.id, revision: 7, intervalMinutes: 30 });
    expect(err.message).toMatch(new RegExp(`^MCP error -32602: conflict: PATCH /v1/monitors/${monitor.id} failed: 409 \\{"error":`));
    expect(err.data).toEqual({ code: 'conflict', status: 409 });

    const deleted = (await client.callTool({ name: 'monitor_delete', arguments: { id: monitor.id } })) as ToolResult;
    expect(deleted.content[0].text).toBe(`deleted monitor ${monitor.id}`);
    await client.callTool({ name: 'destination_delete', arguments: { id: destination.id } });
  });
});

describe('remote endpoint (/mcp behind OAuth)', () => {
  it('without a token: 401 with the protected-resource metadata pointer', async () => {
    const res = await fetch(`${svc.base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate') ?? '';
    const pointer = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    expect(pointer).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource/);
    const meta = (await (await fetch(pointer as string)).json()) as { resource: string; authorization_servers: string[] };
    expect(meta.resource).toBe(`${svc.base}/mcp`);
    expect(meta.authorization_servers).toEqual([svc.base]);
  });

  it('the owner logs in at the identity provider, lists the tools and scrapes in-process', async () => {
    const client = await connectWithLogin(`${svc.base}/mcp`, OWNER);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
      const r = (await client.callTool({ name: 'scrape', arguments: { url: `${site.origin}/page` } })) as ToolResult;
      const result = r.structuredContent as { status: string; evidenceRecord: unknown };
      expect(result.status).toBe('success');
      expectValidEvidenceRecord(result.evidenceRecord);
      const err = await callError(client, 'crawl_create', { url: `${site.origin}/`, limit: 5 });
      // The API itself answered (in-process): its own message for `limit`.
      expect(err.message).toMatch(/^MCP error -32602: unsupported_parameter: POST \/v1\/crawls failed: 400 \{"error":"unsupported parameter: limit \(use maxPages/);
      expect(err.data).toEqual({ code: 'unsupported_parameter', status: 400 });
    } finally {
      await client.close();
    }
  });

  it('any other identity is refused at the callback (403)', async () => {
    await expect(connectWithLogin(`${svc.base}/mcp`, 'mallory')).rejects.toThrow(/^browser: 403 at \/callback: forbidden: only the owner/);
  });
});
