// The Worker's `queue` and `scheduled` entry points for tasks. Each queue of wrangler.toml has one handler in
// QUEUE_HANDLERS (work, its dead letters; a deliveries queue adds its own entry); each message names a task kind,
// which TASK_KINDS (task-kinds.ts) turns into the right object and handler.
import { registryStub } from '../durable-objects/stubs.ts';
import { configOf } from '../src/config/config.ts';
import { captureDeps } from '../src/http/deps.ts';
import { parseWorkMessage } from '../src/tasks/messages.ts';
import { staleMsFromEnv } from '../src/tasks/settings.ts';
import { serviceEnv } from './env.ts';
import { WORK_QUEUE, type ConsumerContext } from './consumer.ts';
import { TASK_KINDS, taskKind } from './task-kinds.ts';
import { DELIVERY_DEAD_LETTER_QUEUE, DELIVERY_QUEUE, onDelivery, onDeliveryDeadLetter } from './deliveries.ts';

/** The WORK queue's dead letters (wrangler.toml). */
export const DEAD_LETTER_QUEUE = 'capture-work-dlq';

type Verdict = 'ack' | 'retry';
type QueueHandler = (message: Message<unknown>, cx: ConsumerContext) => Promise<Verdict>;

/** A WORK message becomes one capture; on failure the lease is given back and the message retried. */
async function onWork(message: Message<unknown>, cx: ConsumerContext): Promise<Verdict> {
  const parsed = parseWorkMessage(message.body);
  if (!parsed.ok) {
    console.error(`${WORK_QUEUE}: dropping a message (${parsed.reason}):`, JSON.stringify(message.body)?.slice(0, 200));
    return 'ack';
  }
  const { msg, task } = parsed;
  const kind = TASK_KINDS[task];
  try {
    await kind.work(msg, message.id, cx);
    return 'ack';
  } catch (err) {
    console.error(`${WORK_QUEUE}: ${msg.kind} ${msg.taskId}#${msg.index} failed:`, err);
    // The lease lapses by itself if this fails too; the retried message claims the unit again with the same token.
    await kind.giveBack(cx.env, msg, message.id).catch(() => undefined);
    return 'retry';
  }
}

/** A dead letter: a batch item is recorded as failed, a crawl becomes interrupted. */
async function onDeadLetter(message: Message<unknown>, cx: ConsumerContext): Promise<Verdict> {
  const parsed = parseWorkMessage(message.body);
  if (!parsed.ok) {
    console.error(`${DEAD_LETTER_QUEUE}: dropping a message (${parsed.reason}):`, JSON.stringify(message.body)?.slice(0, 200));
    return 'ack';
  }
  try {
    await TASK_KINDS[parsed.task].deadLetter(parsed.msg, cx);
    return 'ack';
  } catch (err) {
    console.error(`${DEAD_LETTER_QUEUE}: message failed:`, err);
    return 'retry';
  }
}

export const QUEUE_HANDLERS: Readonly<Record<string, QueueHandler>> = {
  [WORK_QUEUE]: onWork,
  [DEAD_LETTER_QUEUE]: onDeadLetter,
  [DELIVERY_QUEUE]: onDelivery,
  [DELIVERY_DEAD_LETTER_QUEUE]: onDeliveryDeadLetter,
};

export async function consumeQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const handler = Object.hasOwn(QUEUE_HANDLERS, batch.queue) ? QUEUE_HANDLERS[batch.queue] : null;
  if (handler === null) {
    console.error(`no handler for queue ${batch.queue}; its messages are retried`);
    batch.retryAll();
    return;
  }
  const config = await configOf(serviceEnv(env));
  const cx: ConsumerContext = { env, config, deps: captureDeps(env, config) };
  await Promise.all(
    batch.messages.map(async (m) => {
      if ((await handler(m, cx)) === 'ack') m.ack();
      else m.retry();
    }),
  );
}

/**
 * The scheduled sweep (D53): every unfinished task is asked to send again work whose message or lease was lost and
 * to finish an interrupted acceptance. `lostBefore` (the restart sweep, D223) marks everything older as lost.
 */
export async function sweepTasks(env: Env, now: number = Date.now(), lostBefore: number | null = null): Promise<void> {
  const staleMs = staleMsFromEnv(serviceEnv(env));
  const registry = registryStub(env);
  for (const entry of await registry.list()) {
    const kind = taskKind(entry.kind);
    if (kind === null) {
      console.error(`sweep: ${entry.id} has unknown kind ${JSON.stringify(entry.kind)}; left alone`);
      continue;
    }
    try {
      const outcome = await kind.sweep(env, entry.id, { staleMs, now, lostBefore });
      if (outcome === 'unknown' && entry.since < now - staleMs) await registry.release(entry.id);
      else if (entry.accepting && outcome !== 'unknown') await registry.accepted(entry.id);
    } catch (err) {
      console.error(`sweep of ${entry.id} failed:`, err);
    }
  }
}
