// The `provider` lane: a rendering provider with the request/response shape of Cloudflare Browser Rendering's REST
// `/content` endpoint (POST `{url}` with a bearer token → `{success, result: "<rendered html>", errors}`). We still
// check the address policy and robots.txt before asking the vendor to fetch anything. The vendor does not report its
// redirects, its route or its User-Agent: the chain is [requestedUrl] and never complete, proxy and userAgent are null.
import type { AddressPolicy } from '../capture/profile.ts';
import type { RobotsDecision } from '../capture/types.ts';
import { errorMessage } from '../io/errors.ts';
import { gateHop, type RobotsGate } from './http.ts';
import type { FetchFn, LaneResult } from './types.ts';

export interface ProviderSettings {
  /** The full endpoint URL, e.g. https://api.cloudflare.com/client/v4/accounts/<id>/browser-rendering/content */
  url: string;
  token: string | null;
}

export interface ProviderLaneRequest {
  url: URL;
  provider: ProviderSettings;
  signal: AbortSignal;
  fetch: FetchFn;
  robots: RobotsGate;
  policy: AddressPolicy;
  now: () => number;
}

/** The vendor's answer is read up to this size (a rendered page over it is refused, not cut mid-tag). */
export const PROVIDER_MAX_ANSWER_BYTES = 32 * 1024 * 1024;

interface VendorAnswer {
  success?: unknown;
  result?: unknown;
  errors?: unknown;
}

function vendorErrors(body: VendorAnswer | null, status: number): string {
  const errors = Array.isArray(body?.errors) ? body.errors : [];
  const messages = errors
    .map((e: unknown) => (typeof e === 'object' && e !== null && 'message' in e ? String((e as { message: unknown }).message) : String(e)))
    .filter((m) => m !== '');
  return messages.length > 0 ? messages.join('; ').slice(0, 500) : `the provider answered HTTP ${status}`;
}

async function readAnswer(res: Response): Promise<VendorAnswer | null> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > PROVIDER_MAX_ANSWER_BYTES) {
    await res.body?.cancel();
    return null;
  }
  const text = await res.text();
  if (text.length > PROVIDER_MAX_ANSWER_BYTES) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as VendorAnswer) : null;
  } catch {
    return null;
  }
}

export async function fetchOverProviderLane(req: ProviderLaneRequest): Promise<LaneResult> {
  const url = new URL(req.url);
  url.hash = '';
  const seen: { robots: RobotsDecision | null } = { robots: null };
  const common = () => ({ lane: 'provider' as const, chain: { urls: [] as string[], complete: false }, robots: seen.robots, userAgent: null, proxy: null });
  const refused = await gateHop(url, seen, req);
  if (refused) return { ...common(), ...refused };
  if (req.signal.aborted) return { ...common(), kind: 'timeout' };
  let res: Response;
  let body: VendorAnswer | null;
  try {
    res = await req.fetch(req.provider.url, {
      method: 'POST',
      signal: req.signal,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(req.provider.token ? { authorization: `Bearer ${req.provider.token}` } : {}),
      },
      body: JSON.stringify({ url: url.href }),
    });
    body = await readAnswer(res);
  } catch (err) {
    if (req.signal.aborted) return { ...common(), kind: 'timeout' };
    return { ...common(), kind: 'failed', reason: 'provider_failed', message: `provider unreachable: ${errorMessage(err)}`, httpStatus: null };
  }
  const fetchedAt = new Date(req.now()).toISOString();
  if (!res.ok || body?.success !== true || typeof body.result !== 'string') {
    const message = body === null ? `the provider answered HTTP ${res.status} without a readable JSON body` : vendorErrors(body, res.status);
    return { ...common(), kind: 'failed', reason: 'provider_failed', message, httpStatus: null };
  }
  // The vendor rendered the page: its HTML is the body. The page's own status is not reported to us (the vendor's
  // answer is its own), so httpStatus is null: not observed (spec, provider lane).
  return {
    ...common(),
    chain: { urls: [url.href], complete: false },
    kind: 'response',
    status: null,
    headers: new Headers({ 'content-type': 'text/html; charset=utf-8' }),
    body: { kind: 'html', html: body.result },
    fetchedAt,
    warnings: [],
  };
}
