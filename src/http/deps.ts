// Capture dependencies built at the edge from the bindings, once per Worker invocation (a request, or a queue
// delivery of several captures). The robots.txt cache lives as long as the isolate; reads under way are shared only
// within the invocation, since workerd forbids awaiting another request's I/O.
import type { Config } from '../config/config.ts';
import type { ServiceEnv } from '../config/bindings.ts';
import { browserDepsOf } from './browser-deps.ts';
import { routedFetch } from '../lanes/proxy/proxy-fetch.ts';
import { proxyRouteOf } from '../lanes/proxy/settings.ts';
import type { CaptureDeps } from '../pipeline/run-capture.ts';
import { RobotsCache } from '../robots/index.ts';

const robotsCache = new RobotsCache();

export function captureDeps(env: ServiceEnv, config: Config): CaptureDeps {
  return {
    config,
    // Local mode's environment proxy (HTTPS_PROXY / HTTP_PROXY / NO_PROXY) for every outbound request of a capture.
    fetch: routedFetch(config.proxy, (input, init) => fetch(input, init)),
    files: env.FILES,
    robotsCache,
    robotsInflight: new Map(),
    routeOf: (url) => proxyRouteOf(config.proxy, url),
    now: Date.now,
    browser: browserDepsOf(env, config),
  };
}
