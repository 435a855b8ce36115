// Typed access to the bindings of the batch and crawl machinery. REGISTRY is declared in wrangler.toml beside BATCHES
// and CRAWLS; the service's ServiceEnv does not name it, so it is checked here at the edge.
import type { BatchObject } from '../../durable-objects/batch.ts';
import type { CrawlObject } from '../../durable-objects/crawl.ts';
import type { TaskRegistry } from '../../durable-objects/registry.ts';
import type { ServiceEnv } from '../config/bindings.ts';

/** Name of the one registry instance. */
export const REGISTRY_NAME = 'tasks';

function namespace<T extends Rpc.DurableObjectBranded>(env: ServiceEnv, name: string): DurableObjectNamespace<T> {
  const ns = env[name];
  if (typeof ns !== 'object' || ns === null || !('idFromName' in ns)) {
    throw new Error(`the Durable Object binding ${name} is missing (wrangler.toml)`);
  }
  return ns as DurableObjectNamespace<T>;
}

export function batchStub(env: ServiceEnv, id: string): DurableObjectStub<BatchObject> {
  const ns = namespace<BatchObject>(env, 'BATCHES');
  return ns.get(ns.idFromName(id));
}

export function crawlStub(env: ServiceEnv, id: string): DurableObjectStub<CrawlObject> {
  const ns = namespace<CrawlObject>(env, 'CRAWLS');
  return ns.get(ns.idFromName(id));
}

export function registryStub(env: ServiceEnv): DurableObjectStub<TaskRegistry> {
  const ns = namespace<TaskRegistry>(env, 'REGISTRY');
  return ns.get(ns.idFromName(REGISTRY_NAME));
}
