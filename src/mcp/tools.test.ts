import { ProtocolError } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { callTool } from './server.ts';
import { createClient } from '../../packages/sdk/src/client.ts';
import { fakeApi } from './test-helpers.ts';
import { TOOLS, toolArguments } from './tools.ts';

const tool = (name: string) => TOOLS.find((t) => t.name === name)!;



describe('tool table', () => {
  it('has the task tools, then the monitor, destination and delivery tools, each with a closed object input schema', () => {
    expect(TOOLS.map((t) => t.name)).toEqual([
      'scrape', 'batch_create', 'batch_get', 'batch_items', 'crawl_create', 'crawl_get', 'crawl_pages', 'crawl_cancel', 'crawl_resume',
      'monitor_create', 'monitor_get', 'monitor_list', 'monitor_update', 'monitor_pause', 'monitor_resume', 'monitor_delete',
      'monitor_run', 'monitor_runs', 'monitor_run_get',
      'destination_create', 'destination_list', 'destination_delete', 'delivery_list', 'delivery_get', 'delivery_retry',
    ]);
    for (const t of TOOLS) expect(t.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
  });
});

describe('toolArguments', () => {
  it('passes a body tool\'s arguments whole (the API refuses what it does not support)', () => {
    expect(toolArguments(tool('scrape'), { url: 'http://a/', actions: [] })).toEqual({ url: 'http://a/', actions: [] });
  });

  it('refuses what would not reach the API as sent', () => {
    expect(() => toolArguments(tool('scrape'), { url: 'http://a/', signal: 1 })).toThrow('unsupported parameter: signal');
    expect(() => toolArguments(tool('batch_items'), { id: 'b', offset: 2 })).toThrow('unsupported parameter: offset');
    expect(() => toolArguments(tool('batch_get'), [1])).toThrow('the tool arguments must be one JSON object');
  });
});

describe('callTool', () => {
  const surface = { client: () => createClient({ env: {} }), mask: true };

  it('sends the arguments as the request body; structuredContent is the answer unchanged, plus a summary', async () => {
    const answer = { id: 'batch_1', object: 'batch', status: 'running', total: 2, done: 1, counts: {} };
    const { client, sent } = fakeApi(201, answer);
    const r = await callTool(surface, client, 'batch_create', { urls: ['http://a/', 'http://b/'], timeout: 5000 });
    expect(sent).toEqual([{ method: 'POST', url: 'http://api.test/v1/batches', body: { urls: ['http://a/', 'http://b/'], timeout: 5000 } }]);
    expect(r.structuredContent).toEqual(answer);
    expect(r.content).toEqual([{ type: 'text', text: 'batch batch_1: running, 1 of 2 done' }]);
  });

  it('sends limit and cursor of a list tool as the query', async () => {
    const { client, sent } = fakeApi(200, { object: 'list', data: [], nextCursor: 'c2', hasMore: false });
    const r = await callTool(surface, client, 'crawl_pages', { id: 'crawl_1', limit: 5, cursor: 'c1' });
    expect(sent[0].url).toBe('http://api.test/v1/crawls/crawl_1/pages?limit=5&cursor=c1');
    expect(r.content).toEqual([{ type: 'text', text: '0 entries; next cursor c2' }]);
  });

  it('an error answer becomes the JSON-RPC error of the spec', async () => {
    const { client } = fakeApi(409, { error: 'crawl already completed', code: 'conflict' });
    const err = await callTool(surface, client, 'crawl_resume', { id: 'crawl_1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProtocolError);
    expect((err as ProtocolError).message).toBe('conflict: POST /v1/crawls/crawl_1/resume failed: 409 {"error":"crawl already completed","code":"conflict"}');
    expect((err as ProtocolError).data).toEqual({ code: 'conflict', status: 409 });
  });

  it('an unknown tool is invalid params', async () => {
    const { client } = fakeApi(200, {});
    await expect(callTool(surface, client, 'screenshot', {})).rejects.toThrow('unknown tool: screenshot');
  });
});
