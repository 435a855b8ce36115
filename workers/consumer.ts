// What every WORK consumer shares: the context a queue delivery runs in, and how a finished capture is stored.
import type { Config } from '../src/config/config.ts';
import { resultKey } from '../src/files/r2-keys.ts';
import type { CaptureDeps } from '../src/pipeline/run-capture.ts';
import type { ScrapeResult } from '../src/pipeline/result.ts';
import type { WorkMessage } from '../src/tasks/messages.ts';
import { storeResult, type StoredResult } from '../src/tasks/result-store.ts';

export interface ConsumerContext {
  env: Env;
  config: Config;
  deps: CaptureDeps;
}

/** The WORK queue's name in wrangler.toml. */
export const WORK_QUEUE = 'capture-work';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A unit's result as its object keeps it: inline, or in R2 under the attempt's key. */
export function storeUnitResult(cx: ConsumerContext, msg: Pick<WorkMessage, 'taskId' | 'index'>, attempt: number, result: ScrapeResult): Promise<StoredResult> {
  return storeResult(cx.env.FILES, resultKey(msg.taskId, msg.index, attempt), result.status, { index: msg.index, ...result });
}
