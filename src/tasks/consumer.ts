// The delivery worker's task side: WORK messages become captures (one runCapture per batch item or crawl page), and
// DEAD_LETTERS messages mark what ran out of delivery retries. Idempotent under at-least-once delivery: the Durable
// Object's lease decides whether a message may capture, and its log records each unit once.
import type { FormatRequest } from '../capture/types.ts';
import type { Config } from '../config/config.ts';
import type { ServiceEnv } from '../config/bindings.ts';
import { runCapture, type CaptureDeps } from '../pipeline/run-capture.ts';
import type { ScrapeResult } from '../pipeline/result.ts';
import { batchStub, crawlStub } from './bindings.ts';
import { parseWorkMessage, type WorkMessage } from './messages.ts';
import { resultKey, storeResult } from './result-store.ts';
import { MAX_CONSUMER_WAIT_MS } from './settings.ts';

export interface ConsumerContext {
  env: ServiceEnv;
  config: Config;
  deps: CaptureDeps;
}

type Outcome = 'done' | 'retry';

/** Handles one WORK message; 'retry' asks the queue to deliver it again (the unit's lease was given back). */
export async function handleWork(body: unknown, messageId: string, cx: ConsumerContext): Promise<Outcome> {
  const msg = parseWorkMessage(body);
  if (msg === null) {
    console.error('WORK: dropping a message that is not a task message:', JSON.stringify(body).slice(0, 200));
    return 'done';
  }
  try {
    if (msg.kind === 'batch_item') await captureBatchItem(msg, messageId, cx);
    else await captureCrawlPage(msg, messageId, cx);
    return 'done';
  } catch (err) {
    console.error(`WORK ${msg.kind} ${msg.taskId}#${msg.index} failed:`, err);
    await giveBack(msg, messageId, cx.env);
    return 'retry';
  }
}

async function giveBack(msg: WorkMessage, token: string, env: ServiceEnv): Promise<void> {
  try {
    if (msg.kind === 'batch_item') await batchStub(env, msg.taskId).release(msg.index, token);
    else await crawlStub(env, msg.taskId).release(msg.index, token);
  } catch {
    // The lease lapses by itself; the retried message claims the unit again with the same token meanwhile.
  }
}

async function captureBatchItem(msg: WorkMessage, token: string, cx: ConsumerContext): Promise<void> {
  const stub = batchStub(cx.env, msg.taskId);
  const claim = await stub.claim(msg.index, token);
  if (claim.kind !== 'capture') return;
  const result = await runCapture({ url: claim.url, options: claim.options }, cx.deps);
  const stored = await storeResult(cx.env.FILES, resultKey(msg.taskId, msg.index, claim.attempt), result.status, {
    index: msg.index,
    ...result,
  });
  await stub.record(msg.index, stored);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
  // The frontier needs the page's links even when the caller did not ask for them; only asked formats are delivered.
  const asked = claim.options.formats;
  const wantsLinks = asked.some((f) => f.type === 'links');
  const formats: FormatRequest[] = wantsLinks ? asked : [...asked, { type: 'links' }];
  const full = await runCapture({ url: claim.url, options: { ...claim.options, formats } }, cx.deps);
  const links = full.links ?? [];
  const result: ScrapeResult = { ...full };
  if (!wantsLinks) delete result.links;
  const stored = await storeResult(cx.env.FILES, resultKey(msg.taskId, msg.index, claim.attempt), result.status, {
    index: msg.index,
    ...result,
  });
  const robots = result.evidenceRecord.robotsDecision;
  await stub.record(msg.index, stored, {
    links,
    requested: wasRequested(result),
    crawlDelayMs: robots === null ? null : (robots.crawlDelayMs ?? 0),
  });
}

/** Whether the capture sent the page request to the host (robots.txt refusals and invalid URLs send none). */
export function wasRequested(result: ScrapeResult): boolean {
  const r = result.evidenceRecord;
  if (r.redirectChain.urls.length > 0) return true;
  if (r.status === 'invalid_url') return false;
  return !(r.status === 'blocked' && (r.reason === 'robots_disallowed' || r.reason === 'robots_unreachable'));
}

/** Handles one DEAD_LETTERS message: a batch item is recorded as failed, a crawl becomes interrupted. */
export async function handleDeadLetter(body: unknown, cx: ConsumerContext): Promise<void> {
  const msg = parseWorkMessage(body);
  if (msg === null) {
    console.error('DEAD_LETTERS: dropping a message that is not a task message:', JSON.stringify(body).slice(0, 200));
    return;
  }
  if (msg.kind === 'batch_item') await batchStub(cx.env, msg.taskId).deadLetter(msg.index, cx.config.sourceCommit);
  else await crawlStub(cx.env, msg.taskId).deadLetter(msg.index);
}
