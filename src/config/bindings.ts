// The bindings of the API Worker (wrangler.toml) plus its SVC_* variables. Only the edge reads these.
export interface ServiceEnv {
  BATCHES: DurableObjectNamespace;
  CRAWLS: DurableObjectNamespace;
  FILES: R2Bucket;
  WORK: Queue;
  DEAD_LETTERS: Queue;
  REGISTRY: DurableObjectNamespace;
  [setting: string]: unknown;
}
