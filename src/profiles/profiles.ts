// The capture profiles of the service. `API_PROFILE` serves /v1 and everything built on it (batch items, crawl pages,
// monitor runs, /fc, MCP); `previewProfile` serves the anonymous preview host, whose address policy (public
// addresses only, resolved through DNS) is built at its edge and passed in.
import { PRODUCT_TOKEN, PRODUCT_VERSION } from '../capture/identity.ts';
import { staticPublicPolicy } from '../net/policy.ts';
import { PREVIEW_TOKENS, SVC_CAPTURE_TOKENS } from '../robots/index.ts';
import type { AddressPolicy, AddressVerdict, CaptureProfile } from '../capture/profile.ts';
import type { CrawlMode } from '../capture/types.ts';

const MIB = 1024 * 1024;

/** HTML read per page on /v1 (decision D15). */
export const API_PAGE_MAX_BYTES = 10 * MIB;

/** Scheme and credentials only: local mode must reach loopback fixture sites (decision D60). */
function schemeVerdict(url: URL): AddressVerdict {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { allowed: false, stage: 'literal', reason: 'policy_denied', detail: `scheme ${url.protocol} is not allowed` };
  }
  if (url.username || url.password) {
    return { allowed: false, stage: 'literal', reason: 'policy_denied', detail: 'credentials in the URL are not allowed' };
  }
  return { allowed: true };
}

export const SCHEME_ONLY_POLICY: AddressPolicy = {
  name: 'scheme-only',
  checkLiteral: schemeVerdict,
  check: async (url) => schemeVerdict(url),
};

/** The User-Agent of /v1 captures: our product token, plus the operator's contact in research mode. */
export function apiUserAgent(mode: CrawlMode, contact: string | null): string {
  return mode === 'research' && contact
    ? `${PRODUCT_TOKEN}/${PRODUCT_VERSION} (research; +${contact})`
    : `${PRODUCT_TOKEN}/${PRODUCT_VERSION}`;
}

/** The /v1 profile of the local service: loopback fixture sites must be reachable (decision D60). */
export const API_PROFILE: CaptureProfile = {
  name: 'api',
  robotsTokens: SVC_CAPTURE_TOKENS,
  userAgent: apiUserAgent,
  pageMaxBytes: API_PAGE_MAX_BYTES,
  fileMaxBytes: null,
  linksMax: null,
  addressPolicy: SCHEME_ONLY_POLICY,
  lanes: ['http', 'browser_local', 'browser_local_authed', 'browser_proxy', 'provider'],
  storeFiles: true,
  modelFallback: true,
};

export const PREVIEW_PRODUCT = 'Service-Preview/1.0';
/** The /v1 profile of a hosted deployment (`--hosted`, or on Cloudflare): public addresses only (decision D66). */
export const HOSTED_API_PROFILE: CaptureProfile = { ...API_PROFILE, addressPolicy: staticPublicPolicy() };

/** The /v1 profile for this deployment. */
export function apiProfile(hosted: boolean): CaptureProfile {
  return hosted ? HOSTED_API_PROFILE : API_PROFILE;
}

/** A current desktop browser's User-Agent, so pages answer the preview as they answer a person (rule 10). */
const DESKTOP_BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

/** The preview's User-Agent: a desktop browser's, then our preview token and a link to the preview's about page. */
export function previewUserAgent(aboutUrl: string): string {
  return `${DESKTOP_BROWSER_UA} ${PREVIEW_PRODUCT} (+${aboutUrl})`;
}

export interface PreviewProfileOptions {
  policy: AddressPolicy;
  /** Absolute URL of the preview host's about page, declared in the User-Agent. */
  aboutUrl: string;
}

export function previewProfile(o: PreviewProfileOptions): CaptureProfile {
  const ua = previewUserAgent(o.aboutUrl);
  return {
    name: 'preview',
    robotsTokens: PREVIEW_TOKENS,
    userAgent: () => ua,
    pageMaxBytes: 2 * MIB,
    fileMaxBytes: 5 * MIB,
    linksMax: 500,
    addressPolicy: o.policy,
    lanes: ['http'],
    storeFiles: false,
    modelFallback: false,
  };
}
