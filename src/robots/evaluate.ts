// Decides one URL against parsed robots.txt rules for a list of product tokens (RFC 9309 §2.2.1–2.2.2).

import { matchTarget } from './encode.ts';
import { patternMatches } from './pattern.ts';
import type { RobotsGroup, RobotsRules } from './parse.ts';

export interface RobotsVerdict {
  allowed: boolean;
  crawlDelayMs: number | null;
}

/**
 * Groups that apply to a crawler known by `tokens`, in priority order (e.g. `['service-preview', 'service']`).
 * The first token that any group names wins, and all groups naming it are merged (RFC 9309 §2.2.1); only when no
 * token is named do the `*` groups apply. Tokens are compared case-insensitively and as given: a caller token is
 * never shortened, so `Foo Bar` matches no group.
 */
export function selectGroups(rules: RobotsRules, tokens: readonly string[]): RobotsGroup[] {
  for (const raw of tokens) {
    const token = raw.trim().toLowerCase();
    if (token === '' || token === '*') continue;
    const named = rules.groups.filter((g) => g.agents.includes(token));
    if (named.length > 0) return named;
  }
  return rules.groups.filter((g) => g.agents.includes('*'));
}

export function evaluateRobots(rules: RobotsRules, tokens: readonly string[], url: URL): RobotsVerdict {
  const groups = selectGroups(rules, tokens);
  // Several merged groups may each give a Crawl-delay; the largest is the one that satisfies all of them.
  let crawlDelayMs: number | null = null;
  for (const g of groups) {
    if (g.crawlDelayMs !== null && (crawlDelayMs === null || g.crawlDelayMs > crawlDelayMs)) crawlDelayMs = g.crawlDelayMs;
  }
  // "The /robots.txt URI is implicitly allowed" (RFC 9309 §2.2.2).
  if (url.pathname === '/robots.txt') return { allowed: true, crawlDelayMs };

  const target = matchTarget(url);
  let bestLength = -1;
  let bestAllow = true;
  for (const g of groups) {
    for (const rule of g.rules) {
      const len = rule.pattern.length;
      // Most octets wins; on a tie allow wins (RFC 9309 §2.2.2 "SHOULD ... use the allow rule").
      if (len < bestLength || (len === bestLength && bestAllow)) continue;
      if (!patternMatches(rule.pattern, target)) continue;
      bestLength = len;
      bestAllow = rule.allow;
    }
  }
  return { allowed: bestAllow, crawlDelayMs };
}
