// Settings of the preview Worker, read once at its edge (workers/preview.ts) and checked by the launcher before it
// starts anything. SVC_PREVIEW_ALLOW_ORIGINS exists only for tests and local demos of loopback fixture sites: a
// hosted server refuses to start with it.
import { ConfigError, str, hostedSetting } from '../config/config.ts';
import { DEFAULT_DOH_URL } from '../net/doh.ts';
import { parseAllowOrigins } from '../net/policy.ts';
import { errorMessage } from '../io/errors.ts';

export interface PreviewConfig {
  hosted: boolean;
  /** Origins exempt from the address policy (SVC_PREVIEW_ALLOW_ORIGINS). */
  allowOrigins: string[];
  /** DNS-over-HTTPS JSON endpoint (SVC_PREVIEW_DNS_URL), default Cloudflare's resolver. */
  dnsUrl: string;
  /** Counter epoch: the local launcher's start time (counters reset with it); `hosted` when none is set. */
  epoch: string;
}

export function loadPreviewConfig(env: Record<string, unknown>): PreviewConfig {
  const hosted = hostedSetting(env);
  let allowOrigins: string[];
  try {
    allowOrigins = parseAllowOrigins(str(env, 'SVC_PREVIEW_ALLOW_ORIGINS'));
  } catch (err) {
    throw new ConfigError(errorMessage(err));
  }
  if (hosted && allowOrigins.length > 0) {
    throw new ConfigError('SVC_PREVIEW_ALLOW_ORIGINS is only for tests and local demos; --hosted refuses to start with it set');
  }
  const dnsUrl = str(env, 'SVC_PREVIEW_DNS_URL') ?? DEFAULT_DOH_URL;
  let parsed: URL | null = null;
  try {
    parsed = new URL(dnsUrl);
  } catch {
    // reported below
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new ConfigError(`SVC_PREVIEW_DNS_URL must be an http(s) URL of a DNS-over-HTTPS JSON endpoint: ${dnsUrl}`);
  }
  return { hosted, allowOrigins, dnsUrl, epoch: str(env, 'SVC_PREVIEW_EPOCH') ?? 'hosted' };
}
