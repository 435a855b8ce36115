// The browser lanes (`browser_local`, `browser_local_authed`, `browser_proxy`): a page rendered by Browser Rendering
// (locally a Chromium under wrangler dev). Before every document the page requests — main frame and sub-frames —
// request interception checks the profile's address policy and the document origin's robots.txt; a refused main
// document stops the capture (`blocked`), a refused sub-document is not loaded and the result says so in `warnings`.
// A navigation that answers with a file is handed over to the HTTP lane (files are never read by a browser).
import type { HTTPRequest, HTTPResponse, Page } from '@cloudflare/puppeteer';
import type { AddressPolicy } from '../../capture/profile.ts';
import type { Lane, RobotsDecision } from '../../capture/types.ts';
import { errorMessage } from '../../io/errors.ts';
import { gateHop, type Ending, type RobotsGate } from '../http.ts';
import type { LaneResult } from '../types.ts';
import { BrowserTimeout, type BrowserPool, type PageLease } from './pool.ts';
import { type BrowserState, applyBrowserState } from './state.ts';
import { MainFrameTrack, type FileAnswer } from './track.ts';

export type BrowserLane = Extract<Lane, 'browser_local' | 'browser_local_authed' | 'browser_proxy'>;

export interface BrowserLaneRequest {
  url: URL;
  lane: BrowserLane;
  pool: BrowserPool;
  signal: AbortSignal;
  robots: RobotsGate;
  policy: AddressPolicy;
  /** Our product token (the profile's User-Agent), appended to the browser's own User-Agent. */
  userAgent: string;
  /** `host:port` of the proxy the local Chromium goes through, else null. */
  proxy: string | null;
  /** A stored session's cookies and localStorage (`browser_local_authed`), else null. */
  state: BrowserState | null;
  now: () => number;
}

/** The lane's answer: a result, or a file the HTTP lane must fetch (with what the browser saw before it). */
export type BrowserOutcome =
  | { kind: 'result'; result: LaneResult }
  | { kind: 'file'; file: FileAnswer; before: string[]; complete: boolean; robots: RobotsDecision | null };

/** Quiet network time after which a page counts as settled (content inserted by script after load included). */
const SETTLE_IDLE_MS = 500;
/** Upper bound of one wait for a quiet network: a page that polls forever is captured as it is. */
const SETTLE_MAX_MS = 5_000;

function isHttp(url: string): boolean {
  return /^https?:/i.test(url);
}

async function gateRequest(req: HTTPRequest, page: Page, track: MainFrameTrack, r: BrowserLaneRequest): Promise<void> {
  const url = req.url();
  if (!isHttp(url)) return req.continue();
  const target = new URL(url);
  if (!req.isNavigationRequest() || req.resourceType() !== 'document') {
    // Sub-resources (scripts, images, XHR): the address policy, not robots.txt (which governs documents).
    const verdict = await r.policy.check(target, r.signal);
    return verdict.allowed ? req.continue() : req.abort('blockedbyclient');
  }
  const main = req.frame() === page.mainFrame();
  const seen: { robots: RobotsDecision | null } = { robots: null };
  const refused: Ending | null = await gateHop(target, seen, r);
  if (main) track.robots = seen.robots ?? track.robots;
  if (refused) {
    if (main) track.stop(refused);
    else track.warnings.push(`sub-document not loaded (${refused.kind === 'blocked' ? refused.reason : refused.kind}): ${url}`);
    return req.abort('blockedbyclient');
  }
  if (main && !track.admitDocument()) return req.abort('aborted');
  return req.continue();
}

async function watch(page: Page, track: MainFrameTrack, r: BrowserLaneRequest): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (req: HTTPRequest) => {
    gateRequest(req, page, track, r).catch(() => req.abort('failed').catch(() => undefined));
  });
  page.on('response', (res: HTTPResponse) => {
    const req = res.request();
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) track.onResponse(res.url(), res.status(), res.headers());
  });
  // alert/confirm/prompt/beforeunload would stop the page's scripts (and our reads) until answered: dismiss them.
  page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
  const cdp = await page.createCDPSession();
  await cdp.send('Page.enable');
  cdp.on('Page.frameNavigated', (e) => {
    if (!e.frame.parentId) track.onCommitted(e.frame.url);
  });
}

/** True when the capture must stop waiting: refused, a file, a page that keeps moving, or the deadline. */
function stopped(track: MainFrameTrack, signal: AbortSignal): boolean {
  return track.ending !== null || track.file !== null || track.keptMoving || signal.aborted;
}

