// The API Worker: HTTP (/v1), the scheduler (cron trigger) and the delivery worker (Queue consumer) in one script,
// with the Durable Object classes it binds.
import { createApp } from '../src/http/app.ts';
import type { ServiceEnv } from '../src/config/bindings.ts';

export { BatchObject } from '../durable-objects/batch.ts';
export { CrawlObject } from '../durable-objects/crawl.ts';

const app = createApp();

export default {
  fetch: (req: Request, env: ServiceEnv, ctx: ExecutionContext) => app.fetch(req, env, ctx),
} satisfies ExportedHandler<ServiceEnv>;
