// A crawl page's WORK message in the consumer: claim the page, capture it, record it, and go on with the pages the
// crawl object hands back (D280), concurrently. Pages are recorded through one queue per message (D288): one call to
// the crawl object at a time, and the pages whose capture finished while a call was out go together in the next.
import { crawlStub } from '../durable-objects/stubs.ts';
import { apiProfile } from '../src/profiles/profiles.ts';
import { runCapture } from '../src/pipeline/run-capture.ts';
import type { ScrapeResult } from '../src/pipeline/result.ts';
import type { CaptureOptions } from '../src/request/capture-options.ts';
import { crawlFormats, wasRequested } from '../src/tasks/capture-outcome.ts';
import type { WorkMessage } from '../src/tasks/messages.ts';
import { CRAWL_HANDOVER_PAGES, HOST_CONCURRENCY, MAX_CONSUMER_WAIT_MS } from '../src/tasks/settings.ts';
import type { HandedPage, PageRecord } from '../src/tasks/store.ts';
import { sleep, storeUnitResult, WORK_QUEUE, type ConsumerContext } from './consumer.ts';

type CrawlStub = ReturnType<typeof crawlStub>;

/** A crawl page's capture: the result to store, and what the frontier needs from it. */
async function captureForCrawl(taskId: string, page: HandedPage, options: CaptureOptions, cx: ConsumerContext): Promise<PageRecord> {
  // The frontier needs the page's links even when the caller did not ask for them; only asked formats are delivered.
  const { formats, stripLinks } = crawlFormats(options.formats);
  const full = await runCapture({ url: page.url, options: { ...options, formats }, profile: apiProfile(cx.config.hosted) }, cx.deps);
  const links = full.links ?? [];
  const result: ScrapeResult = { ...full };
  if (stripLinks) delete result.links;
  const robots = result.evidenceRecord.robotsDecision;
  const stored = await storeUnitResult(cx, { taskId, index: page.index }, page.attempt, result);
  return { index: page.index, stored, outcome: { links, requested: wasRequested(result), crawlDelayMs: robots === null ? null : (robots.crawlDelayMs ?? 0) } };
}

interface Waiting {
  page: PageRecord;
  resolve: (next: HandedPage[]) => void;
  reject: (err: unknown) => void;
}

/** The pages of one WORK message: its own and those handed to it, at most CRAWL_HANDOVER_PAGES of the latter. */
class MessagePages {
  /** Pages this message may still take through hand-over, shared by all its chains. */
  #left = CRAWL_HANDOVER_PAGES;
  #waiting: Waiting[] = [];
  #calling = false;

  readonly stub: CrawlStub;
  readonly taskId: string;
  readonly options: CaptureOptions;
  readonly rootToken: string;
  readonly cx: ConsumerContext;

  constructor(stub: CrawlStub, taskId: string, options: CaptureOptions, rootToken: string, cx: ConsumerContext) {
    this.stub = stub;
    this.taskId = taskId;
    this.options = options;
    this.rootToken = rootToken;
    this.cx = cx;
  }

  /** Captures a page, records it and goes on with the pages the crawl hands back, concurrently. */
  async chain(page: HandedPage): Promise<void> {
    const captured = await captureForCrawl(this.taskId, page, this.options, this.cx);
    const next = await this.#record(captured);
    await Promise.all(next.map((p) => this.#handed(p)));
  }

  async #handed(page: HandedPage): Promise<void> {
    try {
      await this.chain(page);
    } catch (err) {
      // This message's own page is recorded; a handed page that failed goes back to the frontier as a message (its
      // lease lapses and the sweep sends it again if this call fails too).
      console.error(`${WORK_QUEUE}: crawl_page ${this.taskId}#${page.index} (handed) failed:`, err);
      await this.stub.returnPage(page.index, page.token).catch(() => undefined);
    }
  }

  /** Resolves with the pages handed to this chain once its page is recorded. */
  #record(page: PageRecord): Promise<HandedPage[]> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ page, resolve, reject });
      if (!this.#calling) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#calling = true;
    while (this.#waiting.length > 0) {
      const calls = this.#waiting.splice(0);
      // Reserved before the call and given back after it, so the budget is never over-spent.
      const take = Math.min(this.#left, HOST_CONCURRENCY);
      this.#left -= take;
      try {
        const { next } = await this.stub.recordAndTake(calls.map((c) => c.page), take, this.rootToken);
        this.#left += take - next.length;
        // The handed pages go on from the first chain; the others end here.
        calls.forEach((c, i) => c.resolve(i === 0 ? next : []));
      } catch (err) {
        this.#left += take;
        for (const c of calls) c.reject(err);
      }
    }
    this.#calling = false;
  }
}

export async function captureCrawlPage(msg: WorkMessage, token: string, cx: ConsumerContext): Promise<void> {
  const stub = crawlStub(cx.env, msg.taskId);
  let claim = await stub.claim(msg.index, token);
  while (claim.kind === 'wait') {
    if (claim.ms > MAX_CONSUMER_WAIT_MS) {
      await stub.requeue(msg.index, claim.ms);
      return;
    }
    await sleep(claim.ms);
    claim = await stub.claim(msg.index, token);
  }
  if (claim.kind !== 'capture') return;
  const page: HandedPage = { index: msg.index, url: claim.url, attempt: claim.attempt, token };
  await new MessagePages(stub, msg.taskId, claim.options, token, cx).chain(page);
}
