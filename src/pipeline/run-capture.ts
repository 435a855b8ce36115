// runCapture: the one capture pipeline behind every surface (/v1 scrape, batch items, crawl pages, monitor runs, /fc,
// MCP, preview). It only sequences the stages — acquire (URL guard, address policy, robots.txt, lane) → content
// (detect, store or extract) → finish (JSON fill, evidence record, result) — under the caller's capture profile.
// Expected failures of a page come back as results with a status and reason, never as exceptions.
import type { CaptureProfile } from '../capture/profile.ts';
import type { Config } from '../config/config.ts';
import type { FileBucket } from '../files/index.ts';
import { errorMessage } from '../io/errors.ts';
import type { BrowserDeps } from './lane-plan.ts';
import type { FetchFn } from '../lanes/types.ts';
import type { CaptureOptions } from '../request/capture-options.ts';
import type { RobotsCache, RobotsInflight } from '../robots/index.ts';
import { acquire } from './acquire.ts';
import { captureContent, type Content, noContent } from './content.ts';
import { finishCapture, jsonFormatOf, NO_LANE_FACTS, type LaneFacts } from './finish.ts';
import type { ScrapeResult } from './result.ts';

export interface CaptureDeps {
  config: Config;
  fetch: FetchFn;
  files: FileBucket;
  robotsCache: RobotsCache;
  /** robots.txt reads under way in this Worker invocation (never shared across invocations). */
  robotsInflight: RobotsInflight;
  /** `host:port` of the environment proxy a request for this URL goes through, or null (evidence `proxy`). */
  routeOf: (url: URL) => string | null;
  /** The clock (ms since epoch); injected so tests can drive a capture on fixtures. */
  now: () => number;
  /** The browser lanes' page pool and stored sessions (src/lanes/browser); absent or null = no browser lane. */
  browser?: BrowserDeps | null;
}

export interface CaptureInput {
  url: string;
  options: CaptureOptions;
  profile: CaptureProfile;
}

/** Two attempts of the model fallback (src/json/model.ts), each within the model's own timeout. */
const MODEL_ATTEMPTS = 2;

/**
 * The whole budget of one capture: the page's timeout plus, when a JSON format may ask the model, both model
 * attempts. A queued item's lease is derived from this, so no stage of an item can outlive its lease (decision D62).
 */
export function captureBudgetMs(options: CaptureOptions, config: Config, profile: CaptureProfile): number {
  const json = jsonFormatOf(options.formats);
  const mayAskModel = json !== null && json.modelFallback && profile.modelFallback && config.model !== null;
  return options.timeoutMs + (mayAskModel && config.model ? MODEL_ATTEMPTS * config.model.timeoutMs : 0);
}

async function contentOf(input: CaptureInput, deps: CaptureDeps, userAgent: string, deadline: AbortSignal): Promise<{ facts: LaneFacts; content: Content }> {
  const startedAt = deps.now();
  const acquired = await acquire(input, deps, userAgent, deadline);
  if (acquired.kind === 'invalid_url') return { facts: NO_LANE_FACTS, content: noContent('invalid_url', acquired.reason) };
  const lane = acquired.result;
  const facts: LaneFacts = { ...NO_LANE_FACTS, lane: lane.lane, chain: lane.chain, robots: lane.robots, userAgent: lane.userAgent, proxy: lane.proxy };
  switch (lane.kind) {
    case 'blocked':
      return { facts, content: noContent('blocked', lane.reason) };
    case 'timeout':
      return { facts, content: noContent('timeout', 'deadline_exceeded') };
    case 'failed':
      return { facts: { ...facts, httpStatus: lane.httpStatus }, content: noContent('failed', `${lane.reason}: ${lane.message}`) };
  }
  const answered = { ...facts, fetchedAt: lane.fetchedAt, httpStatus: lane.status, warnings: lane.warnings };
  try {
    const content = await captureContent(lane, {
      // A response always has its URL in the chain; the requested URL only satisfies the type.
      requestedUrl: input.url,
      finalUrl: lane.chain.urls.at(-1) ?? input.url,
      options: input.options,
      profile: input.profile,
      config: deps.config,
      files: deps.files,
      deadlineAt: startedAt + input.options.timeoutMs,
      now: deps.now,
    });
    return { facts: answered, content };
  } catch (err) {
    // The body broke off while it was read: the deadline aborted it, or the connection failed mid-body.
    const content = deadline.aborted ? noContent('timeout', 'deadline_exceeded') : noContent('failed', `read_failed: ${errorMessage(err)}`);
    return { facts: answered, content };
  }
}

export async function runCapture(input: CaptureInput, deps: CaptureDeps): Promise<ScrapeResult> {
  const userAgent = input.profile.userAgent(input.options.mode, deps.config.contact);
  const deadline = AbortSignal.timeout(input.options.timeoutMs);
  const { facts, content } = await contentOf(input, deps, userAgent, deadline);
  return finishCapture(input, facts, content, deps);
}
