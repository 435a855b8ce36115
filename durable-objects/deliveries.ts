// The one delivery ledger (issue 14, decisions D262–D266): destinations, events and one delivery per subscribed
// destination per event, in SQLite. Deliveries move through the DELIVERIES queue; this object decides what is sent,
// schedules retries with its alarm (exponential backoff) and records every attempt. After the last failed attempt
// the consumer sends the delivery to the dead-letter queue, whose handler marks it `dead_lettered` here.
import { DurableObject } from 'cloudflare:workers';
import { applyMigrations } from '../migrations/apply.ts';
import { DELIVERY_MIGRATIONS } from '../migrations/deliveries.ts';
import { deliveryMessage, envelopeBody, newId, type DeliveryAttempt, type DeliveryRecord, type DestinationRecord, type EventEnvelope, type EventType } from '../src/deliveries/events.ts';
import type { DeliveryQuery, DestinationCreate } from '../src/deliveries/requests.ts';
import { backoffMs, DELIVERY_LEASE_MS, deliverySettingsFromEnv } from '../src/deliveries/settings.ts';
import type { DeliveryPage, Outcome } from '../src/monitors/store.ts';
import { iso } from '../src/tasks/records.ts';
import type { SweepRequest } from '../src/tasks/store.ts';

type DestinationRow = { id: string; url: string; events: string; description: string | null; secret: string; created_at: number; deleted: number };
type DeliveryRow = {
  seq: number; id: string; event_id: string; destination: string; status: DeliveryRecord['status']; created_at: number;
  updated_at: number; delivered_at: number | null; next_at: number | null; sent_at: number | null; lease_token: string | null;
  lease_until: number | null; attempts: string; round_start: number; type: EventType; url: string;
};

export type DeliveryClaim = { kind: 'send'; url: string; secret: string; webhookId: string; body: string } | { kind: 'skip' };
export type AttemptVerdict = 'delivered' | 'retry' | 'dead' | 'skip';

const SELECT = 'SELECT d.*, e.type AS type, t.url AS url FROM deliveries d JOIN events e ON e.id = d.event_id JOIN destinations t ON t.id = d.destination';

function destinationRecord(r: DestinationRow): DestinationRecord {
  return { id: r.id, object: 'destination', url: r.url, events: JSON.parse(r.events) as EventType[], description: r.description, createdAt: iso(r.created_at) as string };
}

function deliveryRecord(r: DeliveryRow): DeliveryRecord {
  const attempts = JSON.parse(r.attempts) as DeliveryAttempt[];
  return {
    id: r.id, object: 'delivery', eventId: r.event_id, type: r.type, destination: r.destination, url: r.url, status: r.status,
    createdAt: iso(r.created_at) as string, updatedAt: iso(r.updated_at) as string, deliveredAt: iso(r.delivered_at),
    nextAttemptAt: r.status === 'pending' ? iso(r.next_at) : null, attemptCount: attempts.length, attempts,
  };
}

