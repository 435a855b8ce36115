// The runners acquire() registers for the browser and provider lanes, the `auto` lane, and the choice between them
// (decision D242): the request's `lane` option within the profile's lanes. `auto` asks the HTTP lane first and renders
// the page in the browser only when the HTTP answer is a script-only shell, saying so in `warnings`.
import type { CaptureProfile } from '../capture/profile.ts';
import type { Lane } from '../capture/types.ts';
import type { Config } from '../config/config.ts';
import { isHtmlMediaType } from '../files/detect.ts';
import { declaredBytesOf, peekHead } from '../files/stream.ts';
import { proxyRouteOf } from '../lanes/proxy/settings.ts';
import type { RobotsGate } from '../lanes/http.ts';
import { fetchOverProviderLane } from '../lanes/provider.ts';
import { detectScriptShell, SHELL_SCAN_BYTES } from '../lanes/shell-detect.ts';
import { LANES, type LaneBody, type LaneResult } from '../lanes/types.ts';
import type { CaptureOptions } from '../request/capture-options.ts';
import type { LaneRequest } from './acquire.ts';
import { decodeHtml } from './body.ts';
import { fetchOverBrowserLane, type BrowserLane, type BrowserOutcome } from '../lanes/browser/lane.ts';
import type { BrowserPool } from '../lanes/browser/pool.ts';
import { sessionAppliesTo, type BrowserState } from '../lanes/browser/state.ts';

type LaneRunner = (req: LaneRequest) => Promise<LaneResult>;

/** What the browser lanes need from the edge: the page pool and the stored sessions. */
export interface BrowserDeps {
  pool: BrowserPool;
  /** A stored session's state by id; null when there is none (or sessions are not configured). */
  session(id: string): Promise<BrowserState | null>;
}

/** Pieces of acquire() the lanes here reuse: the HTTP lane (auto, file hand-over) and the robots.txt gate. */
export interface LaneKit {
  runHttp: LaneRunner;
  robotsGate: (req: LaneRequest) => RobotsGate;
}

export type LanePlan = { kind: 'lane'; lane: Lane } | { kind: 'auto'; browser: Lane | null };

/** The browser lane a capture of this URL uses: with a session, through the environment proxy, or plain. */
export function browserLaneFor(options: CaptureOptions, url: URL, config: Config): BrowserLane {
  if (options.session) return 'browser_local_authed';
  return proxyRouteOf(config.proxy, url) ? 'browser_proxy' : 'browser_local';
}

/**
 * The request's lane option, within the lanes the profile allows and that are built; when the asked lane is not
 * among them, the cheapest of those (LANES costs: the HTTP lane wherever a profile allows it).
 */
export function planLane(profile: CaptureProfile, options: CaptureOptions, url: URL, config: Config, built: (l: Lane) => boolean): LanePlan {
  const usable = (l: Lane) => profile.lanes.includes(l) && built(l);
  const fallback = profile.lanes.filter(usable).sort((a, b) => LANES[a].cost - LANES[b].cost)[0];
  if (!fallback) throw new Error(`profile ${profile.name} allows no lane that exists`);
  const browser = browserLaneFor(options, url, config);
  const choice = options.lane ?? 'auto';
  if (choice === 'http') return { kind: 'lane', lane: usable('http') ? 'http' : fallback };
  if (choice === 'provider') return { kind: 'lane', lane: usable('provider') ? 'provider' : fallback };
  if (choice === 'browser' || options.session) return { kind: 'lane', lane: usable(browser) ? browser : fallback };
  return usable('http') ? { kind: 'auto', browser: usable(browser) ? browser : null } : { kind: 'lane', lane: fallback };
}

function failed(lane: Lane, reason: string, message: string): LaneResult {
  return { lane, chain: { urls: [], complete: true }, robots: null, userAgent: null, proxy: null, kind: 'failed', reason, message, httpStatus: null };
}

/** A file the browser met is fetched by the HTTP lane; the chain keeps what the browser saw before it. */
async function handOver(req: LaneRequest, outcome: Extract<BrowserOutcome, { kind: 'file' }>, kit: LaneKit): Promise<LaneResult> {
  const res = await kit.runHttp({ ...req, url: new URL(outcome.file.url) });
  const chain = { urls: [...outcome.before, ...res.chain.urls], complete: outcome.complete && res.chain.complete };
  const merged = { ...res, chain, robots: res.robots ?? outcome.robots };
  if (merged.kind !== 'response') return merged;
  const note = `lane: ${outcome.file.url} answered with a file (${outcome.file.contentType ?? 'no Content-Type'}); the HTTP lane fetched it`;
  return { ...merged, warnings: [...merged.warnings, note] };
}

