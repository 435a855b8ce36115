// In-memory stand-in for the REST API of docs/decisions.md D9–D11 on 127.0.0.1, with injectable failures, for the
// SDK and CLI tests. Tasks advance one step per status read, so tests control progress without timers.

import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One injected answer, used up by one matching request: an error response, a reset, a hang or a delay. */
export type Fault =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { reset: true }
  | { hang: true }
  | { delayMs: number };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface MockBatch {
  id: string;
  urls: string[];
  options: Record<string, unknown>;
  status: 'accepting' | 'running' | 'completed';
  done: number;
  log: Array<Record<string, unknown>>;
  /** When true, status reads stop advancing the batch. */
  stalled: boolean;
}

export interface MockCrawl {
  id: string;
  url: string;
  maxPages: number;
  includePaths: string[];
  options: Record<string, unknown>;
  status: 'running' | 'completed' | 'cancelled' | 'interrupted';
  log: Array<Record<string, unknown>>;
  /** The crawl turns `interrupted` once this many pages are done. */
  interruptAt: number | null;
}

export interface MockApi {
  baseUrl: string;
  requests: RecordedRequest[];
  batches: Map<string, MockBatch>;
  crawls: Map<string, MockCrawl>;
  /** Queues faults for requests whose `METHOD path` (path without query) matches. */
  inject(method: string, path: RegExp, ...faults: Fault[]): void;
  /** Milliseconds a scrape takes to answer. */
  scrapeDelayMs: number;
  close(): Promise<void>;
}

const CREATED_AT = '2025-01-01T00:00:00.000Z';

