// The Worker's `queue` and `scheduled` entry points for batches and crawls. The consumer config (wrangler.toml)
// routes WORK and its dead-letter queue to this one handler; the queue name tells them apart.
import { loadConfig } from '../config/config.ts';
import type { ServiceEnv } from '../config/bindings.ts';
import { captureDeps } from '../http/deps.ts';
import { registryStub, batchStub, crawlStub } from './bindings.ts';
import { handleDeadLetter, handleWork, type ConsumerContext } from './consumer.ts';
import { staleMsFromEnv } from './settings.ts';

/** Queue names of wrangler.toml. */
export const WORK_QUEUE = 'capture-work';
export const DEAD_LETTER_QUEUE = 'capture-work-dlq';

export async function consumeTaskQueue(batch: MessageBatch<unknown>, env: ServiceEnv): Promise<void> {
  const config = await loadConfig(env);
  const cx: ConsumerContext = { env, config, deps: captureDeps(env, config) };
  const deadLetters = batch.queue === DEAD_LETTER_QUEUE;
  await Promise.all(
    batch.messages.map(async (m) => {
      if (deadLetters) {
        try {
          await handleDeadLetter(m.body, cx);
          m.ack();
        } catch (err) {
          console.error('DEAD_LETTERS message failed:', err);
          m.retry();
        }
        return;
      }
      if ((await handleWork(m.body, m.id, cx)) === 'done') m.ack();
      else m.retry();
    }),
  );
}

/**
 * The scheduled sweep (D53): every unfinished task is asked to send again work whose message or lease was lost
 * (e.g. the queue's in-memory backlog after a kill -9 of the local service) and to finish an interrupted acceptance.
 */
export async function sweepTasks(env: ServiceEnv, now: number = Date.now()): Promise<void> {
  const staleMs = staleMsFromEnv(env);
  const registry = registryStub(env);
  for (const entry of await registry.list()) {
    try {
      const stub = entry.kind === 'batch' ? batchStub(env, entry.id) : crawlStub(env, entry.id);
      const outcome = await stub.sweep(staleMs, now);
      if (outcome === 'unknown' && entry.since < now - staleMs) await registry.release(entry.id);
      else if (entry.kind === 'batch' && entry.accepting && outcome !== 'unknown') await registry.accepted(entry.id);
    } catch (err) {
      console.error(`sweep of ${entry.id} failed:`, err);
    }
  }
}
