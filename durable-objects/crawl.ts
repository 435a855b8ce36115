// One crawl (decision D11): a frontier of same-origin pages in SQLite, a host gate for Crawl-delay and per-host
// concurrency (D51), and the append-only log of captured pages. Pages move through the WORK queue one message each.
import { DurableObject } from 'cloudflare:workers';
import type { ServiceEnv } from '../src/config/bindings.ts';
import type { CaptureOptions } from '../src/request/capture-options.ts';
import { registryStub } from '../src/tasks/bindings.ts';
import { crawlPageMessage } from '../src/tasks/messages.ts';
import { nextStartAfter, planDispatch, waitBeforeRequest } from '../src/tasks/politeness.ts';
import { iso, type CrawlRecord } from '../src/tasks/records.ts';
import { echoOptions } from '../src/tasks/requests.ts';
import type { StoredResult } from '../src/tasks/result-store.ts';
import { LEASE_MARGIN_MS, LIST_MAX_BYTES } from '../src/tasks/settings.ts';
import type { SweepOutcome, UnitClaim } from './batch.ts';
import { admitLinks, cancelOpenUnits, crawlRow, createCrawlTables, hostGate, parkUnits, type CrawlRow } from './crawl-tables.ts';
import {
  appendResult,
  claimUnit,
  isRecorded,
  lapsedUnits,
  listLog,
  markQueued,
  pendingUnits,
  releaseUnit,
  resultCounts,
  sendMessages,
  stateCounts,
  tableExists,
  type LogPage,
} from './units.ts';

export interface CrawlCreate {
  id: string;
  url: string;
  maxPages: number;
  includePaths: string[];
  options: CaptureOptions;
}

/** What a captured page tells the crawl besides its result. */
export interface PageOutcome {
  /** The page's links (absolute), whether or not the caller asked for the links format. */
  links: string[];
  /** A request reached the host (robots.txt allowed it). */
  requested: boolean;
  /** Crawl-delay of the host's robots.txt (0 = none), or null when the capture reported no robots decision. */
  crawlDelayMs: number | null;
}

export type CrawlClaim = UnitClaim | { kind: 'wait'; ms: number };
export type Transition = { ok: true; record: CrawlRecord } | { ok: false; message: string };

export class CrawlObject extends DurableObject<ServiceEnv> {
  readonly #sql: SqlStorage;
  #ready: boolean;

  constructor(ctx: DurableObjectState, env: ServiceEnv) {
    super(ctx, env);
    this.#sql = ctx.storage.sql;
    this.#ready = tableExists(this.#sql, 'crawl');
  }

  /** Stores the crawl with its start page and sends the first page; idempotent for the same id. */
  async create(input: CrawlCreate): Promise<CrawlRecord> {
    if (!this.#ready) {
      const now = Date.now();
      this.ctx.storage.transactionSync(() => {
        createCrawlTables(this.#sql);
        this.#sql.exec(
          "INSERT INTO crawl (id, status, url, max_pages, include_paths, options, created_at, updated_at, completed_at, crawl_delay_ms, next_at) VALUES (?, 'running', ?, ?, ?, ?, ?, ?, NULL, NULL, 0)",
          input.id,
          input.url,
          input.maxPages,
          JSON.stringify(input.includePaths),
          JSON.stringify(input.options),
          now,
          now,
        );
        this.#sql.exec("INSERT INTO units (idx, url, state) VALUES (0, ?, 'pending')", input.url);
      });
      this.#ready = true;
    }
    await this.#dispatch();
    return this.#record() as CrawlRecord;
  }

  get(): CrawlRecord | null {
    return this.#record();
  }