async function runBrowser(req: LaneRequest, lane: BrowserLane, kit: LaneKit): Promise<LaneResult> {
  const b = req.deps.browser;
  if (!b) return failed(lane, 'browser_unavailable', 'this service has no browser (Browser Rendering binding BROWSER)');
  let state: BrowserState | null = null;
  if (lane === 'browser_local_authed') {
    const id = req.input.options.session ?? '';
    state = await b.session(id);
    if (!state) return failed(lane, 'session_not_found', `no stored session ${id}`);
    if (!sessionAppliesTo(state, req.url)) {
      return failed(lane, 'session_not_for_origin', `session ${id} is not for ${req.url.origin}`);
    }
  }
  const outcome = await fetchOverBrowserLane({
    url: req.url,
    lane,
    pool: b.pool,
    signal: req.signal,
    robots: kit.robotsGate(req),
    policy: req.input.profile.addressPolicy,
    userAgent: req.userAgent,
    proxy: lane === 'browser_proxy' ? req.deps.routeOf(req.url) : null,
    state,
    now: req.deps.now,
  });
  return outcome.kind === 'result' ? outcome.result : handOver(req, outcome, kit);
}

function runProvider(req: LaneRequest, kit: LaneKit): Promise<LaneResult> {
  const provider = req.deps.config.provider;
  if (!provider) return Promise.resolve(failed('provider', 'provider_unavailable', 'SVC_PROVIDER_URL is not set'));
  return fetchOverProviderLane({
    url: req.url,
    provider,
    signal: req.signal,
    fetch: req.deps.fetch,
    robots: kit.robotsGate(req),
    policy: req.input.profile.addressPolicy,
    now: req.deps.now,
  });
}

export function browserLaneRunners(kit: LaneKit): Partial<Record<Lane, LaneRunner>> {
  return {
    browser_local: (req) => runBrowser(req, 'browser_local', kit),
    browser_local_authed: (req) => runBrowser(req, 'browser_local_authed', kit),
    browser_proxy: (req) => runBrowser(req, 'browser_proxy', kit),
    provider: (req) => runProvider(req, kit),
  };
}

/** Reads up to `limit` bytes; `rest` replays them followed by whatever the stream still holds. */
async function peek(first: LaneResult & { kind: 'response' }, stream: ReadableStream<Uint8Array> | null, limit: number): Promise<{ head: Uint8Array; ended: boolean; rest: ReadableStream<Uint8Array> | null }> {
  if (!stream) return { head: new Uint8Array(0), ended: true, rest: null };
  // A body of declared length within the window, not compressed (a compressed one may inflate past any bound), is
  // read in one native call instead of chunk by chunk through JavaScript.
  const encoding = (first.headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  const declared = declaredBytesOf(first.headers);
  if (encoding === 'identity' && declared !== null && declared <= limit) {
    return { head: new Uint8Array(await new Response(stream).arrayBuffer()), ended: true, rest: null };
  }
  const { head, complete, body } = await peekHead(stream, limit);
  return { head, ended: complete, rest: body };
}

/** `auto`: the HTTP lane; the browser when its 2xx HTML answer is a script-only shell (decision D241). */
export async function runAuto(req: LaneRequest, browser: Lane | null, runners: Partial<Record<Lane, LaneRunner>>, kit: LaneKit): Promise<LaneResult> {
  const first = await kit.runHttp(req);
  const run = browser ? runners[browser] : undefined;
  if (!run || !req.deps.browser || first.kind !== 'response' || first.body.kind !== 'stream') return first;
  if (first.status === null || first.status < 200 || first.status > 299 || !isHtmlMediaType(first.headers.get('content-type'))) return first;
  const { head, ended, rest } = await peek(first, first.body.stream, SHELL_SCAN_BYTES);
  // A page longer than the scan window is not a shell: it streams on, its head replayed.
  if (!ended) return { ...first, body: { kind: 'stream', stream: rest } };
  const { text, utf8 } = decodeHtml(head, first.headers.get('content-type'));
  const read: LaneBody = { kind: 'read', bytes: head, text, utf8 };
  const verdict = detectScriptShell(read.text);
  if (!verdict.shell) return { ...first, body: read };
  const note = `lane auto: the HTTP answer is a script-only shell (${verdict.signals.join(', ')}); rendered with the browser`;
  const second = await run(req);
  if (second.kind === 'response') return { ...second, warnings: [note, ...second.warnings] };
  if (second.kind === 'failed' && second.reason === 'browser_failed') {
    // The browser could not render it: the HTTP answer stands (the capture will say its content is empty).
    const kept = `${note}, but the browser failed (${second.message}); the HTTP answer is kept`;
    return { ...first, body: read, warnings: [...first.warnings, kept] };
  }
  return second;
}