export async function startMockApi(options: { token?: string } = {}): Promise<MockApi> {
  const faults: Array<{ method: string; path: RegExp; queue: Fault[] }> = [];
  let counter = 0;
  const newId = (prefix: string): string => `${prefix}_${(++counter).toString(16).padStart(24, '0')}`;

  const api: MockApi = {
    baseUrl: '',
    requests: [],
    batches: new Map(),
    crawls: new Map(),
    scrapeDelayMs: 0,
    inject(method, path, ...queue) {
      faults.push({ method, path, queue });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => send(res, 500, { error: String(err), code: 'internal_error' }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://mock');
    const method = req.method ?? 'GET';
    const text = await readBody(req);
    const body: unknown = text ? JSON.parse(text) : undefined;
    api.requests.push({ method, path: url.pathname + url.search, headers: req.headers, body });

    const slot = faults.find((f) => f.method === method && f.path.test(url.pathname) && f.queue.length > 0);
    const fault = slot?.queue.shift();
    if (fault) {
      if ('reset' in fault) return void req.socket.destroy();
      if ('hang' in fault) return;
      if ('delayMs' in fault) await new Promise((r) => setTimeout(r, fault.delayMs));
      else return send(res, fault.status, fault.body ?? { error: `injected ${fault.status}`, code: 'x' }, fault.headers);
    }
    if (options.token && req.headers.authorization !== `Bearer ${options.token}`) {
      return send(res, 401, { error: 'missing or unknown bearer token', code: 'unauthorized' });
    }
    route(method, url, body as Record<string, unknown> | undefined, res);
  }

  function route(method: string, url: URL, body: Record<string, unknown> | undefined, res: ServerResponse): void {
    const parts = url.pathname.split('/').filter(Boolean); // ['v1', 'batches', id, 'items']
    const [, kind, id, sub] = parts;
    if (method === 'POST' && url.pathname === '/v1/scrape') {
      const target = String(body?.url);
      setTimeout(() => send(res, 200, result(target, 0)), api.scrapeDelayMs);
      return;
    }
    if (method === 'POST' && url.pathname === '/v1/batches') {
      const urls = body?.urls;
      if (!Array.isArray(urls) || urls.length === 0) return send(res, 400, { error: 'urls required', code: 'invalid_request' });
      const { urls: _urls, ...rest } = body ?? {};
      const batch: MockBatch = { id: newId('batch'), urls: urls.map(String), options: rest, status: 'accepting', done: 0, log: [], stalled: false };
      api.batches.set(batch.id, batch);
      return send(res, 201, batchRecord(batch));
    }
    if (method === 'POST' && url.pathname === '/v1/crawls') {
      const { url: start, maxPages, includePaths, ...rest } = body ?? {};
      const crawl: MockCrawl = {
        id: newId('crawl'),
        url: String(start),
        maxPages: typeof maxPages === 'number' ? maxPages : 10,
        includePaths: Array.isArray(includePaths) ? includePaths.map(String) : [],
        options: rest,
        status: 'running',
        log: [],
        interruptAt: null,
      };
      api.crawls.set(crawl.id, crawl);
      return send(res, 201, crawlRecord(crawl));
    }
    if (kind === 'batches' && id) {
      const batch = api.batches.get(id);
      if (!batch) return send(res, 404, { error: 'batch not found', code: 'not_found' });
      if (method === 'GET' && sub === undefined) {
        advanceBatch(batch);
        return send(res, 200, batchRecord(batch));
      }
      if (method === 'GET' && sub === 'items') return sendList(res, url, batch.log, batch.status === 'completed');
    }
    if (kind === 'crawls' && id) {
      const crawl = api.crawls.get(id);
      if (!crawl) return send(res, 404, { error: 'crawl not found', code: 'not_found' });
      if (method === 'GET' && sub === undefined) {
        advanceCrawl(crawl);
        return send(res, 200, crawlRecord(crawl));
      }
      if (method === 'GET' && sub === 'pages') return sendList(res, url, crawl.log, crawl.status !== 'running' && crawl.status !== 'interrupted');
      if (method === 'POST' && sub === 'cancel') {
        if (crawl.status !== 'running') return send(res, 409, { error: `crawl is ${crawl.status}`, code: 'conflict' });
        crawl.status = 'cancelled';
        return send(res, 200, crawlRecord(crawl));
      }
      if (method === 'POST' && sub === 'resume') {
        if (crawl.status !== 'interrupted') return send(res, 409, { error: `crawl is ${crawl.status}`, code: 'conflict' });
        crawl.status = 'running';
        crawl.interruptAt = null;
        return send(res, 200, crawlRecord(crawl));
      }
    }
    send(res, 404, { error: 'no route', code: 'not_found' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}

/** Items finish in reverse request order, so callers that promise `index` order must sort. */
function advanceBatch(batch: MockBatch): void {
  if (batch.status === 'accepting') batch.status = 'running';
  if (batch.stalled || batch.status === 'completed') return;
  const index = batch.urls.length - 1 - batch.done;
  batch.log.push({ ...result(batch.urls[index], index), index, url: batch.urls[index] });
  batch.done += 1;
  if (batch.done === batch.urls.length) batch.status = 'completed';
}

function advanceCrawl(crawl: MockCrawl): void {
  if (crawl.status !== 'running') return;
  const index = crawl.log.length;
  const url = index === 0 ? crawl.url : `${crawl.url.replace(/\/$/, '')}/p${index}`;
  crawl.log.push({ ...result(url, index), index, url });
  if (crawl.log.length === crawl.maxPages) crawl.status = 'completed';
  else if (crawl.interruptAt !== null && crawl.log.length >= crawl.interruptAt) crawl.status = 'interrupted';
}

function batchRecord(b: MockBatch): Record<string, unknown> {
  return {
    id: b.id,
    object: 'batch',
    status: b.status,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    completedAt: b.status === 'completed' ? CREATED_AT : null,
    total: b.urls.length,
    done: b.done,
    counts: b.done ? { success: b.done } : {},
    options: b.options,
  };
}

function crawlRecord(c: MockCrawl): Record<string, unknown> {
  const done = c.log.length;
  return {
    id: c.id,
    object: 'crawl',
    status: c.status,
    url: c.url,
    maxPages: c.maxPages,
    includePaths: c.includePaths,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    completedAt: c.status === 'running' ? null : CREATED_AT,
    counts: { discovered: c.maxPages + 5, queued: c.status === 'running' ? c.maxPages - done : 0, done, byStatus: done ? { success: done } : {} },
    options: c.options,
  };
}

function result(url: string, n: number): Record<string, unknown> {
  return {
    status: 'success',
    reason: null,
    markdown: `# Page ${n}\n\nFrom ${url}\n`,
    metadata: { title: `Page ${n}`, description: null, language: null, keywords: null, robots: null, icon: null, canonical: null },
    evidenceRecord: { schemaVersion: 'svc.evidence/1', requestedUrl: url, status: 'success' },
  };
}

/** D10 paging: cursor is the base64 offset; null only once the task finished and the log is read to its end. */
function sendList(res: ServerResponse, url: URL, log: unknown[], finished: boolean): void {
  const limit = Number(url.searchParams.get('limit') ?? 20);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return send(res, 400, { error: 'limit 1-100', code: 'invalid_request' });
  const cursor = url.searchParams.get('cursor');
  const offset = cursor === null ? 0 : Number(Buffer.from(cursor, 'base64url').toString());
  if (!Number.isInteger(offset) || offset < 0) return send(res, 400, { error: 'bad cursor', code: 'invalid_request' });
  const data = log.slice(offset, offset + limit);
  const end = offset + data.length;
  const hasMore = end < log.length;
  const nextCursor = !hasMore && finished ? null : Buffer.from(String(end)).toString('base64url');
  send(res, 200, { object: 'list', data, nextCursor, hasMore });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
