// Completion events of batches and crawls (issue 14: `destinations: [ids]` on create → batch.completed /
// crawl.completed). The task object keeps its destinations in a one-row table; the event is written in the same
// transaction that completes the task and handed to the delivery ledger afterwards. A crash in between leaves it
// here, and the task's sweep (it stays in the registry until then) hands it over; the ledger ignores a known id.
import { newId, type EventEnvelope, type EventType } from '../src/deliveries/events.ts';
import { ledgerStub } from './monitor-stubs.ts';

type HookRow = { destinations: string; event: string | null; emitted: number };

/** At create: the destinations that receive the task's completion event (nothing is stored for none). */
export function rememberDestinations(sql: SqlStorage, destinations: readonly string[] | undefined): void {
  if (!destinations || destinations.length === 0) return;
  sql.exec('INSERT OR IGNORE INTO task_hooks (k, destinations) VALUES (1, ?)', JSON.stringify(destinations));
}

/** Inside the completing transaction: writes the event once (a task completes once). */
export function queueCompletionEvent(sql: SqlStorage, type: EventType, data: Record<string, unknown>, now: number = Date.now()): void {
  const row = sql.exec<HookRow>('SELECT * FROM task_hooks').toArray()[0];
  if (!row || row.event !== null) return;
  const event: EventEnvelope = { id: newId('evt'), type, createdAt: new Date(now).toISOString(), data };
  sql.exec('UPDATE task_hooks SET event = ?', JSON.stringify(event));
}

/** Hands a written, not yet emitted event to the ledger; false when that failed (the sweep tries again). */
export async function emitCompletionEvent(sql: SqlStorage, env: Env): Promise<boolean> {
  const row = sql.exec<HookRow>('SELECT * FROM task_hooks').toArray()[0];
  if (!row || row.event === null || row.emitted === 1) return true;
  try {
    await ledgerStub(env).emit([JSON.parse(row.event) as EventEnvelope], JSON.parse(row.destinations) as string[]);
    sql.exec('UPDATE task_hooks SET emitted = 1');
    return true;
  } catch (err) {
    console.error('handing a completion event to the delivery ledger failed (the sweep tries again):', err);
    return false;
  }
}
