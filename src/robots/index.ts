// robots.txt (RFC 9309) for the capture pipeline: parser and matcher (pure), fetcher, cache and the page gate.

import { PRODUCT_TOKEN } from '../capture/identity.ts';

export { canonicalizeForMatch, matchTarget } from './encode.ts';
export { compilePattern, patternMatches, type CompiledPattern } from './pattern.ts';
export { parseRobots, type RobotsGroup, type RobotsRule, type RobotsRules } from './parse.ts';
export { evaluateRobots, selectGroups, type RobotsVerdict } from './evaluate.ts';
export {
  RobotsCache,
  DEFAULT_MAX_ROBOTS_ENTRIES,
  DEFAULT_ROBOTS_TTL_MS,
  DEFAULT_UNREACHABLE_TTL_MS,
  MAX_ROBOTS_TTL_MS,
  type RobotsCacheOptions,
  type RobotsFetchOutcome,
} from './cache.ts';
export {
  fetchRobots,
  MAX_ROBOTS_BYTES,
  MAX_ROBOTS_REDIRECTS,
  type RobotsFetchDeps,
  type RobotsFetchResult,
  type RobotsInflight,
} from './fetch.ts';
export { checkRobots, decideRobots, robotsUrlFor, type RobotsCheck } from './check.ts';

/** Product token of the locally run capture service (User-Agent `svc-capture/1.0 ...`). */
export const SVC_CAPTURE_TOKENS: readonly string[] = [PRODUCT_TOKEN];
/** Product tokens the anonymous preview obeys, in priority order (spec "Authentication" rule 10). */
export const PREVIEW_TOKENS: readonly string[] = ['service-preview', 'service'];