  list(afterSeq: number, limit: number): (LogPage & { finished: boolean }) | null {
    const row = this.#row();
    if (!row) return null;
    return { ...listLog(this.#sql, afterSeq, limit, LIST_MAX_BYTES), finished: row.status === 'completed' || row.status === 'cancelled' };
  }

  /** A consumer asks to capture a page: it may, it must wait for the host's Crawl-delay first, or it skips. */
  claim(index: number, token: string, now: number = Date.now()): CrawlClaim {
    const row = this.#row();
    if (!row || row.status === 'completed' || row.status === 'cancelled') return { kind: 'skip' };
    const wait = waitBeforeRequest(hostGate(this.#sql, row), now);
    if (wait > 0) return { kind: 'wait', ms: wait };
    const options = JSON.parse(row.options) as CaptureOptions;
    const claim = claimUnit(this.#sql, index, now, options.timeoutMs + LEASE_MARGIN_MS, token);
    return claim.kind === 'capture' ? { kind: 'capture', url: claim.url, options, attempt: claim.attempt } : { kind: 'skip' };
  }

  /** The consumer will not wait that long: the page is sent again, delivered when the host is free. */
  async requeue(index: number, delayMs: number): Promise<void> {
    const row = this.#row();
    if (!row) return;
    markQueued(this.#sql, [index], Date.now() + delayMs);
    await sendMessages(this.env.WORK, [crawlPageMessage(row.id, index)], delayMs);
  }

  release(index: number, token: string): void {
    if (this.#ready) releaseUnit(this.#sql, index, token, Date.now());
  }

  /** Records a captured page once, feeds its links to the frontier, moves the host gate, sends what may go next. */
  async record(index: number, stored: StoredResult, outcome: PageOutcome): Promise<boolean> {
    const row = this.#row();
    // A cancelled crawl is final: pages still in flight when it was cancelled are not added afterwards.
    if (!row || row.status === 'completed' || row.status === 'cancelled') return false;
    const now = Date.now();
    const recorded = this.ctx.storage.transactionSync(() => {
      if (!appendResult(this.#sql, index, stored)) return false;
      const delay = outcome.crawlDelayMs ?? row.crawl_delay_ms;
      const nextAt = nextStartAfter({ ...hostGate(this.#sql, row), crawlDelayMs: delay }, now, outcome.requested);
      this.#sql.exec('UPDATE crawl SET crawl_delay_ms = ?, next_at = ?, updated_at = ?', delay, nextAt, now);
      admitLinks(this.#sql, row, outcome.links);
      return true;
    });
    await this.#dispatch();
    return recorded;
  }

  /** A page's message ran out of delivery retries: the crawl is interrupted until resumed (D11). */
  deadLetter(index: number): boolean {
    const row = this.#row();
    // A page recorded meanwhile (a late delivery succeeded) leaves nothing to interrupt.
    if (!row || row.status === 'completed' || row.status === 'cancelled' || isRecorded(this.#sql, index)) return false;
    parkUnits(this.#sql, [index]);
    this.#sql.exec("UPDATE crawl SET status = 'interrupted', updated_at = ? WHERE status = 'running'", Date.now());
    return true;
  }

  async cancel(): Promise<Transition> {
    const row = this.#row();
    if (!row) return { ok: false, message: 'unknown crawl' };
    if (row.status === 'completed' || row.status === 'cancelled') return { ok: false, message: `the crawl is already ${row.status}` };
    const now = Date.now();
    this.ctx.storage.transactionSync(() => {
      cancelOpenUnits(this.#sql);
      this.#sql.exec("UPDATE crawl SET status = 'cancelled', updated_at = ?, completed_at = ?", now, now);
    });
    await this.#releaseFromRegistry(row.id);
    return { ok: true, record: this.#record() as CrawlRecord };
  }

  async resume(): Promise<Transition> {
    const row = this.#row();
    if (!row) return { ok: false, message: 'unknown crawl' };
    if (row.status !== 'interrupted') {
      return { ok: false, message: `only an interrupted crawl can be resumed; this one is ${row.status}` };
    }
    this.#sql.exec("UPDATE crawl SET status = 'running', updated_at = ?", Date.now());
    await this.#dispatch();
    return { ok: true, record: this.#record() as CrawlRecord };
  }

  /** The scheduled sweep: pages whose message or lease was lost are sent again (or parked while interrupted). */
  async sweep(staleMs: number, now: number = Date.now()): Promise<SweepOutcome> {
    const row = this.#row();
    if (!row) return 'unknown';
    if (row.status === 'completed' || row.status === 'cancelled') {
      await this.#releaseFromRegistry(row.id);
      return 'finished';
    }
    const lapsed = lapsedUnits(this.#sql, now, staleMs);
    if (row.status === 'interrupted') {
      parkUnits(this.#sql, lapsed);
      return 'active';
    }
    if (lapsed.length > 0) {
      // Safe to send at once: the claim makes the consumer wait for the host gate.
      markQueued(this.#sql, lapsed, now);
      await sendMessages(this.env.WORK, lapsed.map((i) => crawlPageMessage(row.id, i)));
    }
    await this.#dispatch();
    return 'active';
  }

  /** Sends as many pending pages as the host gate allows; completes the crawl when nothing is left. */
  async #dispatch(): Promise<void> {
    const row = this.#row();
    if (!row || row.status !== 'running') return;
    const now = Date.now();
    const states = stateCounts(this.#sql);
    if (states.pending + states.queued + states.leased === 0) {
      this.#sql.exec("UPDATE crawl SET status = 'completed', updated_at = ?, completed_at = ? WHERE status = 'running'", now, now);
      await this.#releaseFromRegistry(row.id);
      return;
    }
    const plan = planDispatch(hostGate(this.#sql, row), states.pending, now);
    const idxs = pendingUnits(this.#sql, plan.count);
    if (idxs.length === 0) return;
    // Marked before the send (no await in between), so a concurrent call cannot send the same pages twice.
    markQueued(this.#sql, idxs, now + plan.delayMs);
    await sendMessages(this.env.WORK, idxs.map((i) => crawlPageMessage(row.id, i)), plan.delayMs);
  }

  async #releaseFromRegistry(id: string): Promise<void> {
    try {
      await registryStub(this.env).release(id);
    } catch (err) {
      console.error(`crawl ${id}: registry release failed:`, err);
    }
  }

  #row(): CrawlRow | null {
    return this.#ready ? crawlRow(this.#sql) : null;
  }

  #record(): CrawlRecord | null {
    const row = this.#row();
    if (!row) return null;
    const states = stateCounts(this.#sql);
    const { done, byStatus } = resultCounts(this.#sql);
    return {
      id: row.id,
      object: 'crawl',
      status: row.status,
      url: row.url,
      maxPages: row.max_pages,
      includePaths: JSON.parse(row.include_paths) as string[],
      createdAt: iso(row.created_at) as string,
      updatedAt: iso(row.updated_at) as string,
      completedAt: iso(row.completed_at),
      counts: { discovered: states.pending + states.queued + states.leased + states.done + states.cancelled, queued: states.pending + states.queued + states.leased, done, byStatus },
      options: echoOptions(JSON.parse(row.options) as CaptureOptions),
    };
  }
}
