// The API Worker: HTTP (/v1), the scheduler (cron trigger) and the delivery worker (Queue consumer) in one script,
// with the Durable Object classes it binds. Everything Worker-specific is wired here; src/ gets plain inputs.
import { env } from 'cloudflare:workers';
import { createApp } from '../src/http/app.ts';
import { asIsWhenLocal } from '../src/http/as-is.ts';
import { serviceEnv, taskStore } from './env.ts';
import { runtimeRecovery } from './recovery.ts';
import { consumeQueue, sweepTasks } from './task-queue.ts';
import { withRemoteMcp } from './mcp.ts';
import { hookStore, sweepHooks } from './monitors.ts';

export { BatchObject } from '../durable-objects/batch.ts';
export { CrawlObject } from '../durable-objects/crawl.ts';
export { TaskRegistry } from '../durable-objects/registry.ts';
export { MonitorObject } from '../durable-objects/monitor.ts';
export { MonitorIndex } from '../durable-objects/monitor-index.ts';
export { DeliveryLedger } from '../durable-objects/deliveries.ts';

// The module-level env (the Worker's bindings) makes the store; its stubs are made per call, never shared.
const app = createApp({ tasks: taskStore(env), hooks: hookStore(env) });
const recovery = runtimeRecovery();
// /mcp (remote owner-only MCP, behind OAuth) only with the SVC_MCP_* settings; otherwise the app alone.
const handle = withRemoteMcp((req, env, ctx) => {
  recovery.seen();
  return app.fetch(req, env, ctx);
});

export default {
  // The local service answers uncompressed (D293).
  fetch: asIsWhenLocal(handle, (e: Env) => serviceEnv(e).SVC_LOCAL_SERVICE === '1'),
  queue: (batch, env) => {
    recovery.seen();
    return consumeQueue(batch, env);
  },
  // The first run of a fresh local runtime also sends again the work the previous process died with (D223).
  // Monitors and deliveries are swept too: due runs start even when an alarm was lost (D267).
  scheduled: (_controller, env, ctx) => {
    const lostBefore = recovery.lostBefore(serviceEnv(env).SVC_LOCAL_SERVICE === '1');
    ctx.waitUntil(Promise.all([sweepTasks(env, Date.now(), lostBefore), sweepHooks(env, Date.now(), lostBefore)]));
  },
} satisfies ExportedHandler<Env>;
