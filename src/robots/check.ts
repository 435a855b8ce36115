// The robots.txt gate the capture pipeline calls before every page request and every redirect hop (spec "What the
// service does": a disallow, or a robots.txt that cannot be fetched, stops the fetch; there is no override).

import type { RobotsDecision } from '../capture/types.ts';
import type { RobotsFetchOutcome } from './cache.ts';
import { evaluateRobots } from './evaluate.ts';
import { fetchRobots, type RobotsFetchDeps } from './fetch.ts';

export interface RobotsCheck {
  allowed: boolean;
  /** Exactly the evidence record's `robotsDecision`. */
  decision: RobotsDecision;
  /** Block reason for the result (`blocked` status) when not allowed. */
  reason: 'robots_disallowed' | 'robots_unreachable' | null;
}

/** The robots.txt URL governing a page: `/robots.txt` at the page's origin (RFC 9309 §2.3). */
export function robotsUrlFor(pageUrl: URL): string {
  return `${pageUrl.origin}/robots.txt`;
}

/** Turns a fetch outcome into the verdict and evidence for one page URL. Pure. */
export function decideRobots(pageUrl: URL, robotsUrl: string, outcome: RobotsFetchOutcome, tokens: readonly string[]): RobotsCheck {
  if (outcome.kind === 'no_robots') {
    return {
      allowed: true,
      decision: { decision: 'no_robots', robotsUrl, robotsSha256: null, unreachable: null, crawlDelayMs: null, userOverride: false },
      reason: null,
    };
  }
  if (outcome.kind === 'unreachable') {
    return {
      allowed: false,
      decision: {
        decision: 'disallowed',
        robotsUrl,
        robotsSha256: null,
        unreachable: outcome.reason,
        crawlDelayMs: null,
        userOverride: false,
      },
      reason: 'robots_unreachable',
    };
  }
  const verdict = evaluateRobots(outcome.rules, tokens, pageUrl);
  return {
    allowed: verdict.allowed,
    decision: {
      decision: verdict.allowed ? 'allowed' : 'disallowed',
      robotsUrl,
      robotsSha256: outcome.sha256,
      unreachable: null,
      crawlDelayMs: verdict.crawlDelayMs,
      userOverride: false,
    },
    reason: verdict.allowed ? null : 'robots_disallowed',
  };
}

/**
 * Reads (or takes from `deps.cache`) the robots.txt of the page's origin and decides the page. Resolves for every
 * network condition; rejects only for a URL that is not http(s), which the caller must have refused already.
 */
export async function checkRobots(pageUrl: URL, deps: RobotsFetchDeps): Promise<RobotsCheck> {
  if (pageUrl.protocol !== 'http:' && pageUrl.protocol !== 'https:') {
    throw new TypeError(`robots.txt applies to http(s) URLs only, got ${pageUrl.protocol}`);
  }
  const robotsUrl = robotsUrlFor(pageUrl);
  const now = deps.now ?? Date.now;
  let outcome = deps.cache?.get(robotsUrl, now());
  if (outcome === undefined) {
    let pending = deps.inflight?.get(robotsUrl);
    if (pending === undefined) {
      pending = fetchRobots(robotsUrl, deps);
      const inflight = deps.inflight;
      if (inflight) {
        inflight.set(robotsUrl, pending);
        void pending.finally(() => inflight.delete(robotsUrl)).catch(() => undefined);
      }
    }
    const fetched = await pending;
    outcome = fetched.outcome;
    if (fetched.cacheable) deps.cache?.set(robotsUrl, outcome, now());
  }
  return decideRobots(pageUrl, robotsUrl, outcome, deps.tokens);
}
