// Every task kind in one table (decision D221): which Durable Object holds it, how a WORK message of it becomes a
// capture, what its dead letter does, and how the sweep looks after it. A new kind (monitor runs, deliveries) adds
// one entry here and one message kind in src/tasks/messages.ts; the consumer, the sweep and the registry follow.
import { batchStub, crawlStub } from '../durable-objects/stubs.ts';
import { monitorStub } from '../durable-objects/monitor-stubs.ts';
import { captureMonitorRun } from './monitors.ts';
import { apiProfile } from '../src/profiles/profiles.ts';
import type { Config } from '../src/config/config.ts';
import { resultKey } from '../src/files/r2-keys.ts';
import { runCapture, type CaptureDeps } from '../src/pipeline/run-capture.ts';
import type { ScrapeResult } from '../src/pipeline/result.ts';
import { crawlFormats, wasRequested } from '../src/tasks/capture-outcome.ts';
import type { TaskKind } from '../src/tasks/ids.ts';
import type { MessageKind, WorkMessage } from '../src/tasks/messages.ts';
import { storeResult } from '../src/tasks/result-store.ts';
import { CRAWL_HANDOVER_PAGES, HOST_CONCURRENCY, MAX_CONSUMER_WAIT_MS } from '../src/tasks/settings.ts';
import type { HandedPage, PageOutcome, SweepOutcome, SweepRequest } from '../src/tasks/store.ts';
import type { StoredResult } from '../src/tasks/result-store.ts';
import type { CaptureOptions } from '../src/request/capture-options.ts';

export interface ConsumerContext {
  env: Env;
  config: Config;
  deps: CaptureDeps;
}

export interface TaskKindSpec {
  /** The kind of its units' messages on the WORK queue. */
  message: MessageKind;
  /** Captures the unit a WORK message names (or does nothing when the object says skip). */
  work(msg: WorkMessage, token: string, cx: ConsumerContext): Promise<void>;
  /** Gives a lease back after a failed attempt, so the message's retry may claim the unit again at once. */
  giveBack(env: Env, msg: WorkMessage, token: string): Promise<void>;
  /** The unit's message ran out of delivery retries. */
  deadLetter(msg: WorkMessage, cx: ConsumerContext): Promise<void>;
  sweep(env: Env, id: string, req: SweepRequest): Promise<SweepOutcome>;
}

/** For log lines (task-queue.ts names the queues; importing it here would be a cycle). */
const WORK_QUEUE_NAME = 'capture-work';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function store(cx: ConsumerContext, msg: Pick<WorkMessage, 'taskId' | 'index'>, attempt: number, result: ScrapeResult) {
  return storeResult(cx.env.FILES, resultKey(msg.taskId, msg.index, attempt), result.status, { index: msg.index, ...result });
}

async function captureBatchItem(msg: WorkMessage, token: string, cx: ConsumerContext): Promise<void> {
  const stub = batchStub(cx.env, msg.taskId);
  const claim = await stub.claim(msg.index, token);
  if (claim.kind !== 'capture') return;
  const result = await runCapture({ url: claim.url, options: claim.options, profile: apiProfile(cx.config.hosted) }, cx.deps);
  await stub.record(msg.index, await store(cx, msg, claim.attempt, result));
}

type CrawlStub = ReturnType<typeof crawlStub>;

/** A crawl page's capture: the result to store, and what the frontier needs from it. */
async function captureForCrawl(taskId: string, page: HandedPage, options: CaptureOptions, cx: ConsumerContext): Promise<{ stored: StoredResult; outcome: PageOutcome }> {
  // The frontier needs the page's links even when the caller did not ask for them; only asked formats are delivered.
  const { formats, stripLinks } = crawlFormats(options.formats);
  const full = await runCapture({ url: page.url, options: { ...options, formats }, profile: apiProfile(cx.config.hosted) }, cx.deps);
  const links = full.links ?? [];
  const result: ScrapeResult = { ...full };
  if (stripLinks) delete result.links;
  const robots = result.evidenceRecord.robotsDecision;
  const stored = await store(cx, { taskId, index: page.index }, page.attempt, result);
  return { stored, outcome: { links, requested: wasRequested(result), crawlDelayMs: robots === null ? null : (robots.crawlDelayMs ?? 0) } };
}

/** Pages this message may still take through hand-over (D280), shared by all its chains. */
interface HandOverBudget {
  left: number;
  rootToken: string;
}

/** Captures a page, records it and goes on with the pages the crawl hands back, concurrently. */
async function crawlChain(stub: CrawlStub, taskId: string, page: HandedPage, options: CaptureOptions, budget: HandOverBudget, cx: ConsumerContext): Promise<void> {
  const { stored, outcome } = await captureForCrawl(taskId, page, options, cx);
  // Reserved before the call, so chains running side by side never take more than the budget together.
  const take = Math.min(budget.left, HOST_CONCURRENCY);
  budget.left -= take;
  const { next } = await stub.recordAndTake(page.index, stored, outcome, take, budget.rootToken);
  budget.left += take - next.length;
  await Promise.all(next.map((p) => handedChain(stub, taskId, p, options, budget, cx)));
}

async function handedChain(stub: CrawlStub, taskId: string, page: HandedPage, options: CaptureOptions, budget: HandOverBudget, cx: ConsumerContext): Promise<void> {
  try {
    await crawlChain(stub, taskId, page, options, budget, cx);
  } catch (err) {
    // This message's own page is recorded; a handed page that failed goes back to the frontier as a message (its
    // lease lapses and the sweep sends it again if this call fails too).
    console.error(`${WORK_QUEUE_NAME}: crawl_page ${taskId}#${page.index} (handed) failed:`, err);
    await stub.returnPage(page.index, page.token).catch(() => undefined);
  }
}

async function captureCrawlPage(msg: WorkMessage, token: string, cx: ConsumerContext): Promise<void> {
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
  await crawlChain(stub, msg.taskId, page, claim.options, { left: CRAWL_HANDOVER_PAGES, rootToken: token }, cx);
}

export const TASK_KINDS: Readonly<Record<TaskKind, TaskKindSpec>> = {
  batch: {
    message: 'batch_item',
    work: captureBatchItem,
    giveBack: (env, msg, token) => batchStub(env, msg.taskId).release(msg.index, token),
    deadLetter: async (msg, cx) => void (await batchStub(cx.env, msg.taskId).deadLetter(msg.index, cx.config.sourceCommit)),
    sweep: (env, id, req) => batchStub(env, id).sweep(req),
  },
  crawl: {
    message: 'crawl_page',
    work: captureCrawlPage,
    giveBack: (env, msg, token) => crawlStub(env, msg.taskId).release(msg.index, token),
    deadLetter: async (msg, cx) => void (await crawlStub(cx.env, msg.taskId).deadLetter(msg.index)),
    sweep: (env, id, req) => crawlStub(env, id).sweep(req),
  },
  monitor: {
    message: 'monitor_run',
    work: captureMonitorRun,
    giveBack: (env, msg, token) => monitorStub(env, msg.taskId).release(msg.index, token),
    deadLetter: async (msg, cx) => void (await monitorStub(cx.env, msg.taskId).deadLetter(msg.index)),
    sweep: (env, id, req) => monitorStub(env, id).sweep(req),
  },
};

/** The entry of a kind as stored (registry rows may name a kind this version does not know: null). */
export function taskKind(kind: string): TaskKindSpec | null {
  return Object.hasOwn(TASK_KINDS, kind) ? TASK_KINDS[kind as TaskKind] : null;
}
