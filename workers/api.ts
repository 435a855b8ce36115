// The API Worker: HTTP (/v1), the scheduler (cron trigger) and the delivery worker (Queue consumer) in one script,
// with the Durable Object classes it binds. Everything Worker-specific is wired here; src/ gets plain inputs.
import { env } from 'cloudflare:workers';
import { createApp } from '../src/http/app.ts';
import { RESTART_SWEEP_CRON } from '../src/tasks/settings.ts';
import { taskStore } from './env.ts';
import { consumeQueue, sweepTasks } from './task-queue.ts';
import { withRemoteMcp } from './mcp.ts';

export { BatchObject } from '../durable-objects/batch.ts';
export { CrawlObject } from '../durable-objects/crawl.ts';
export { TaskRegistry } from '../durable-objects/registry.ts';

// The module-level env (the Worker's bindings) makes the store; its stubs are made per call, never shared.
const app = createApp({ tasks: taskStore(env) });

export default {
  // /mcp (remote owner-only MCP, behind OAuth) only with the SVC_MCP_* settings; otherwise the app alone.
  fetch: withRemoteMcp((req, env, ctx) => app.fetch(req, env, ctx)),
  queue: (batch, env) => consumeQueue(batch, env),
  // The launcher's start-up sweep (D223) sends its start time: work sent before it died with the previous process.
  scheduled: (controller, env, ctx) =>
    ctx.waitUntil(sweepTasks(env, Date.now(), controller.cron === RESTART_SWEEP_CRON ? controller.scheduledTime : null)),
} satisfies ExportedHandler<Env>;
