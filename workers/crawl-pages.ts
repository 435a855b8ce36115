// A crawl page's WORK message in the consumer: claim the page, capture it, record it, and go on with the pages the
// crawl object hands back (D280), concurrently.
import { crawlStub } from '../durable-objects/stubs.ts';
import { apiProfile } from '../src/profiles/profiles.ts';
import { runCapture } from '../src/pipeline/run-capture.ts';
import type { ScrapeResult } from '../src/pipeline/result.ts';
import type { CaptureOptions } from '../src/request/capture-options.ts';
import { crawlFormats, wasRequested } from '../src/tasks/capture-outcome.ts';
import type { WorkMessage } from '../src/tasks/messages.ts';
import { handOverTake, MAX_CONSUMER_WAIT_MS } from '../src/tasks/settings.ts';
import type { HandedPage, PageOutcome } from '../src/tasks/store.ts';
import type { StoredResult } from '../src/tasks/result-store.ts';
import { OfferedLinksByCrawl } from '../src/tasks/offered-links.ts';
import { sleep, storeUnitResult, WORK_QUEUE, type ConsumerContext } from './consumer.ts';

type CrawlStub = ReturnType<typeof crawlStub>;

/** Links this isolate's pages already offered, per crawl (D300). */
const OFFERED = new OfferedLinksByCrawl();

/** A crawl page's capture: the result to store, and what the frontier needs from it. */
async function captureForCrawl(taskId: string, page: HandedPage, options: CaptureOptions, cx: ConsumerContext): Promise<{ stored: StoredResult; outcome: PageOutcome }> {
  // The frontier needs the page's links even when the caller did not ask for them; only asked formats are delivered.
  const { formats, stripLinks } = crawlFormats(options.formats);
  const full = await runCapture({ url: page.url, options: { ...options, formats }, profile: apiProfile(cx.config.hosted) }, cx.deps);
  const links = full.links ?? [];
  const result: ScrapeResult = { ...full };
  if (stripLinks) delete result.links;
  const robots = result.evidenceRecord.robotsDecision;
  const stored = await storeUnitResult(cx, { taskId, index: page.index }, page.attempt, result);
  return { stored, outcome: { links, requested: wasRequested(result), crawlDelayMs: robots === null ? null : (robots.crawlDelayMs ?? 0) } };
}

/** The pages of one WORK message: its own and those handed to it while its hand-over window is open (D408). */
class MessagePages {
  /** When the message's first page started: its chains take handed pages for CRAWL_HANDOVER_MS from then. */
  readonly #startedAt = Date.now();
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
    const { stored, outcome } = await captureForCrawl(this.taskId, page, this.options, this.cx);
    // The crawl object hands at most what the host gate allows, so every chain may ask for a host's worth.
    const take = handOverTake(this.#startedAt, Date.now());
    // Links offered before cannot change the frontier; they are remembered once their admission committed.
    const offered = OFFERED.of(this.taskId);
    const links = offered.fresh(outcome.links);
    const { recorded, next } = await this.stub.recordAndTake(page.index, stored, { ...outcome, links }, take, this.rootToken);
    if (recorded) offered.remember(links);
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
