// The preview's address policy (the `AddressPolicy` contract of src/capture/profile.ts): only http(s) URLs without
// credentials whose host is a public address. Literals (every form the WHATWG URL parser normalises, since it is
// applied to parsed URLs) and private host names are refused statically; other names are resolved through the
// injected resolver and refused when any answer is private or reserved, and when resolving fails or finds nothing
// (fail closed). Origins in `allowOrigins` (SVC_PREVIEW_ALLOW_ORIGINS: tests and local demos of loopback fixture
// sites) are exempt from all of it.
import type { AddressPolicy, AddressVerdict } from './policy-types.ts';
import type { Resolver } from './doh.ts';
import { formatAddress, parseAddress, urlHostAddress } from './ip.ts';
import { privateNameReason } from './names.ts';
import { specialRange } from './ranges.ts';
import { errorMessage } from '../io/errors.ts';

export interface PublicPolicyOptions {
  resolve: Resolver;
  /** Exact origins (`http://127.0.0.1:8000`) exempt from the policy. */
  allowOrigins?: readonly string[];
}

const ALLOWED: AddressVerdict = { allowed: true };

function literalDenial(detail: string): AddressVerdict {
  return { allowed: false, stage: 'literal', reason: 'policy_denied', detail };
}

/** Parses SVC_PREVIEW_ALLOW_ORIGINS (comma-separated origins); an entry that is not an http(s) origin throws. */
export function parseAllowOrigins(raw: string | null | undefined): string[] {
  const out: string[] = [];
  for (const entry of (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`SVC_PREVIEW_ALLOW_ORIGINS: not a URL: ${entry}`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username) {
      throw new Error(`SVC_PREVIEW_ALLOW_ORIGINS: not an http(s) origin: ${entry}`);
    }
    out.push(url.origin);
  }
  return out;
}

/** Static rules: scheme, credentials, IP literal classes, private names. No I/O. */
function staticVerdict(url: URL): AddressVerdict {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return literalDenial(`scheme ${url.protocol} is not http or https`);
  if (url.username || url.password) return literalDenial('credentials in the URL');
  const address = urlHostAddress(url);
  if (address) {
    const range = specialRange(address);
    return range ? literalDenial(`${formatAddress(address)} is a ${range.kind} address (${range.cidr})`) : ALLOWED;
  }
  const nameReason = privateNameReason(url.hostname);
  return nameReason ? literalDenial(nameReason) : ALLOWED;
}

/** Classifies a resolver's answers: any private/reserved or unreadable answer refuses, none at all fails closed. */
function answersVerdict(hostname: string, answers: string[]): AddressVerdict {
  if (answers.length === 0) return { allowed: false, stage: 'dns', reason: 'dns_error', detail: `${hostname} has no A or AAAA record` };
  for (const text of answers) {
    const address = parseAddress(text);
    if (!address) return { allowed: false, stage: 'dns', reason: 'dns_error', detail: `unreadable DNS answer ${JSON.stringify(text)}` };
    const range = specialRange(address);
    if (range) {
      return { allowed: false, stage: 'dns', reason: 'policy_denied', detail: `${hostname} resolves to ${formatAddress(address)}, a ${range.kind} address (${range.cidr})` };
    }
  }
  return ALLOWED;
}

export function publicAddressPolicy(options: PublicPolicyOptions): AddressPolicy {
  const exempt = new Set(options.allowOrigins ?? []);
  // One lookup per host name for the policy's lifetime (one preview): robots.txt, the page and its redirects see the
  // same answers, so a name cannot answer public for one check and private for the next within a capture.
  const lookups = new Map<string, Promise<string[]>>();
  const checkLiteral = (url: URL): AddressVerdict => (exempt.has(url.origin) ? ALLOWED : staticVerdict(url));
  return {
    name: 'public',
    checkLiteral,
    async check(url, signal) {
      const literal = checkLiteral(url);
      if (!literal.allowed || exempt.has(url.origin) || urlHostAddress(url)) return literal;
      const host = url.hostname.toLowerCase().replace(/\.$/, '');
      let lookup = lookups.get(host);
      if (!lookup) {
        lookup = options.resolve(host, signal);
        lookups.set(host, lookup);
      }
      try {
        return answersVerdict(host, await lookup);
      } catch (err) {
        return { allowed: false, stage: 'dns', reason: 'dns_error', detail: `resolving ${host} failed: ${errorMessage(err)}` };
      }
    },
  };
}

/**
 * The hosted API's policy (decision D66): the static rules of the public policy (private and reserved literals in
 * every form, private names), with names not resolved here. Deployed, the platform's egress refuses private
 * addresses after resolution; this policy refuses what can be told before any lookup, for captures and webhooks.
 */
export function staticPublicPolicy(): AddressPolicy {
  return { name: 'public-static', checkLiteral: staticVerdict, check: async (url) => staticVerdict(url) };
}

/** A raw URL string under a policy: text the URL parser refuses is refused too (static stage). */
export function checkLiteralText(raw: string, policy: AddressPolicy): AddressVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return literalDenial('not a valid URL');
  }
  return policy.checkLiteral(url);
}
