// Capture dependencies built at the edge from the bindings. The robots.txt cache lives as long as the isolate.
import type { Config } from '../config/config.ts';
import type { ServiceEnv } from '../config/bindings.ts';
import type { CaptureDeps } from '../pipeline/run-capture.ts';
import { RobotsCache } from '../robots/index.ts';

const robotsCache = new RobotsCache();

export function captureDeps(env: ServiceEnv, config: Config): CaptureDeps {
  return {
    config,
    fetch: (input, init) => fetch(input, init),
    files: env.FILES,
    robotsCache,
  };
}
