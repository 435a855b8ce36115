// The browser lanes' dependencies, built at the edge from the bindings and the config (src/http/deps.ts).
import type { ServiceEnv } from '../config/bindings.ts';
import type { Config } from '../config/config.ts';
import { BrowserPool } from '../lanes/browser/pool.ts';
import type { BrowserDeps } from '../pipeline/lane-plan.ts';
import { SessionStore } from '../lanes/browser/sessions-store.ts';

/** The stored sessions, or null when the operator set no SVC_SESSION_KEY (sessions are then refused). */
export function sessionStoreOf(env: ServiceEnv, config: Config): SessionStore | null {
  return config.sessionKey ? new SessionStore(env.FILES, config.sessionKey) : null;
}

/** Null without a BROWSER binding: the browser lanes then answer `browser_unavailable` and `auto` stays on HTTP. */
export function browserDepsOf(env: ServiceEnv, config: Config): BrowserDeps | null {
  if (!env.BROWSER) return null;
  const sessions = sessionStoreOf(env, config);
  return {
    pool: new BrowserPool(env.BROWSER, config.browserMaxPages),
    session: (id) => (sessions ? sessions.state(id) : Promise.resolve(null)),
  };
}