/** Waits until the main frame stops navigating and the network is quiet, then reads the rendered HTML. */
async function settledHtml(page: Page, track: MainFrameTrack, signal: AbortSignal, interrupted: Promise<void>): Promise<string | null> {
  for (let attempt = 0; ; attempt++) {
    const before = track.documentsRequested;
    const quiet = page.waitForNetworkIdle({ idleTime: SETTLE_IDLE_MS, timeout: SETTLE_MAX_MS }).catch(() => undefined);
    await Promise.race([quiet, interrupted]);
    if (stopped(track, signal)) return null;
    if (track.documentsRequested !== before) continue;
    try {
      return await page.content();
    } catch (err) {
      // A navigation replaced the document while it was read: settle again (bounded by the document budget).
      if (stopped(track, signal) || attempt > MAX_CONTENT_RETRIES) throw err;
    }
  }
}
const MAX_CONTENT_RETRIES = 5;

function common(track: MainFrameTrack, r: BrowserLaneRequest, userAgent: string | null) {
  return {
    lane: r.lane,
    chain: { urls: [...track.urls], complete: track.complete },
    robots: track.robots,
    userAgent: track.urls.length > 0 ? userAgent : null,
    proxy: track.urls.length > 0 ? r.proxy : null,
  };
}

function navigationFailure(err: unknown): Ending {
  const message = errorMessage(err, 'navigation failed');
  if (/ERR_NAME_NOT_RESOLVED/.test(message)) return { kind: 'failed', reason: 'dns_error', message, httpStatus: null };
  return { kind: 'failed', reason: 'fetch_failed', message, httpStatus: null };
}

/** What ended the capture when no page is shown (or null to read the page). */
function early(track: MainFrameTrack, r: BrowserLaneRequest, ua: string, gotoError: unknown): BrowserOutcome | null {
  const base = common(track, r, ua);
  if (r.signal.aborted) return { kind: 'result', result: { ...base, kind: 'timeout' } };
  if (track.ending) return { kind: 'result', result: { ...base, ...track.ending } };
  if (track.file) {
    return { kind: 'file', file: track.file, before: track.urls.slice(0, -1), complete: track.complete, robots: track.robots };
  }
  if (track.keptMoving) {
    const message = `the page kept navigating: more than ${track.documentsRequested} documents`;
    return { kind: 'result', result: { ...base, kind: 'failed', reason: 'too_many_redirects', message, httpStatus: track.status } };
  }
  if (gotoError !== null && track.status === null) return { kind: 'result', result: { ...base, ...navigationFailure(gotoError) } };
  return null;
}

async function capture(lease: PageLease, track: MainFrameTrack, r: BrowserLaneRequest): Promise<BrowserOutcome> {
  const { page, browser } = lease;
  // The browser's own User-Agent plus our product token: robots.txt groups for the token apply, sites see a browser.
  const ua = `${await browser.userAgent()} ${r.userAgent}`;
  track.userAgent = ua;
  await page.setUserAgent(ua);
  if (r.state) await applyBrowserState(page, r.state);
  await watch(page, track, r);
  let gotoError: unknown = null;
  // A file, a refusal or a page that keeps moving ends the wait at once (a PDF never fires `load` in some builds).
  const interrupted = new Promise<void>((resolve) => (track.onStop = resolve));
  const loaded = page.goto(r.url.href, { waitUntil: 'load', timeout: 0 }).then(
    () => undefined,
    (err: unknown) => void (gotoError = err),
  );
  await Promise.race([loaded, interrupted]);
  const end = early(track, r, ua, gotoError);
  if (end) return end;
  const html = await settledHtml(page, track, r.signal, interrupted);
  const after = early(track, r, ua, null);
  if (after || html === null) return after ?? { kind: 'result', result: { ...common(track, r, ua), kind: 'timeout' } };
  if (track.status === null) {
    const message = 'the page was shown without a document response';
    return { kind: 'result', result: { ...common(track, r, ua), kind: 'failed', reason: 'no_response', message, httpStatus: null } };
  }
  const fetchedAt = new Date(r.now()).toISOString();
  const result: LaneResult = {
    ...common(track, r, ua),
    kind: 'response',
    status: track.status,
    headers: track.headersObject(),
    body: { kind: 'html', html },
    fetchedAt,
    warnings: [...track.warnings],
  };
  return { kind: 'result', result };
}

export async function fetchOverBrowserLane(r: BrowserLaneRequest): Promise<BrowserOutcome> {
  const url = new URL(r.url);
  url.hash = '';
  const track = new MainFrameTrack(url.href);
  try {
    return await r.pool.withPage(r.signal, (lease) => capture(lease, track, { ...r, url }));
  } catch (err) {
    const base = common(track, r, track.userAgent);
    if (r.signal.aborted || err instanceof BrowserTimeout) return { kind: 'result', result: { ...base, kind: 'timeout' } };
    const message = `browser failed: ${errorMessage(err)}`;
    return { kind: 'result', result: { ...base, kind: 'failed', reason: 'browser_failed', message, httpStatus: null } };
  }
}
