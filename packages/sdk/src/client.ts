// The SDK client: one method per REST operation (docs/decisions.md D3–D11) plus waits, iterators and the combined
// create-and-wait calls named by the spec ("Endpoints", SDK surface).

import { HooksClient } from './hooks-client.ts';
import { DEFAULT_BASE_URL, query, requestJson, type Transport } from './http.ts';
import { collectAll, iteratePages, type PagingSettings } from './paging.ts';
import type {
  BatchItem,
  BatchRecord,
  CaptureOptions,
  ClientOptions,
  CrawlOptions,
  CrawlPage,
  CrawlRecord,
  IterateOptions,
  ListPage,
  PageQuery,
  ScrapeOptions,
  ScrapeResult,
  WaitOptions,
} from './types.ts';
import {
  DEFAULT_MAX_RETRIES,
  DEFAULT_POLL_INTERVAL_MS,
  DEFAULT_WAIT_TIMEOUT_MS,
  pollUntil,
  type PollSettings,
} from './wait.ts';

/** Default request timeout the scrape wait is based on when the caller sets none (spec "Limits", SDK scrape wait). */
export const DEFAULT_SCRAPE_TIMEOUT_MS = 300_000;
/** Extra wait beyond the request timeout, so the API's own `timeout` / `failed` answer arrives (spec SDK rule 3). */
export const SCRAPE_GRACE_MS = 30_000;

/** A batch is finished only when `completed` (D9). */
export const isBatchFinished = (batch: BatchRecord): boolean => batch.status === 'completed';
/** A crawl is finished when `completed`, `cancelled` or `interrupted` (D11); an interrupted one may be resumed. */
export const isCrawlFinished = (crawl: CrawlRecord): boolean =>
  crawl.status === 'completed' || crawl.status === 'cancelled' || crawl.status === 'interrupted';

export interface BatchOutcome {
  batch: BatchRecord;
  /** Every item, ordered by `index` (the position in the request's `urls`). */
  items: BatchItem[];
}

export interface CrawlOutcome {
  crawl: CrawlRecord;
  /** Every page, ordered by `index` (discovery order). */
  pages: CrawlPage[];
}

export class SvcClient extends HooksClient {
  readonly baseUrl: string;
  readonly #transport: Transport;
  readonly #defaults: { pollIntervalMs: number; maxRetries: number; timeoutMs: number; scrapeGraceMs: number };

