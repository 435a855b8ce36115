// The edge's view of the Worker environment: the generated `Env` (worker-configuration.d.ts, `npx wrangler types`)
// narrowed to what the library may see (src/config/bindings.ts), and the TaskStore the routes are given.
import { batchStub, crawlStub, registryStub } from '../durable-objects/stubs.ts';
import type { ServiceEnv } from '../src/config/bindings.ts';
import type { TaskStore } from '../src/tasks/store.ts';

/** The library's slice of the environment (a plain narrowing: Env has every binding ServiceEnv names). */
export const serviceEnv = (env: Env): ServiceEnv => env;

/** Batches, crawls and the registry as Durable Object stubs, made on each call. */
export function taskStore(env: Env): TaskStore {
  return {
    registry: () => registryStub(env),
    batch: (id) => batchStub(env, id),
    crawl: (id) => crawlStub(env, id),
  };
}