export class DeliveryLedger extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    applyMigrations(ctx.storage, DELIVERY_MIGRATIONS);
  }

  // ---- destinations ----

  createDestination(id: string, secret: string, d: DestinationCreate): DestinationRecord {
    this.sql.exec('INSERT INTO destinations (id, url, events, description, secret, created_at) VALUES (?, ?, ?, ?, ?, ?)', id, d.url, JSON.stringify(d.events), d.description, secret, Date.now());
    return this.getDestination(id) as DestinationRecord;
  }

  listDestinations(): DestinationRecord[] {
    return this.sql.exec<DestinationRow>('SELECT * FROM destinations WHERE deleted = 0 ORDER BY created_at, id').toArray().map(destinationRecord);
  }

  getDestination(id: string): DestinationRecord | null {
    const r = this.#destination(id);
    return r ? destinationRecord(r) : null;
  }

  deleteDestination(id: string): boolean {
    if (!this.#destination(id)) return false;
    this.sql.exec('UPDATE destinations SET deleted = 1 WHERE id = ?', id);
    return true;
  }

  unknownDestinations(ids: string[]): string[] {
    return ids.filter((id) => !this.#destination(id));
  }

  // ---- events and deliveries ----

  /** Stores the events (an id already held is ignored) and one delivery per subscribed destination; sends them. */
  async emit(events: EventEnvelope[], destinations: string[]): Promise<number> {
    const now = Date.now();
    const created: string[] = [];
    this.ctx.storage.transactionSync(() => {
      for (const e of events) {
        if (this.sql.exec('SELECT 1 FROM events WHERE id = ?', e.id).toArray().length > 0) continue;
        this.sql.exec('INSERT INTO events (id, type, body, created_at) VALUES (?, ?, ?, ?)', e.id, e.type, JSON.stringify(e), now);
        for (const dst of destinations) {
          const d = this.#destination(dst);
          if (!d || !(JSON.parse(d.events) as string[]).includes(e.type)) continue;
          const id = newId('dlv');
          this.sql.exec("INSERT INTO deliveries (id, event_id, destination, status, created_at, updated_at, next_at, sent_at) VALUES (?, ?, ?, 'pending', ?, ?, ?, ?)", id, e.id, dst, now, now, now, now);
          created.push(id);
        }
      }
    });
    // Recorded as sent before sending: a crash in between leaves them to the sweep.
    if (created.length > 0) await this.env.DELIVERIES.sendBatch(created.map((id) => ({ body: deliveryMessage(id) })));
    return created.length;
  }

  listDeliveries(q: DeliveryQuery): DeliveryPage {
    const where = ['d.seq > ?'];
    const args: Array<string | number> = [q.afterSeq];
    if (q.status !== null) (where.push('d.status = ?'), args.push(q.status));
    if (q.destination !== null) (where.push('d.destination = ?'), args.push(q.destination));
    const rows = this.sql.exec<DeliveryRow>(`${SELECT} WHERE ${where.join(' AND ')} ORDER BY d.seq LIMIT ?`, ...args, q.limit + 1).toArray();
    const page = rows.slice(0, q.limit);
    return { data: page.map(deliveryRecord), hasMore: rows.length > q.limit, lastSeq: page.at(-1)?.seq ?? q.afterSeq };
  }

  getDelivery(id: string): DeliveryRecord | null {
    const r = this.#delivery(id);
    return r ? deliveryRecord(r) : null;
  }

  /** A dead-lettered delivery is sent again with the same event (same webhook-id) and a fresh set of attempts. */
  async retry(id: string): Promise<Outcome<DeliveryRecord>> {
    const r = this.#delivery(id);
    if (!r) return { ok: false, code: 'not_found', message: `delivery not found: ${id}` };
    if (r.status !== 'dead_lettered') return { ok: false, code: 'conflict', message: `only a dead_lettered delivery can be retried; this one is ${r.status}` };
    const now = Date.now();
    const count = (JSON.parse(r.attempts) as unknown[]).length;
    this.sql.exec("UPDATE deliveries SET status = 'pending', round_start = ?, next_at = ?, sent_at = ?, updated_at = ? WHERE id = ?", count, now, now, now, id);
    await this.env.DELIVERIES.send(deliveryMessage(id));
    return { ok: true, value: this.getDelivery(id) as DeliveryRecord };
  }

  // ---- the consumer's side ----

  /** The consumer may send a pending delivery that is due and not leased to another message. */
  claim(id: string, token: string, now: number = Date.now()): DeliveryClaim {
    const r = this.#delivery(id);
    if (!r || r.status !== 'pending' || r.next_at === null || r.next_at > now) return { kind: 'skip' };
    if (r.lease_token !== null && r.lease_token !== token && (r.lease_until ?? 0) > now) return { kind: 'skip' };
    const d = this.#destination(r.destination);
    if (!d) {
      // The destination was deleted: nothing will ever receive this delivery.
      this.sql.exec("UPDATE deliveries SET status = 'dead_lettered', next_at = NULL, updated_at = ? WHERE id = ?", now, id);
      return { kind: 'skip' };
    }
    this.sql.exec('UPDATE deliveries SET lease_token = ?, lease_until = ? WHERE id = ?', token, now + DELIVERY_LEASE_MS, id);
    const event = this.sql.exec<{ body: string }>('SELECT body FROM events WHERE id = ?', r.event_id).one();
    const e = JSON.parse(event.body) as EventEnvelope;
    return { kind: 'send', url: d.url, secret: d.secret, webhookId: e.id, body: envelopeBody(e) };
  }

  /** Records an attempt: delivered, a retry after the backoff, or `dead` (the consumer dead-letters it). */
  async attempted(id: string, token: string, attempt: DeliveryAttempt, ok: boolean): Promise<AttemptVerdict> {
    const r = this.#delivery(id);
    if (!r || r.status !== 'pending' || r.lease_token !== token) return 'skip';
    const now = Date.now();
    const attempts = [...(JSON.parse(r.attempts) as DeliveryAttempt[]), attempt];
    const settings = deliverySettingsFromEnv(this.env);
    const inRound = attempts.length - r.round_start;
    const verdict: AttemptVerdict = ok ? 'delivered' : inRound >= settings.maxAttempts ? 'dead' : 'retry';
    const next = verdict === 'retry' ? now + backoffMs(inRound, settings.backoffMs) : null;
    this.sql.exec(
      'UPDATE deliveries SET status = ?, attempts = ?, delivered_at = ?, next_at = ?, sent_at = ?, lease_token = NULL, lease_until = NULL, updated_at = ? WHERE id = ?',
      ok ? 'delivered' : 'pending', JSON.stringify(attempts), ok ? now : null, next, verdict === 'dead' ? now : r.sent_at, now, id,
    );
    if (next !== null) await this.#arm();
    return verdict;
  }

  /** The dead-letter queue's handler: the delivery will not be attempted again (until a retry). */
  deadLetter(id: string): boolean {
    const r = this.#delivery(id);
    if (!r || r.status !== 'pending') return false;
    this.sql.exec("UPDATE deliveries SET status = 'dead_lettered', next_at = NULL, lease_token = NULL, lease_until = NULL, updated_at = ? WHERE id = ?", Date.now(), id);
    return true;
  }

  /** Sends the deliveries whose backoff has passed. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    const due = this.sql
      .exec<{ id: string }>("SELECT id FROM deliveries WHERE status = 'pending' AND next_at IS NOT NULL AND next_at <= ? AND (sent_at IS NULL OR sent_at < next_at) LIMIT 100", now)
      .toArray().map((r) => r.id);
    await this.#send(due, now);
    await this.#arm();
  }

  /** The cron's safety sweep: send again what a lost message or a dead process left pending. */
  async sweep(req: SweepRequest): Promise<void> {
    const lostSince = (sent: number | null) => sent === null || sent < req.now - req.staleMs || (req.lostBefore !== null && sent < req.lostBefore);
    // A lease taken before the restart died with the process that held it (D223).
    const leaseLost = (until: number | null) => until === null || until < req.now || (req.lostBefore !== null && until - DELIVERY_LEASE_MS < req.lostBefore);
    const rows = this.sql
      .exec<DeliveryRow>("SELECT * FROM deliveries WHERE status = 'pending' AND (next_at IS NULL OR next_at <= ?)", req.now)
      .toArray().filter((r) => leaseLost(r.lease_until) && lostSince(r.sent_at));
    const dead = rows.filter((r) => r.next_at === null).map((r) => r.id);
    if (dead.length > 0) await this.env.DELIVERY_DEAD_LETTERS.sendBatch(dead.map((id) => ({ body: deliveryMessage(id) })));
    await this.#send(rows.filter((r) => r.next_at !== null).map((r) => r.id), req.now);
    await this.#arm();
  }

  async #send(ids: string[], now: number): Promise<void> {
    for (let i = 0; i < ids.length; i += 100) {
      const chunk = ids.slice(i, i + 100);
      for (const id of chunk) this.sql.exec('UPDATE deliveries SET sent_at = ? WHERE id = ?', now, id);
      await this.env.DELIVERIES.sendBatch(chunk.map((id) => ({ body: deliveryMessage(id) })));
    }
  }

  /** The alarm at the earliest retry not yet sent. */
  async #arm(): Promise<void> {
    const next = this.sql
      .exec<{ t: number | null }>("SELECT MIN(next_at) AS t FROM deliveries WHERE status = 'pending' AND next_at IS NOT NULL AND (sent_at IS NULL OR sent_at < next_at)")
      .one().t;
    if (next !== null) await this.ctx.storage.setAlarm(next);
  }

  #destination(id: string): DestinationRow | null {
    return this.sql.exec<DestinationRow>('SELECT * FROM destinations WHERE id = ? AND deleted = 0', id).toArray()[0] ?? null;
  }

  #delivery(id: string): DeliveryRow | null {
    return this.sql.exec<DeliveryRow>(`${SELECT} WHERE d.id = ?`, id).toArray()[0] ?? null;
  }
}
