// One monitor (issue 14, decisions D260–D268): its settings, its schedule as a Durable Object alarm and its runs, in
// this object's SQLite storage. A run goes through the WORK queue like a batch item: the consumer claims it under a
// lease, captures with runCapture and records it here once; the run's events are handed to the delivery ledger.
import { MONITOR_MIGRATIONS } from '../migrations/monitor.ts';
import type { CaptureStatus } from '../src/capture/types.ts';
import { detectChange, type RunDigest } from '../src/monitors/change.ts';
import type { MonitorRecord, MonitorStatus } from '../src/monitors/records.ts';
import type { MonitorSettings } from '../src/monitors/requests.ts';
import { isDue, nextRunAt } from '../src/monitors/schedule.ts';
import type { Outcome, RunPage, StoredRun } from '../src/monitors/store.ts';
import type { CaptureOptions } from '../src/request/capture-options.ts';
import { leaseMsFor } from '../src/tasks/leases.ts';
import { workMessage } from '../src/tasks/messages.ts';
import { iso } from '../src/tasks/records.ts';
import { echoOptions } from '../src/tasks/requests.ts';
import type { StoredResult } from '../src/tasks/result-store.ts';
import type { SweepOutcome, SweepRequest, UnitClaim } from '../src/tasks/store.ts';
import type { EventEnvelope } from '../src/deliveries/events.ts';
import { ledgerStub } from './monitor-stubs.ts';
import { activeRun, insertRun, lastRun, previousDigest, runById, runBySeq, runEvents, runSummary, storedRun, type RunRow } from './monitor-runs.ts';
import { TaskObject } from './task-object.ts';

type MonitorRow = {
  id: string;
  url: string;
  interval_minutes: number;
  options: string;
  destinations: string;
  status: MonitorStatus;
  revision: number;
  deleted: number;
  created_at: number;
  updated_at: number;
  next_run_at: number | null;
};

/** Page statuses whose run is `completed` (content was captured); any other page status makes the run `failed`. */
const CONTENT_STATUSES: ReadonlySet<CaptureStatus> = new Set(['success', 'partial', 'incomplete']);

const conflict = (message: string) => ({ ok: false, code: 'conflict', message }) as const;

