// SQL of a monitor's runs (durable-objects/monitor.ts): rows, their records, and the events a finished run emits.
import { iso } from '../src/tasks/records.ts';
import type { Change, RunDigest } from '../src/monitors/change.ts';
import type { RunStatus, RunSummary, RunTrigger } from '../src/monitors/records.ts';
import type { StoredRun } from '../src/monitors/store.ts';
import { newId, type EventEnvelope } from '../src/deliveries/events.ts';

export type RunRow = {
  seq: number;
  id: string;
  trigger: RunTrigger;
  status: RunStatus;
  queued_at: number;
  sent_at: number;
  started_at: number | null;
  completed_at: number | null;
  lease_token: string | null;
  lease_at: number | null;
  lease_until: number | null;
  attempt: number;
  body: string | null;
  r2_key: string | null;
  markdown_sha: string | null;
  json_sha: string | null;
  json: string | null;
  change: string | null;
  events: string | null;
};

export function runSummary(r: RunRow): RunSummary {
  return {
    id: r.id,
    status: r.status,
    trigger: r.trigger,
    queuedAt: iso(r.queued_at) as string,
    startedAt: iso(r.started_at),
    completedAt: iso(r.completed_at),
    change: r.change === null ? null : (JSON.parse(r.change) as Change),
  };
}

export function storedRun(monitorId: string, r: RunRow): StoredRun {
  const finished = r.status === 'completed' || r.status === 'failed';
  return {
    record: { object: 'monitor_run', monitorId, ...runSummary(r) },
    result: finished && (r.body !== null || r.r2_key !== null) ? { seq: r.seq, body: r.body, r2Key: r.r2_key } : null,
  };
}

export const runBySeq = (sql: SqlStorage, seq: number): RunRow | null =>
  sql.exec<RunRow>('SELECT * FROM runs WHERE seq = ?', seq).toArray()[0] ?? null;

export const runById = (sql: SqlStorage, id: string): RunRow | null =>
  sql.exec<RunRow>('SELECT * FROM runs WHERE id = ?', id).toArray()[0] ?? null;

/** The run in progress (queued or running), if any: a monitor has at most one. */
export const activeRun = (sql: SqlStorage): RunRow | null =>
  sql.exec<RunRow>("SELECT * FROM runs WHERE status IN ('queued', 'running') ORDER BY seq DESC LIMIT 1").toArray()[0] ?? null;

export const lastRun = (sql: SqlStorage): RunRow | null =>
  sql.exec<RunRow>('SELECT * FROM runs ORDER BY seq DESC LIMIT 1').toArray()[0] ?? null;

/** The digest of the latest completed run before `seq`: what a new run is compared with. */
export function previousDigest(sql: SqlStorage, seq: number): RunDigest | null {
  const r = sql
    .exec<RunRow>("SELECT * FROM runs WHERE status = 'completed' AND seq < ? ORDER BY seq DESC LIMIT 1", seq)
    .toArray()[0];
  if (!r) return null;
  return { markdownSha256: r.markdown_sha, jsonSha256: r.json_sha, json: r.json === null ? null : (JSON.parse(r.json) as unknown) };
}

export function insertRun(sql: SqlStorage, trigger: RunTrigger, now: number): RunRow {
  const id = newId('run');
  sql.exec("INSERT INTO runs (id, trigger, status, queued_at, sent_at) VALUES (?, ?, 'queued', ?, ?)", id, trigger, now, now);
  return runById(sql, id) as RunRow;
}

export interface RunEventInput {
  monitorId: string;
  url: string;
  run: RunSummary;
  now: number;
}

/** monitor.run.completed for every finished run, and monitor.changed when it changed (decision D268). */
export function runEvents(input: RunEventInput): EventEnvelope[] {
  const createdAt = new Date(input.now).toISOString();
  const data = { monitorId: input.monitorId, url: input.url, run: input.run };
  const out: EventEnvelope[] = [{ id: newId('evt'), type: 'monitor.run.completed', createdAt, data }];
  if (input.run.change?.changed) {
    out.push({ id: newId('evt'), type: 'monitor.changed', createdAt, data: { ...data, change: input.run.change } });
  }
  return out;
}
