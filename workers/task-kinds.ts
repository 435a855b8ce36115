// Every task kind in one table (decision D221): which Durable Object holds it, how a WORK message of it becomes a
// capture, what its dead letter does, and how the sweep looks after it. A new kind (monitor runs, deliveries) adds
// one entry here and one message kind in src/tasks/messages.ts; the consumer, the sweep and the registry follow.
import { batchStub, crawlStub } from '../durable-objects/stubs.ts';
import { monitorStub } from '../durable-objects/monitor-stubs.ts';
import { captureMonitorRun } from './monitors.ts';
import { apiProfile } from '../src/profiles/profiles.ts';
import { runCapture } from '../src/pipeline/run-capture.ts';
import type { TaskKind } from '../src/tasks/ids.ts';
import type { MessageKind, WorkMessage } from '../src/tasks/messages.ts';
import type { SweepOutcome, SweepRequest } from '../src/tasks/store.ts';
import { storeUnitResult, type ConsumerContext } from './consumer.ts';
import { captureCrawlPage } from './crawl-pages.ts';

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

async function captureBatchItem(msg: WorkMessage, token: string, cx: ConsumerContext): Promise<void> {
  const stub = batchStub(cx.env, msg.taskId);
  const claim = await stub.claim(msg.index, token);
  if (claim.kind !== 'capture') return;
  const result = await runCapture({ url: claim.url, options: claim.options, profile: apiProfile(cx.config.hosted) }, cx.deps);
  await stub.record(msg.index, await storeUnitResult(cx, msg, claim.attempt, result));
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