  constructor(options: ClientOptions = {}) {
    const env = options.env ?? processEnv();
    const baseUrl = options.baseUrl ?? nonEmpty(env.SVC_BASE_URL) ?? DEFAULT_BASE_URL;
    const fetchFn = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
    const transport: Transport = { baseUrl, token: nonEmpty(options.token) ?? nonEmpty(env.SVC_API_TOKEN), fetch: fetchFn };
    // Monitor, destination and delivery calls live in HooksClient (hooks-client.ts) on the same transport.
    super(transport);
    this.baseUrl = baseUrl;
    this.#transport = transport;
    this.#defaults = {
      pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
      maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      timeoutMs: options.timeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS,
      scrapeGraceMs: options.scrapeGraceMs ?? SCRAPE_GRACE_MS,
    };
  }

  /** POST /v1/scrape. Waits up to the request's `timeout` (default 300,000 ms) plus 30 s (spec SDK rule 3). */
  scrape(url: string, options: ScrapeOptions = {}): Promise<ScrapeResult> {
    const { signal, ...captureOptions } = options;
    const waitMs = (captureOptions.timeout ?? DEFAULT_SCRAPE_TIMEOUT_MS) + this.#defaults.scrapeGraceMs;
    const timeoutSignal = AbortSignal.timeout(waitMs);
    return requestJson<ScrapeResult>(this.#transport, {
      method: 'POST',
      path: '/v1/scrape',
      body: { url, ...captureOptions },
      signal: signal ? AbortSignal.any([timeoutSignal, signal]) : timeoutSignal,
    });
  }

  /** POST /v1/batches with the URL array and capture options (D9). */
  createBatch(urls: string[], options: CaptureOptions = {}, signal?: AbortSignal): Promise<BatchRecord> {
    return requestJson<BatchRecord>(this.#transport, {
      method: 'POST',
      path: '/v1/batches',
      body: { urls, ...options },
      signal,
    });
  }

  getBatch(id: string, signal?: AbortSignal): Promise<BatchRecord> {
    return requestJson<BatchRecord>(this.#transport, {
      method: 'GET',
      path: `/v1/batches/${encodeURIComponent(id)}`,
      signal,
      lookup: { kind: 'batch', id },
    });
  }

  /** One page of batch items (D10). */
  listBatchItems(id: string, page: PageQuery = {}): Promise<ListPage<BatchItem>> {
    return requestJson<ListPage<BatchItem>>(this.#transport, {
      method: 'GET',
      path: `/v1/batches/${encodeURIComponent(id)}/items${query({ limit: page.limit, cursor: page.cursor })}`,
      signal: page.signal,
      lookup: { kind: 'batch', id },
    });
  }

  /** Every batch item in finish order, following `nextCursor` and waiting for items still running (D10). */
  iterateBatchItems(id: string, options: IterateOptions = {}): AsyncGenerator<BatchItem> {
    return iteratePages((page) => this.listBatchItems(id, page), this.#iterateSettings(options));
  }

  waitBatch(id: string, options: WaitOptions<BatchRecord> = {}): Promise<BatchRecord> {
    return pollUntil((signal) => this.getBatch(id, signal), isBatchFinished, this.#pollSettings(id, options));
  }

  /** Creates a batch, waits until it is completed and returns it with all items ordered by `index`. */
  async batchAndWait(
    urls: string[],
    options: CaptureOptions = {},
    wait: WaitOptions<BatchRecord> = {},
  ): Promise<BatchOutcome> {
    const created = await this.createBatch(urls, options, wait.signal);
    const batch = await this.waitBatch(created.id, wait);
    const items = await collectAll((page) => this.listBatchItems(batch.id, page), this.#iterateSettings(wait));
    return { batch, items };
  }

  /** POST /v1/crawls with `url`, `maxPages`, `includePaths` and capture options (D11). */
  createCrawl(url: string, options: CrawlOptions = {}, signal?: AbortSignal): Promise<CrawlRecord> {
    return requestJson<CrawlRecord>(this.#transport, {
      method: 'POST',
      path: '/v1/crawls',
      body: { url, ...options },
      signal,
    });
  }

  getCrawl(id: string, signal?: AbortSignal): Promise<CrawlRecord> {
    return requestJson<CrawlRecord>(this.#transport, {
      method: 'GET',
      path: `/v1/crawls/${encodeURIComponent(id)}`,
      signal,
      lookup: { kind: 'crawl', id },
    });
  }

  /** Cancelling a finished crawl is refused with `conflict` (D11). */
  cancelCrawl(id: string, signal?: AbortSignal): Promise<CrawlRecord> {
    return this.#crawlAction(id, 'cancel', signal);
  }

  /** Works only on an `interrupted` crawl; otherwise `conflict` (D11). */
  resumeCrawl(id: string, signal?: AbortSignal): Promise<CrawlRecord> {
    return this.#crawlAction(id, 'resume', signal);
  }

  listCrawlPages(id: string, page: PageQuery = {}): Promise<ListPage<CrawlPage>> {
    return requestJson<ListPage<CrawlPage>>(this.#transport, {
      method: 'GET',
      path: `/v1/crawls/${encodeURIComponent(id)}/pages${query({ limit: page.limit, cursor: page.cursor })}`,
      signal: page.signal,
      lookup: { kind: 'crawl', id },
    });
  }

  iterateCrawlPages(id: string, options: IterateOptions = {}): AsyncGenerator<CrawlPage> {
    return iteratePages((page) => this.listCrawlPages(id, page), this.#iterateSettings(options));
  }

  waitCrawl(id: string, options: WaitOptions<CrawlRecord> = {}): Promise<CrawlRecord> {
    return pollUntil((signal) => this.getCrawl(id, signal), isCrawlFinished, this.#pollSettings(id, options));
  }

  /** Creates a crawl, waits until it is finished and returns it with the pages captured, ordered by `index`. */
  async crawlAndWait(
    url: string,
    options: CrawlOptions = {},
    wait: WaitOptions<CrawlRecord> = {},
  ): Promise<CrawlOutcome> {
    const created = await this.createCrawl(url, options, wait.signal);
    const crawl = await this.waitCrawl(created.id, wait);
    const pages = await collectAll((page) => this.listCrawlPages(crawl.id, page), this.#iterateSettings(wait));
    return { crawl, pages };
  }

  #crawlAction(id: string, action: 'cancel' | 'resume', signal: AbortSignal | undefined): Promise<CrawlRecord> {
    return requestJson<CrawlRecord>(this.#transport, {
      method: 'POST',
      path: `/v1/crawls/${encodeURIComponent(id)}/${action}`,
      signal,
      lookup: { kind: 'crawl', id },
    });
  }

  #pollSettings<R>(taskId: string, options: WaitOptions<R>): PollSettings<R> {
    return {
      taskId,
      timeoutMs: options.timeoutMs ?? this.#defaults.timeoutMs,
      pollIntervalMs: options.pollIntervalMs ?? this.#defaults.pollIntervalMs,
      maxRetries: options.maxRetries ?? this.#defaults.maxRetries,
      onProgress: options.onProgress,
      signal: options.signal,
    };
  }

  #iterateSettings(options: IterateOptions): PagingSettings {
    return {
      limit: options.limit,
      cursor: options.cursor,
      signal: options.signal,
      pollIntervalMs: options.pollIntervalMs ?? this.#defaults.pollIntervalMs,
      maxRetries: options.maxRetries ?? this.#defaults.maxRetries,
    };
  }
}

export function createClient(options: ClientOptions = {}): SvcClient {
  return new SvcClient(options);
}

/** `process.env` where a `process` exists (Node; Workers with nodejs_compat), otherwise nothing. */
function processEnv(): Record<string, string | undefined> {
  const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  return proc?.env ?? {};
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
