// What every lane returns: one result type, whatever fetched the page (plain HTTP, a local browser, a rendering
// provider). The pipeline hands it to the content stage; the evidence builder applies the redirect-chain rules.
import type { Lane, RobotsDecision } from '../capture/types.ts';

export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

/** The answered URL chain as the lane observed it (requestedUrl first, finalUrl last). */
export interface AnsweredChain {
  /** Every URL that answered, in order; the evidence builder cuts it to first + last 20. */
  urls: string[];
  /**
   * False when the lane knows the chain is not the whole story (a rendering provider, a navigation that did not
   * start at requestedUrl, a document without a request); the builder also sets false when it cuts the chain.
   */
  complete: boolean;
}

/**
 * The page body: a byte stream (HTTP lane), the HTML a browser rendered, or an HTML answer the `auto` lane already
 * read whole and decoded to look for a script shell (handed on as is, so the page is neither read nor decoded twice).
 */
export type LaneBody =
  | { kind: 'stream'; stream: ReadableStream<Uint8Array> | null }
  | { kind: 'html'; html: string }
  | { kind: 'read'; bytes: Uint8Array; text: string; utf8: Uint8Array | null };

interface LaneCommon {
  lane: Lane;
  chain: AnsweredChain;
  robots: RobotsDecision | null;
  /** The User-Agent as sent; null when nothing was sent. */
  userAgent: string | null;
  /** `host:port` of the proxy that carried the page's response, else null (spec: evidence `proxy`). */
  proxy: string | null;
}

export type LaneResult =
  | (LaneCommon & {
      kind: 'response';
      /** The HTTP status of the document shown; null when the lane cannot observe it (a rendering provider). */
      status: number | null;
      headers: Headers;
      body: LaneBody;
      /** When the page's response arrived (HTTP lane: headers; browser: capture time; provider: vendor answer). */
      fetchedAt: string;
      /** Lane notes for the result's `warnings` (e.g. why `auto` chose the browser). */
      warnings: string[];
    })
  | (LaneCommon & { kind: 'blocked'; reason: string; detail: string | null })
  | (LaneCommon & { kind: 'failed'; reason: string; message: string; httpStatus: number | null })
  | (LaneCommon & { kind: 'timeout' });

/**
 * What each lane can do and what it costs. The lane plan (src/pipeline/lane-plan.ts) falls back to the cheapest lane a
 * profile allows; the other traits document the lane for whoever adds or chooses one.
 */
export interface LaneTraits {
  runsScript: boolean;
  /** Can carry a stored browser session (cookies, localStorage). */
  sessions: boolean;
  /** The lane sees the full redirect chain itself. */
  seesChain: boolean;
  /** Rough relative cost of one capture (HTTP = 1). */
  cost: number;
}

export const LANES: Readonly<Record<Lane, LaneTraits>> = {
  http: { runsScript: false, sessions: false, seesChain: true, cost: 1 },
  browser_local: { runsScript: true, sessions: false, seesChain: true, cost: 20 },
  browser_local_authed: { runsScript: true, sessions: true, seesChain: true, cost: 20 },
  browser_proxy: { runsScript: true, sessions: false, seesChain: true, cost: 25 },
  provider: { runsScript: true, sessions: false, seesChain: false, cost: 50 },
};
