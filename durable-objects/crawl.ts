// One crawl (decision D11): a frontier of same-origin pages in SQLite, a host gate for Crawl-delay and per-host
// concurrency (D51), a page budget (D225) and the append-only log of captured pages. Pages move through the WORK
// queue one message each, or are handed straight to the consumer that recorded the page before (D280).
import { CRAWL_MIGRATIONS } from '../migrations/crawl.ts';
import { admissibleLinks } from '../src/tasks/frontier.ts';
import { leaseMsFor } from '../src/tasks/leases.ts';
import type { LogSlice } from '../src/tasks/listing.ts';
import { workMessage } from '../src/tasks/messages.ts';
import { nextStartAfter, planDispatch, waitBeforeRequest } from '../src/tasks/politeness.ts';
import { iso, type CrawlRecord } from '../src/tasks/records.ts';
import { echoOptions } from '../src/tasks/requests.ts';
import type { StoredResult } from '../src/tasks/result-store.ts';
import { LIST_MAX_BYTES, MAX_CRAWL_BLOCKED } from '../src/tasks/settings.ts';
import type { CrawlClaim, CrawlCreate, HandedPage, PageOutcome, RecordOutcome, SweepOutcome, SweepRequest, Transition } from '../src/tasks/store.ts';
import {
  admitLinks,
  budgetOf,
  cancelOpenUnits,
  crawlRow,
  crawlSettings,
  dropSurplus,
  hostGate,
  markDone,
  parkUnits,
  type Budget,
  type CrawlRow,
  type CrawlSettings,
} from './crawl-tables.ts';
import { TaskObject } from './task-object.ts';
import { queueCompletionEvent, rememberDestinations } from './deliver-events.ts';
import { appendLog, claimUnit, isRecorded, lapsedUnits, leasePending, listLog, markQueued, queuePending, releaseUnit, resultCounts, sendMessages } from './units.ts';

const pageMessages = (id: string, idxs: readonly number[]) => idxs.map((i) => workMessage('crawl_page', id, i));
const isFinal = (row: CrawlRow) => row.status === 'completed' || row.status === 'cancelled';

/** A consumer that takes the next pages itself (D280): how many at most, under which lease token prefix and length. */
interface HandOver {
  take: number;
  token: string;
  leaseMs: number;
}

/** The row after a page was (or was not) recorded: what #dispatch reads next, without reading it again. */
interface PageRecorded {
  recorded: boolean;
  row: CrawlRow | null;
}

