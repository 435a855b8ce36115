// Stubs of the task objects, typed by the `Env` that `wrangler types` generates (worker-configuration.d.ts): each
// namespace there already names its class, so no cast is needed.

/** Name of the one registry instance. */
export const REGISTRY_NAME = 'tasks';

export const batchStub = (env: Env, id: string) => env.BATCHES.get(env.BATCHES.idFromName(id));
export const crawlStub = (env: Env, id: string) => env.CRAWLS.get(env.CRAWLS.idFromName(id));
export const registryStub = (env: Env) => env.REGISTRY.get(env.REGISTRY.idFromName(REGISTRY_NAME));
