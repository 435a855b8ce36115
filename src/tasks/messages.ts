// Messages on the WORK queue (and, after their delivery retries ran out, on DEAD_LETTERS). A message names one unit
// of work by task and position only; the Durable Object holds everything else, so a message delivered twice, late or
// after a restart can always be checked against the current state (at-least-once delivery).
//
// Messages carry a version `v` (decision D220). Version 1 is the only one; a message without `v` is a version-1
// message sent before versions existed (it may still sit in a queue) and is read as one. Any other version is
// refused with a reason, and the consumer drops it with a log line.
import { isTaskId, type TaskKind } from './ids.ts';

export const WORK_MESSAGE_VERSION = 1;

/** Message kinds on the wire and the task kind each belongs to. */
export const MESSAGE_KINDS = { batch_item: 'batch', crawl_page: 'crawl', monitor_run: 'monitor' } as const satisfies Record<string, TaskKind>;
export type MessageKind = keyof typeof MESSAGE_KINDS;

export interface WorkMessage {
  v: typeof WORK_MESSAGE_VERSION;
  kind: MessageKind;
  taskId: string;
  index: number;
}

export type ParsedMessage = { ok: true; msg: WorkMessage; task: TaskKind } | { ok: false; reason: string };

export function workMessage(kind: MessageKind, taskId: string, index: number): WorkMessage {
  return { v: WORK_MESSAGE_VERSION, kind, taskId, index };
}

const isMessageKind = (k: unknown): k is MessageKind => typeof k === 'string' && Object.hasOwn(MESSAGE_KINDS, k);

/** The message and its task kind, or why the body is not a message this version of the service handles. */
export function parseWorkMessage(body: unknown): ParsedMessage {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, reason: 'not an object' };
  const { v, kind, taskId, index } = body as Record<string, unknown>;
  if (v !== undefined && v !== WORK_MESSAGE_VERSION) return { ok: false, reason: `unknown message version ${JSON.stringify(v)}` };
  if (!isMessageKind(kind)) return { ok: false, reason: `unknown message kind ${JSON.stringify(kind)?.slice(0, 40)}` };
  const task = MESSAGE_KINDS[kind];
  if (typeof taskId !== 'string' || !isTaskId(task, taskId)) return { ok: false, reason: `not a ${task} id` };
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) return { ok: false, reason: 'index is not a position' };
  return { ok: true, msg: workMessage(kind, taskId, index), task };
}
