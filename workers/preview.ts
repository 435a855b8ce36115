// The preview Worker (separate host, spec {preview_url}): the anonymous preview site. Its bindings and SVC_* settings
// are read here, once per request, into the services the routes of src/preview/app.ts use.
import { loadConfig } from '../src/config/config.ts';
import { proxyRouteOf, routedFetch } from '../src/lanes/proxy/proxy-fetch.ts';
import { NO_PROXY_ROUTES } from '../src/lanes/proxy/settings.ts';
import { dohResolver } from '../src/net/doh.ts';
import { publicAddressPolicy } from '../src/net/policy.ts';
import { asIsWhenLocal } from '../src/http/as-is.ts';
import { createPreviewApp, type PreviewServices } from '../src/preview/app.ts';
import { capturePreview } from '../src/preview/capture.ts';
import { loadPreviewConfig } from '../src/preview/config.ts';
import { PREVIEW_LIMITS } from '../src/preview/quota.ts';
import { RobotsCache } from '../src/robots/index.ts';
import type { PreviewQuota } from '../durable-objects/preview-quota.ts';

export { PreviewQuota } from '../durable-objects/preview-quota.ts';

export interface PreviewEnv {
  PREVIEW_QUOTA: DurableObjectNamespace<PreviewQuota>;
  [setting: string]: unknown;
}

// Lives as long as the isolate, like the API Worker's (decision D24).
const robotsCache = new RobotsCache();

async function services(env: PreviewEnv): Promise<PreviewServices> {
  const preview = loadPreviewConfig(env);
  // The capture settings, without the API's rule that hosted mode needs tokens (the preview takes none); hosted
  // mode itself is the preview's own setting, and hosted means no environment proxy, as for the API.
  const base = await loadConfig({ ...env, SVC_HOSTED: undefined });
  const config = preview.hosted ? { ...base, hosted: true, proxy: NO_PROXY_ROUTES } : base;
  // One Durable Object for all counters: the visitor and site allowances are checked and counted in one step.
  const quota = env.PREVIEW_QUOTA.get(env.PREVIEW_QUOTA.idFromName('quota'));
  const transport = routedFetch(config.proxy, (input, init) => fetch(input, init));
  // DNS-over-HTTPS questions leave like any other request of the service (locally through the environment proxy).
  const resolve = dohResolver((input, init) => transport(input, init ?? {}), preview.dnsUrl);
  return {
    config: preview,
    quota: {
      read: (visitor, now) => quota.read(preview.epoch, visitor, now, PREVIEW_LIMITS),
      tryStart: (visitor, now) => quota.tryStart(preview.epoch, visitor, now, PREVIEW_LIMITS),
    },
    policy: () => publicAddressPolicy({ resolve, allowOrigins: preview.allowOrigins }),
    capture: (input) =>
      capturePreview(input, { config, fetch: transport, routeOf: (url) => proxyRouteOf(config.proxy, url), robotsCache, now: Date.now }),
    now: Date.now,
  };
}

const app = createPreviewApp((env) => services(env as PreviewEnv));

export default {
  // The local service answers uncompressed (D293).
  fetch: asIsWhenLocal((req: Request, env: PreviewEnv, ctx: ExecutionContext) => app.fetch(req, env, ctx), (e) => e.SVC_LOCAL_SERVICE === '1'),
} satisfies ExportedHandler<PreviewEnv>;
