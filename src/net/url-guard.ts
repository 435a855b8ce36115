// First stage: the URL must be an absolute http(s) URL without credentials. Requests validate this up front; batch
// items and crawl links reach here unvalidated and become `invalid_url` results instead of refused requests.
export type GuardResult = { ok: true; url: URL } | { ok: false; reason: string };

/** Longest URL the service takes (decision D200): requests refuse longer ones, the pipeline and crawl links drop them. */
export const MAX_URL_LENGTH = 8_192;

/** `base` resolves a relative reference (links found on a page); requests give absolute URLs. */
export function guardUrl(raw: string, base?: string): GuardResult {
  if (raw.length > MAX_URL_LENGTH) return { ok: false, reason: 'url_too_long' };
  let url: URL;
  try {
    url = base === undefined ? new URL(raw) : new URL(raw, base);
  } catch {
    return { ok: false, reason: 'malformed_url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'unsupported_scheme' };
  if (url.username || url.password) return { ok: false, reason: 'credentials_in_url' };
  // A relative link can resolve to more than it was written as.
  if (url.href.length > MAX_URL_LENGTH) return { ok: false, reason: 'url_too_long' };
  return { ok: true, url };
}

/**
 * A URL string without its fragment. In an absolute serialised URL the first `#` starts the fragment (the URL
 * serialiser percent-encodes any other), so no parse is needed.
 */
export function withoutHash(raw: string): string {
  const i = raw.indexOf('#');
  return i === -1 ? raw : raw.slice(0, i);
}
