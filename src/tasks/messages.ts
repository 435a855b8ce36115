// Messages on the WORK queue (and, after their delivery retries ran out, on DEAD_LETTERS). A message names one unit
// of work by task and position only; the Durable Object holds everything else, so a message delivered twice, late or
// after a restart can always be checked against the current state (at-least-once delivery).
import { isTaskId } from './ids.ts';

export type WorkMessage =
  | { kind: 'batch_item'; taskId: string; index: number }
  | { kind: 'crawl_page'; taskId: string; index: number };

export function batchItemMessage(taskId: string, index: number): WorkMessage {
  return { kind: 'batch_item', taskId, index };
}

export function crawlPageMessage(taskId: string, index: number): WorkMessage {
  return { kind: 'crawl_page', taskId, index };
}

/** The message, or null when the body is not one of ours. */
export function parseWorkMessage(body: unknown): WorkMessage | null {
  if (typeof body !== 'object' || body === null) return null;
  const { kind, taskId, index } = body as Record<string, unknown>;
  if (typeof taskId !== 'string' || typeof index !== 'number' || !Number.isInteger(index) || index < 0) return null;
  if (kind === 'batch_item' && isTaskId('batch', taskId)) return { kind, taskId, index };
  if (kind === 'crawl_page' && isTaskId('crawl', taskId)) return { kind, taskId, index };
  return null;
}
