// Recovery after a restart of the local service (decision D223). Its queues live in memory: a restart — a kill -9,
// or a `wrangler dev` reload after a source change — empties them and ends every capture in flight. So in local mode
// (the launcher sets SVC_LOCAL_SERVICE) the first scheduled run of a fresh runtime treats every message sent and
// every lease taken before the runtime's first invocation as lost, and the sweep sends that work again at once. The
// launcher fires the scheduled handler as soon as the service is up, so a restart recovers within seconds. On
// Cloudflare queues are durable and isolates come and go: the ordinary sweep rules alone apply there.

export interface RuntimeRecovery {
  /** Called by every handler: the first call marks the start of this runtime. */
  seen(now?: number): void;
  /** For the first scheduled run of a fresh local runtime: the instant before which work is lost; otherwise null. */
  lostBefore(local: boolean, now?: number): number | null;
}

export function runtimeRecovery(): RuntimeRecovery {
  let startedAt: number | null = null;
  let recovered = false;
  return {
    seen(now = Date.now()) {
      startedAt ??= now;
    },
    lostBefore(local, now = Date.now()) {
      startedAt ??= now;
      if (recovered || !local) return null;
      recovered = true;
      return startedAt;
    },
  };
}
