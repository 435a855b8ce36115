// The API Worker: HTTP (/v1), the scheduler (cron trigger) and the delivery worker (Queue consumer) in one script,
// with the Durable Object classes it binds.
import { createApp } from '../src/http/app.ts';
import type { ServiceEnv } from '../src/config/bindings.ts';
import { consumeTaskQueue, sweepTasks } from '../src/tasks/queue.ts';

export { BatchObject } from '../durable-objects/batch.ts';
export { CrawlObject } from '../durable-objects/crawl.ts';
export { TaskRegistry } from '../durable-objects/registry.ts';

const app = createApp();

export default {
  fetch: (req: Request, env: ServiceEnv, ctx: ExecutionContext) => app.fetch(req, env, ctx),
  queue: (batch: MessageBatch<unknown>, env: ServiceEnv) => consumeTaskQueue(batch, env),
  scheduled: (_controller: ScheduledController, env: ServiceEnv, ctx: ExecutionContext) => ctx.waitUntil(sweepTasks(env)),
} satisfies ExportedHandler<ServiceEnv>;