export class MonitorObject extends TaskObject {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, { table: 'monitor', migrations: MONITOR_MIGRATIONS });
  }

  async create(id: string, s: MonitorSettings): Promise<MonitorRecord> {
    this.ensureTables();
    if (!this.#row()) {
      const now = Date.now();
      this.sql.exec(
        "INSERT INTO monitor (id, url, interval_minutes, options, destinations, status, revision, created_at, updated_at, next_run_at) VALUES (?, ?, ?, ?, ?, 'active', 1, ?, ?, ?)",
        id, s.url, s.intervalMinutes, JSON.stringify(s.options), JSON.stringify(s.destinations), now, now, now,
      );
      // The first run is due at once (D261): the alarm starts it, the cron sweep would too.
      await this.ctx.storage.setAlarm(now);
    }
    return this.#record() as MonitorRecord;
  }

  get(): MonitorRecord | null {
    return this.#record();
  }

  settings(): MonitorSettings | null {
    const m = this.#row();
    if (!m) return null;
    return { url: m.url, intervalMinutes: m.interval_minutes, options: JSON.parse(m.options) as CaptureOptions, destinations: JSON.parse(m.destinations) as string[] };
  }

  /** A change made against `revision`: refused when the monitor moved on since, or while a run is in progress. */
  async patch(revision: number, s: MonitorSettings): Promise<Outcome<MonitorRecord>> {
    const m = this.#row();
    if (!m) return { ok: false, code: 'not_found', message: 'monitor not found' };
    if (revision !== m.revision) return conflict(`revision ${revision} is not the monitor's current revision ${m.revision}; read it again`);
    if (activeRun(this.sql)) return conflict('a run of this monitor is in progress; change it when the run has ended');
    const now = Date.now();
    // A new interval counts from now; the next due time never moves into the past.
    const next = m.status === 'active' ? Math.min(m.next_run_at ?? now, now + s.intervalMinutes * 60_000) : null;
    this.sql.exec(
      'UPDATE monitor SET url = ?, interval_minutes = ?, options = ?, destinations = ?, revision = revision + 1, updated_at = ?, next_run_at = ?',
      s.url, s.intervalMinutes, JSON.stringify(s.options), JSON.stringify(s.destinations), now, next,
    );
    if (next !== null) await this.ctx.storage.setAlarm(next);
    return { ok: true, value: this.#record() as MonitorRecord };
  }

  async pause(): Promise<MonitorRecord | null> {
    const m = this.#row();
    if (!m) return null;
    if (m.status === 'active') {
      this.sql.exec("UPDATE monitor SET status = 'paused', next_run_at = NULL, revision = revision + 1, updated_at = ?", Date.now());
      await this.ctx.storage.deleteAlarm();
    }
    return this.#record();
  }

  /** A resumed monitor runs at once, like a new one (D261). */
  async resume(): Promise<MonitorRecord | null> {
    const m = this.#row();
    if (!m) return null;
    if (m.status === 'paused') {
      const now = Date.now();
      this.sql.exec("UPDATE monitor SET status = 'active', next_run_at = ?, revision = revision + 1, updated_at = ?", now, now);
      await this.ctx.storage.setAlarm(now);
    }
    return this.#record();
  }

  /** Deleted monitors keep only a tombstone: a late message of one of their runs finds nothing to do. */
  async remove(): Promise<boolean> {
    const m = this.#row();
    if (!m) return false;
    this.ctx.storage.transactionSync(() => {
      this.sql.exec('UPDATE monitor SET deleted = 1, next_run_at = NULL, updated_at = ?', Date.now());
      this.sql.exec('DELETE FROM runs');
    });
    await this.ctx.storage.deleteAlarm();
    return true;
  }

  /** Run now (issue 14): `conflict` while paused or busy. */
  async runNow(): Promise<Outcome<StoredRun>> {
    const m = this.#row();
    if (!m) return conflict('monitor not found: a run needs an existing monitor');
    if (m.status === 'paused') return conflict('the monitor is paused; resume it first');
    if (activeRun(this.sql)) return conflict('a run of this monitor is already in progress');
    const run = await this.#startRun(m.id, 'request', Date.now());
    return { ok: true, value: storedRun(m.id, run) };
  }

  listRuns(afterSeq: number, limit: number): RunPage | null {
    const m = this.#row();
    if (!m) return null;
    const rows = this.sql.exec<RunRow>('SELECT * FROM runs WHERE seq > ? ORDER BY seq LIMIT ?', afterSeq, limit + 1).toArray();
    const page = rows.slice(0, limit);
    return { runs: page.map((r) => storedRun(m.id, r)), hasMore: rows.length > limit, lastSeq: page.at(-1)?.seq ?? afterSeq };
  }

  getRun(runId: string): StoredRun | null {
    const m = this.#row();
    const r = m ? runById(this.sql, runId) : null;
    return m && r ? storedRun(m.id, r) : null;
  }

  // ---- the consumer's side ----

  async claim(seq: number, token: string, now: number = Date.now()): Promise<UnitClaim> {
    const config = await this.config();
    const m = this.#row();
    const r = m ? runBySeq(this.sql, seq) : null;
    if (!m || !r) return { kind: 'skip' };
    const leased = r.status === 'running' && r.lease_token !== token && (r.lease_until ?? 0) > now;
    if ((r.status !== 'queued' && r.status !== 'running') || leased) return { kind: 'skip' };
    const options = JSON.parse(m.options) as CaptureOptions;
    this.sql.exec(
      "UPDATE runs SET status = 'running', started_at = COALESCE(started_at, ?), lease_token = ?, lease_at = ?, lease_until = ?, attempt = attempt + 1 WHERE seq = ?",
      now, token, now, now + leaseMsFor(options, config), seq,
    );
    return { kind: 'capture', url: m.url, options, attempt: r.attempt + 1 };
  }

  release(seq: number, token: string): void {
    if (!this.ready) return;
    this.sql.exec("UPDATE runs SET status = 'queued', lease_token = NULL, lease_until = NULL WHERE seq = ? AND status = 'running' AND lease_token = ?", seq, token);
  }

  /** Records a run's result once (false for a duplicate) and hands its events to the delivery ledger. */
  async record(seq: number, stored: StoredResult, digest: RunDigest): Promise<boolean> {
    const m = this.#row();
    const r = m ? runBySeq(this.sql, seq) : null;
    if (!m || !r || (r.status !== 'running' && r.status !== 'queued')) return false;
    const completed = CONTENT_STATUSES.has(stored.status);
    const change = completed ? detectChange(previousDigest(this.sql, seq), digest) : null;
    this.#finish(m, r, completed ? 'completed' : 'failed', { stored, digest: completed ? digest : null, change });
    await this.#emitPending();
    return true;
  }

  /** The run's message ran out of delivery retries: the run failed without a result. */
  async deadLetter(seq: number): Promise<boolean> {
    const m = this.#row();
    const r = m ? runBySeq(this.sql, seq) : null;
    if (!m || !r || (r.status !== 'running' && r.status !== 'queued')) return false;
    this.#finish(m, r, 'failed', { stored: null, digest: null, change: null });
    await this.#emitPending();
    return true;
  }

  /** The cron's safety sweep: start a due run, send again a run whose message or lease was lost, emit what is left. */
  async sweep(req: SweepRequest): Promise<SweepOutcome> {
    const m = this.#row();
    if (!m) return 'unknown';
    const r = activeRun(this.sql);
    if (r) {
      const lostMsg = r.status === 'queued' && (r.sent_at < req.now - req.staleMs || (req.lostBefore !== null && r.sent_at < req.lostBefore));
      const lostLease = r.status === 'running' && ((r.lease_until ?? 0) < req.now || (req.lostBefore !== null && (r.lease_at ?? 0) < req.lostBefore));
      if (lostMsg || lostLease) await this.#send(m.id, r.seq, req.now);
    }
    await this.#emitPending();
    await this.#tick(req.now);
    return 'active';
  }

  override async alarm(): Promise<void> {
    await this.#tick(Date.now());
  }

  /** Starts the scheduled run when due (skipped while a run is in progress) and sets the alarm for the next. */
  async #tick(now: number): Promise<void> {
    const m = this.#row();
    if (!m || m.status !== 'active' || m.next_run_at === null) return;
    let due = m.next_run_at;
    if (isDue(due, now)) {
      if (!activeRun(this.sql)) await this.#startRun(m.id, 'schedule', now);
      due = nextRunAt(now, m.interval_minutes, now);
      this.sql.exec('UPDATE monitor SET next_run_at = ?', due);
    }
    await this.ctx.storage.setAlarm(due);
  }

  async #startRun(id: string, trigger: 'schedule' | 'request', now: number): Promise<RunRow> {
    const run = insertRun(this.sql, trigger, now);
    await this.env.WORK.send(workMessage('monitor_run', id, run.seq));
    return run;
  }

  async #send(id: string, seq: number, now: number): Promise<void> {
    this.sql.exec("UPDATE runs SET status = 'queued', sent_at = ?, lease_token = NULL, lease_until = NULL WHERE seq = ?", now, seq);
    await this.env.WORK.send(workMessage('monitor_run', id, seq));
  }

  #finish(m: MonitorRow, r: RunRow, status: 'completed' | 'failed', out: { stored: StoredResult | null; digest: RunDigest | null; change: ReturnType<typeof detectChange> }): void {
    const now = Date.now();
    const destinations = JSON.parse(m.destinations) as string[];
    const summary = { ...runSummary(r), status, startedAt: r.started_at === null ? null : iso(r.started_at), completedAt: iso(now), change: out.change };
    // The events are written with the result, in one transaction: a crash before they reach the ledger leaves them
    // here, and the sweep hands them over (the ledger ignores an event id it already holds).
    const events = destinations.length === 0 ? null : JSON.stringify(runEvents({ monitorId: m.id, url: m.url, run: summary, now }));
    this.sql.exec(
      'UPDATE runs SET status = ?, completed_at = ?, lease_token = NULL, lease_until = NULL, body = ?, r2_key = ?, markdown_sha = ?, json_sha = ?, json = ?, change = ?, events = ? WHERE seq = ?',
      status, now, out.stored?.body ?? null, out.stored?.r2Key ?? null, out.digest?.markdownSha256 ?? null, out.digest?.jsonSha256 ?? null,
      out.digest?.json === undefined || out.digest.json === null ? null : JSON.stringify(out.digest.json),
      out.change === null ? null : JSON.stringify(out.change), events, r.seq,
    );
  }

  async #emitPending(): Promise<void> {
    const m = this.#row();
    if (!m) return;
    const destinations = JSON.parse(m.destinations) as string[];
    for (const r of this.sql.exec<RunRow>('SELECT * FROM runs WHERE events IS NOT NULL ORDER BY seq').toArray()) {
      try {
        await ledgerStub(this.env).emit(JSON.parse(r.events as string) as EventEnvelope[], destinations);
        this.sql.exec('UPDATE runs SET events = NULL WHERE seq = ?', r.seq);
      } catch (err) {
        console.error(`${m.id}: handing run ${r.id}'s events to the ledger failed (the sweep tries again):`, err);
        return;
      }
    }
  }

  #row(): MonitorRow | null {
    if (!this.ready) return null;
    const row = this.sql.exec<MonitorRow>('SELECT * FROM monitor').toArray()[0];
    return row && row.deleted === 0 ? row : null;
  }

  #record(): MonitorRecord | null {
    const m = this.#row();
    if (!m) return null;
    const last = lastRun(this.sql);
    return {
      id: m.id,
      object: 'monitor',
      url: m.url,
      intervalMinutes: m.interval_minutes,
      status: m.status,
      busy: activeRun(this.sql) !== null,
      revision: m.revision,
      destinations: JSON.parse(m.destinations) as string[],
      options: echoOptions(JSON.parse(m.options) as CaptureOptions),
      createdAt: iso(m.created_at) as string,
      updatedAt: iso(m.updated_at) as string,
      nextRunAt: iso(m.next_run_at),
      lastRun: last ? runSummary(last) : null,
    };
  }
}
