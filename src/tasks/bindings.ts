// Typed stubs of the batch and crawl Durable Objects (bindings BATCHES, CRAWLS, REGISTRY of wrangler.toml).
import type { BatchObject } from '../../durable-objects/batch.ts';
import type { CrawlObject } from '../../durable-objects/crawl.ts';
import type { TaskRegistry } from '../../durable-objects/registry.ts';
import type { ServiceEnv } from '../config/bindings.ts';

/** Name of the one registry instance. */
export const REGISTRY_NAME = 'tasks';

// ServiceEnv declares the namespaces untyped (its module cannot import the classes without a cycle); the class
// exported under each binding's class_name is the one named here.
function stubOf<T extends Rpc.DurableObjectBranded>(ns: DurableObjectNamespace, name: string): DurableObjectStub<T> {
  const typed = ns as unknown as DurableObjectNamespace<T>;
  return typed.get(typed.idFromName(name));
}

export function batchStub(env: ServiceEnv, id: string): DurableObjectStub<BatchObject> {
  return stubOf<BatchObject>(env.BATCHES, id);
}

export function crawlStub(env: ServiceEnv, id: string): DurableObjectStub<CrawlObject> {
  return stubOf<CrawlObject>(env.CRAWLS, id);
}

export function registryStub(env: ServiceEnv): DurableObjectStub<TaskRegistry> {
  return stubOf<TaskRegistry>(env.REGISTRY, REGISTRY_NAME);
}
