// Guarded transport: a fetch that asks the address policy before every request it sends. The HTTP lane already
// checks the policy for the page and each redirect hop; wrapping the fetch as well covers every other request a
// capture makes with it (robots.txt and robots.txt's own redirects), so no request of the preview reaches an address
// the policy refuses. Callers pass `redirect: 'manual'` (the lane and the robots reader do), so each hop comes here.
import type { AddressPolicy } from './policy-types.ts';

export type GuardedFetch = (input: string, init: RequestInit) => Promise<Response>;

/** Raised instead of sending a request the policy refuses; it reads as a network failure to the caller. */
export class AddressRefused extends TypeError {
  constructor(detail: string) {
    super(`address policy refused the request: ${detail}`);
    this.name = 'AddressRefused';
  }
}

export function guardedFetch(policy: AddressPolicy, inner: GuardedFetch): GuardedFetch {
  return async (input, init) => {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw new AddressRefused(`not a valid URL: ${String(input).slice(0, 200)}`);
    }
    const verdict = await policy.check(url, init.signal ?? undefined);
    if (!verdict.allowed) throw new AddressRefused(verdict.detail);
    if (init.redirect !== 'manual') {
      // A followed redirect would reach its target unchecked: every request here must be one hop.
      return inner(input, { ...init, redirect: 'manual' });
    }
    return inner(input, init);
  };
}