export class CrawlObject extends TaskObject {
  // Parsed once per instance (the row's options and includePaths never change after create).
  #settings: CrawlSettings | null = null;
  // Units are never deleted and the bound never changes: once the frontier is full, pages' links need no parsing.
  #frontierFull = false;
  // The crawl's row as last read or written: every write to the `crawl` table is made by this object, which then
  // forgets or replaces its copy, so the copy is what SQLite holds (reading it was a statement per call). undefined:
  // not read yet.
  #rowCopy: CrawlRow | null | undefined = undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, { table: 'crawl', migrations: CRAWL_MIGRATIONS });
  }

  /** Stores the crawl with its start page and sends the first page; idempotent for the same id. */
  async create(input: CrawlCreate): Promise<CrawlRecord> {
    this.ensureTables();
    if (!this.#row()) {
      const now = Date.now();
      this.ctx.storage.transactionSync(() => {
        this.sql.exec(
          "INSERT INTO crawl (id, status, url, max_pages, include_paths, options, created_at, updated_at, completed_at, crawl_delay_ms, next_at) VALUES (?, 'running', ?, ?, ?, ?, ?, ?, NULL, NULL, 0)",
          input.id,
          input.url,
          input.maxPages,
          JSON.stringify(input.includePaths),
          JSON.stringify(input.options),
          now,
          now,
        );
        this.sql.exec("INSERT INTO units (idx, url, state) VALUES (0, ?, 'pending')", input.url);
        rememberDestinations(this.sql, input.destinations);
      });
      this.#rowCopy = undefined;
    }
    await this.#dispatch();
    return this.#record() as CrawlRecord;
  }

  get(): CrawlRecord | null {
    return this.#record();
  }

  list(afterSeq: number, limit: number): LogSlice | null {
    const row = this.#row();
    if (!row) return null;
    return { ...listLog(this.sql, afterSeq, limit, LIST_MAX_BYTES), finished: isFinal(row) };
  }

  /** A consumer asks to capture a page: it may, it must wait for the host's Crawl-delay first, or it skips. */
  async claim(index: number, token: string, now: number = Date.now()): Promise<CrawlClaim> {
    // Settings first: no await between reading the unit and taking its lease.
    const config = await this.config();
    const row = this.#row();
    if (!row || isFinal(row)) return { kind: 'skip' };
    const wait = waitBeforeRequest(hostGate(this.sql, row), now);
    if (wait > 0) return { kind: 'wait', ms: wait };
    const { options } = this.#settingsOf(row);
    const claim = claimUnit(this.sql, index, now, leaseMsFor(options, config), token);
    return claim.kind === 'capture' ? { kind: 'capture', url: claim.url, options, attempt: claim.attempt } : { kind: 'skip' };
  }

  /** The consumer would wait too long for the host gate: the page's message is sent again with that delay. */
  async requeue(index: number, delayMs: number): Promise<void> {
    const row = this.#row();
    if (!row) return;
    markQueued(this.sql, [index], Date.now() + delayMs);
    await sendMessages(this.env.WORK, pageMessages(row.id, [index]), delayMs);
  }

  release(index: number, token: string): void {
    if (this.ready) releaseUnit(this.sql, index, token, Date.now());
  }

  /** A handed page (D280) failed in its consumer: it goes back to the frontier and is sent as a message. */
  async returnPage(index: number, token: string): Promise<void> {
    if (!this.ready) return;
    this.sql.exec(
      "UPDATE units SET state = 'pending', due_at = NULL, lease_until = NULL, lease_token = NULL WHERE idx = ? AND state = 'leased' AND lease_token = ?",
      index,
      token,
    );
    await this.#dispatch();
  }

  /** Records a captured page once, feeds its links to the frontier, moves the host gate, sends what may go next. */
  async record(index: number, stored: StoredResult, outcome: PageOutcome): Promise<boolean> {
    const page = this.#recordPage(this.#row(), index, stored, outcome);
    await this.#dispatch(null, page.row);
    return page.recorded;
  }

  /**
   * `record`, then up to `take` of the pages that may start now are leased straight to this consumer instead of being
   * sent as messages (D280): the frontier does not wait for the queue's delivery rhythm, and a page costs one call
   * here instead of two. Pages beyond `take`, and any page the host gate delays, still go as messages.
   */
  async recordAndTake(index: number, stored: StoredResult, outcome: PageOutcome, take: number, token: string): Promise<RecordOutcome> {
    // Settings first: no await between taking the next pages' leases and answering.
    const config = await this.config();
    const row = this.#row();
    const page = this.#recordPage(row, index, stored, outcome);
    const hand = take > 0 && row !== null ? { take, token, leaseMs: leaseMsFor(this.#settingsOf(row).options, config) } : null;
    const next = await this.#dispatch(hand, page.row);
    return { recorded: page.recorded, next };
  }

  #recordPage(row: CrawlRow | null, index: number, stored: StoredResult, outcome: PageOutcome): PageRecorded {
    // A cancelled crawl is final: pages still in flight when it was cancelled are not added afterwards.
    if (!row || isFinal(row)) return { recorded: false, row };
    const now = Date.now();
    const settings = this.#settingsOf(row);
    // The consumer sent only links it had not offered before (D300).
    const links = this.#frontierFull ? [] : outcome.links;
    const recorded = this.ctx.storage.transactionSync((): PageRecorded => {
      if (!outcome.requested && budgetOf(this.sql, row).blocked >= MAX_CRAWL_BLOCKED && !isRecorded(this.sql, index)) {
        // Past the bound of blocked entries (D225): the page is not listed and never offered again.
        this.sql.exec("UPDATE units SET state = 'dropped', lease_until = NULL, lease_token = NULL WHERE idx = ?", index);
        return { recorded: false, row };
      }
      if (!appendLog(this.sql, index, stored)) return { recorded: false, row };
      markDone(this.sql, index, outcome.requested);
      const delay = outcome.crawlDelayMs ?? row.crawl_delay_ms;
      // The next start depends on the delay and the last start only (no unit counts needed).
      const nextAt = nextStartAfter({ crawlDelayMs: delay, inflight: 0, nextAt: row.next_at }, now, outcome.requested);
      this.sql.exec('UPDATE crawl SET crawl_delay_ms = ?, next_at = ?, updated_at = ?', delay, nextAt, now);
      if (links.length > 0) admitLinks(this.sql, settings.bound, admissibleLinks(links, settings.scope()));
      return { recorded: true, row: { ...row, crawl_delay_ms: delay, next_at: nextAt, updated_at: now } };
    });
    // Committed: the row the transaction wrote is the row.
    if (recorded.row !== row) this.#rowCopy = recorded.row;
    return recorded;
  }

  /** A page's message ran out of delivery retries: the crawl is interrupted until resumed (D11). */
  deadLetter(index: number): boolean {
    const row = this.#row();
    // A page recorded meanwhile (a late delivery succeeded) leaves nothing to interrupt.
    if (!row || isFinal(row) || isRecorded(this.sql, index)) return false;
    parkUnits(this.sql, [index]);
    this.sql.exec("UPDATE crawl SET status = 'interrupted', updated_at = ? WHERE status = 'running'", Date.now());
    this.#rowCopy = undefined;
    return true;
  }

  async cancel(): Promise<Transition> {
    const row = this.#row();
    if (!row) return { ok: false, message: 'unknown crawl' };
    if (isFinal(row)) return { ok: false, message: `the crawl is already ${row.status}` };
    const now = Date.now();
    this.ctx.storage.transactionSync(() => {
      cancelOpenUnits(this.sql, row);
      this.sql.exec("UPDATE crawl SET status = 'cancelled', updated_at = ?, completed_at = ?", now, now);
    });
    this.#rowCopy = undefined;
    await this.releaseFromRegistry(row.id);
    return { ok: true, record: this.#record() as CrawlRecord };
  }

  async resume(): Promise<Transition> {
    const row = this.#row();
    if (!row) return { ok: false, message: 'unknown crawl' };
    if (row.status !== 'interrupted') {
      return { ok: false, message: `only an interrupted crawl can be resumed; this one is ${row.status}` };
    }
    this.sql.exec("UPDATE crawl SET status = 'running', updated_at = ?", Date.now());
    this.#rowCopy = undefined;
    await this.#dispatch();
    return { ok: true, record: this.#record() as CrawlRecord };
  }

  /** The scheduled sweep: pages whose message or lease was lost are sent again (or parked while interrupted). */
  async sweep(req: SweepRequest): Promise<SweepOutcome> {
    const row = this.#row();
    if (!row) return 'unknown';
    if (isFinal(row)) {
      await this.releaseOnceEmitted(row.id);
      return 'finished';
    }
    const lapsed = lapsedUnits(this.sql, req.now, req.staleMs, req.lostBefore);
    if (row.status === 'interrupted') {
      parkUnits(this.sql, lapsed);
      return 'active';
    }
    if (lapsed.length > 0) {
      // Safe to send at once: the claim makes the consumer wait for the host gate.
      markQueued(this.sql, lapsed, req.now);
      await sendMessages(this.env.WORK, pageMessages(row.id, lapsed));
    }
    await this.#dispatch();
    return 'active';
  }

  /**
   * Sends as many pending pages as the host gate and the budget allow, or leases up to `hand.take` of them to the
   * calling consumer when they may start at once; completes the crawl when nothing is left. `row` is the crawl row
   * as it stands (a caller that just wrote it passes it on, with no await in between).
   */
  async #dispatch(hand: HandOver | null = null, row: CrawlRow | null = this.#row()): Promise<HandedPage[]> {
    if (!row || row.status !== 'running') return [];
    const now = Date.now();
    const budget = budgetOf(this.sql, row);
    this.#noteFrontier(row, budget);
    const sendable = Math.min(budget.states.pending, budget.remaining);
    if (budget.inflight === 0 && sendable === 0) {
      this.ctx.storage.transactionSync(() => {
        dropSurplus(this.sql, 0);
        this.sql.exec("UPDATE crawl SET status = 'completed', updated_at = ?, completed_at = ? WHERE status = 'running'", now, now);
        this.#rowCopy = undefined;
        queueCompletionEvent(this.sql, 'crawl.completed', { crawl: this.#record() }, now);
      });
      // Read again after the commit (a rolled-back transaction would have left a copy of the uncommitted row).
      this.#rowCopy = undefined;
      await this.releaseOnceEmitted(row.id);
      return [];
    }
    // The host gate from the counts just read (hostGate would count the units again).
    const plan = planDispatch({ crawlDelayMs: row.crawl_delay_ms, inflight: budget.inflight, nextAt: row.next_at }, sendable, now);
    // Each lease lapses like a message's (the sweep sends the page again).
    const handed = hand !== null && plan.delayMs === 0 ? leasePending(this.sql, Math.min(hand.take, plan.count), now, hand.leaseMs, hand.token) : [];
    // Marked before the send (no await in between), so a concurrent call cannot send the same pages twice.
    const sent = queuePending(this.sql, plan.count - handed.length, now + plan.delayMs, now);
    if (sent.length > 0) await sendMessages(this.env.WORK, pageMessages(row.id, sent), plan.delayMs);
    return handed;
  }

  #noteFrontier(row: CrawlRow, budget: Budget): void {
    const units = Object.values(budget.states).reduce((a, n) => a + n, 0);
    if (units >= this.#settingsOf(row).bound) this.#frontierFull = true;
  }

  #settingsOf(row: CrawlRow): CrawlSettings {
    if (this.#settings?.id !== row.id) this.#settings = crawlSettings(row);
    return this.#settings;
  }

  #row(): CrawlRow | null {
    if (!this.ready) return null;
    if (this.#rowCopy === undefined) this.#rowCopy = crawlRow(this.sql);
    return this.#rowCopy;
  }

  #record(): CrawlRecord | null {
    const row = this.#row();
    if (!row) return null;
    const settings = this.#settingsOf(row);
    const budget = budgetOf(this.sql, row);
    const { states } = budget;
    const { done, byStatus } = resultCounts(this.sql);
    // Pending units past the budget will be dropped, so they are not counted as discovered (D225).
    const queued = budget.inflight + (row.status === 'running' || row.status === 'interrupted' ? Math.min(states.pending, budget.remaining) : 0);
    return {
      id: row.id,
      object: 'crawl',
      status: row.status,
      url: row.url,
      maxPages: row.max_pages,
      includePaths: [...settings.includePaths],
      createdAt: iso(row.created_at) as string,
      updatedAt: iso(row.updated_at) as string,
      completedAt: iso(row.completed_at),
      counts: { discovered: states.done + states.cancelled + queued, queued, done, byStatus },
      options: echoOptions(settings.options),
    };
  }
}
