// What the library (src/) may see of a Worker's environment: the files bucket and the SVC_* settings, which
// loadConfig reads once at the edge. The Worker's full environment is the `Env` that `wrangler types` generates
// (worker-configuration.d.ts); it satisfies this type, and only workers/ and durable-objects/ use its other bindings
// (Durable Object namespaces, queues) — src/ reaches tasks through the injected TaskStore (src/tasks/store.ts).
//
// A type alias, not an interface, so that it is also a Record<string, unknown> for the settings loader.
export type ServiceEnv = {
  FILES: R2Bucket;
  /** Browser Rendering (the browser lanes); absent in tests that do not need it. */
  BROWSER?: Fetcher;
  SVC_TASK_STALE_MS?: string;
  /** '1' under the local launcher: a fresh runtime means its in-memory queues were emptied (decision D223). */
  SVC_LOCAL_SERVICE?: string;
};
