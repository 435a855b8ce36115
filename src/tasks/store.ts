// The contract between the task routes / queue consumer and the objects that hold tasks. The Durable Objects of
// durable-objects/ implement it; the Worker's edge (workers/task-stubs.ts) hands the routes a TaskStore, so nothing in
// src/ depends on where or how tasks are stored.
import type { CaptureOptions } from '../request/capture-options.ts';
import type { TaskKind } from './ids.ts';
import type { LogSlice } from './listing.ts';
import type { BatchRecord, CrawlRecord } from './records.ts';

export interface BatchCreate {
  id: string;
  urls: string[];
  options: CaptureOptions;
  /** Destinations of the batch.completed event (issue 14). */
  destinations?: string[];
}

export interface CrawlCreate {
  id: string;
  url: string;
  maxPages: number;
  includePaths: string[];
  options: CaptureOptions;
  /** Destinations of the crawl.completed event (issue 14). */
  destinations?: string[];
}

export type Admission = { ok: true } | { ok: false; message: string };
export type Transition = { ok: true; record: CrawlRecord } | { ok: false; message: string };

export interface BatchHandle {
  create(input: BatchCreate): Promise<BatchRecord>;
  get(): Promise<BatchRecord | null>;
  list(afterSeq: number, limit: number): Promise<LogSlice | null>;
}

export interface CrawlHandle {
  create(input: CrawlCreate): Promise<CrawlRecord>;
  get(): Promise<CrawlRecord | null>;
  list(afterSeq: number, limit: number): Promise<LogSlice | null>;
  cancel(): Promise<Transition>;
  resume(): Promise<Transition>;
}

/** The one list of unfinished tasks: admission limits (D48) and the sweep's work list (D53). */
export interface TaskRegistryPort {
  admitBatch(id: string, now: number): Promise<Admission>;
  accepted(id: string): Promise<void>;
  register(id: string, kind: TaskKind, now: number): Promise<void>;
  release(id: string): Promise<void>;
}

/** Handles are made per call: a Worker must not reuse one request's stub in another request. */
export interface TaskStore {
  registry(): TaskRegistryPort;
  batch(id: string): BatchHandle;
  crawl(id: string): CrawlHandle;
}

/**
 * Runs a task's create so that a failure (e.g. storage refusing the input) never leaves the service refusing the next
 * valid request (D224): when the create left no task, its registry entry is released at once; when the task exists
 * but sending its work failed, it stops blocking acceptance and the sweep sends the rest.
 */
export async function createOrRelease<T>(
  registry: TaskRegistryPort,
  id: string,
  task: { create(): Promise<T>; get(): Promise<unknown> },
): Promise<T> {
  try {
    return await task.create();
  } catch (err) {
    try {
      if ((await task.get().catch(() => null)) === null) await registry.release(id);
      else await registry.accepted(id);
    } catch (e) {
      console.error(`${id}: registry clean-up after a failed create failed:`, e);
    }
    throw err;
  }
}

const noStore = (): never => {
  throw new Error('no task store: the Worker edge passes one to createApp({tasks})');
};

/** The store of an app built without one (createApp() in tests of other routes): task routes answer internal_error. */
export const NO_TASK_STORE: TaskStore = { registry: noStore, batch: noStore, crawl: noStore };

// ---- The consumer's side: claims, outcomes and the sweep ----

export type UnitClaim = { kind: 'capture'; url: string; options: CaptureOptions; attempt: number } | { kind: 'skip' };
export type CrawlClaim = UnitClaim | { kind: 'wait'; ms: number };

/** What a captured crawl page tells the crawl besides its result. */
export interface PageOutcome {
  /**
   * The page's links (absolute), whether or not the caller asked for the links format, less those the consumer's
   * isolate already offered to this crawl (D300).
   */
  links: string[];
  /** A request reached the host (robots.txt allowed it): only such pages use the maxPages budget (D225). */
  requested: boolean;
  /** Crawl-delay of the host's robots.txt (0 = none), or null when the capture reported no robots decision. */
  crawlDelayMs: number | null;
}

/** A page the crawl leased straight to the consumer that recorded the page before it (decision D280). */
export interface HandedPage {
  index: number;
  url: string;
  attempt: number;
  /** The lease token of this page (the consumer's message id and the page index). */
  token: string;
}

/** What recording a crawl page returns: whether it was recorded, and pages handed to the same consumer. */
export interface RecordOutcome {
  recorded: boolean;
  next: HandedPage[];
}

export interface SweepRequest {
  /** A sent but unclaimed unit older than this counts as lost (D53). */
  staleMs: number;
  now: number;
  /**
   * Set by the sweep the local launcher runs when the service starts (D223): every message sent and every lease
   * taken before this instant died with the previous process, so those units are sent again at once.
   */
  lostBefore: number | null;
}

export type SweepOutcome = 'unknown' | 'active' | 'finished';
