import type { Config } from '../config/config.ts';
import type { ServiceEnv } from '../config/bindings.ts';

/** Hono environment of the API Worker: the bindings and the config read once per request at the edge. */
export interface AppEnv {
  Bindings: ServiceEnv;
  Variables: { config: Config };
}
