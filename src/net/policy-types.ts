// The address-policy contract every capture profile carries (src/capture/profile.ts re-exports it). It lives here,
// beside its implementations, so src/net depends on nothing above it.

/** Why an address policy refused a URL (the result's reason is `policy_denied`, diagnostic detail in `detail`). */
export type AddressDenial =
  | { allowed: false; stage: 'literal'; reason: 'policy_denied'; detail: string }
  | { allowed: false; stage: 'dns'; reason: 'policy_denied' | 'dns_error'; detail: string };

export type AddressVerdict = { allowed: true } | AddressDenial;

/**
 * Decides whether a URL may be contacted under a profile: checked for the requested URL, every redirect hop,
 * every robots.txt request and (browser lane) every document, before any byte is sent to it.
 */
export interface AddressPolicy {
  readonly name: string;
  /** Static rules only (scheme, credentials, IP literals in every form the URL parser normalises); no I/O. */
  checkLiteral(url: URL): AddressVerdict;
  /** checkLiteral, then for host names the resolver's answers (fail closed where the policy resolves). */
  check(url: URL, signal?: AbortSignal): Promise<AddressVerdict>;
}
