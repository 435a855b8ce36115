// Stage 1 of runCapture: from a URL to a lane result. The URL guard runs first; then the lane the profile and the
// request allow fetches the page, checking the address policy and robots.txt before every document it requests.
// A new lane plugs in here: a runner in LANE_RUNNERS that returns the one LaneResult type (src/lanes/types.ts).
import type { Lane } from '../capture/types.ts';
import { browserLaneRunners, planLane, runAuto, type LaneKit } from './lane-plan.ts';
import { fetchOverHttpLane, type RobotsGate } from '../lanes/http.ts';
import type { LaneResult } from '../lanes/types.ts';
import { checkRobots } from '../robots/index.ts';
import type { CaptureDeps, CaptureInput } from './run-capture.ts';
import { guardUrl } from '../net/url-guard.ts';

/**
 * robots.txt gets its own deadline: at most 10 s and at most half the capture's, so that a hanging robots.txt is
 * reported as unreachable (a disallow, RFC 9309 §2.3.1.4) rather than as the page's timeout.
 */
export function robotsTimeoutMs(captureTimeoutMs: number): number {
  return Math.min(10_000, Math.floor(captureTimeoutMs / 2));
}

export interface LaneRequest {
  url: URL;
  input: CaptureInput;
  deps: CaptureDeps;
  userAgent: string;
  signal: AbortSignal;
}

type LaneRunner = (req: LaneRequest) => Promise<LaneResult>;

/** robots.txt before every document a lane requests, shared by every lane of the capture. */
function robotsGate(req: LaneRequest): RobotsGate {
  const { deps, input, userAgent } = req;
  return (u) =>
    checkRobots(u, {
      fetch: deps.fetch,
      userAgent,
      tokens: input.profile.robotsTokens,
      timeoutMs: robotsTimeoutMs(input.options.timeoutMs),
      cache: deps.robotsCache,
      inflight: deps.robotsInflight,
      now: deps.now,
    });
}

function runHttp(req: LaneRequest): Promise<LaneResult> {
  const { deps, input, userAgent } = req;
  return fetchOverHttpLane({
    url: req.url,
    userAgent,
    signal: req.signal,
    fetch: deps.fetch,
    policy: input.profile.addressPolicy,
    routeOf: deps.routeOf,
    now: deps.now,
    robots: robotsGate(req),
  });
}

const KIT: LaneKit = { runHttp, robotsGate };

/** The lanes built so far; a lane a profile lists but that is not built here is never chosen. */
export const LANE_RUNNERS: Partial<Record<Lane, LaneRunner>> = { http: runHttp, ...browserLaneRunners(KIT) };

export type Acquired = { kind: 'invalid_url'; reason: string } | { kind: 'lane'; result: LaneResult };

export async function acquire(input: CaptureInput, deps: CaptureDeps, userAgent: string, signal: AbortSignal): Promise<Acquired> {
  const guard = guardUrl(input.url);
  if (!guard.ok) return { kind: 'invalid_url', reason: guard.reason };
  const req: LaneRequest = { url: guard.url, input, deps, userAgent, signal };
  // The request's `lane` option within the profile's lanes; `auto` = HTTP, the browser for a script-only shell.
  const plan = planLane(input.profile, input.options, guard.url, deps.config, (l) => LANE_RUNNERS[l] !== undefined);
  if (plan.kind === 'auto') return { kind: 'lane', result: await runAuto(req, plan.browser, LANE_RUNNERS, KIT) };
  const run = LANE_RUNNERS[plan.lane] as LaneRunner;
  return { kind: 'lane', result: await run(req) };
}
