// The contract between the monitor, destination and delivery routes and the objects that hold them. The Durable
// Objects (durable-objects/monitor*.ts, deliveries.ts) implement it; the Worker edge hands the routes a HookStore.
import type { DestinationCreate, DeliveryQuery } from '../deliveries/requests.ts';
import type { DeliveryRecord, DestinationRecord } from '../deliveries/events.ts';
import type { LogRow } from '../tasks/result-store.ts';
import type { MonitorRecord, RunRecord } from './records.ts';
import type { MonitorSettings } from './requests.ts';

/** A request the state forbids (`conflict`), or an id that names nothing (`not_found`). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; code: 'conflict' | 'not_found'; message: string };

/** A run as stored: its record without the result, and where the result's JSON text is. */
export interface StoredRun {
  record: Omit<RunRecord, 'result'>;
  result: LogRow | null;
}

export interface RunPage {
  runs: StoredRun[];
  hasMore: boolean;
  lastSeq: number;
}

export interface MonitorHandle {
  create(id: string, settings: MonitorSettings): Promise<MonitorRecord>;
  get(): Promise<MonitorRecord | null>;
  settings(): Promise<MonitorSettings | null>;
  patch(revision: number, settings: MonitorSettings): Promise<Outcome<MonitorRecord>>;
  pause(): Promise<MonitorRecord | null>;
  resume(): Promise<MonitorRecord | null>;
  remove(): Promise<boolean>;
  runNow(): Promise<Outcome<StoredRun>>;
  listRuns(afterSeq: number, limit: number): Promise<RunPage | null>;
  getRun(runId: string): Promise<StoredRun | null>;
}

export interface MonitorIndexPort {
  add(id: string, now: number): Promise<void>;
  remove(id: string): Promise<void>;
  list(afterSeq: number, limit: number): Promise<{ entries: Array<{ seq: number; id: string }>; hasMore: boolean }>;
}

export interface DeliveryPage {
  data: DeliveryRecord[];
  hasMore: boolean;
  lastSeq: number;
}

export interface DeliveryLedgerPort {
  createDestination(id: string, secret: string, input: DestinationCreate): Promise<DestinationRecord>;
  listDestinations(): Promise<DestinationRecord[]>;
  getDestination(id: string): Promise<DestinationRecord | null>;
  deleteDestination(id: string): Promise<boolean>;
  /** The ids among `ids` that name no destination. */
  unknownDestinations(ids: string[]): Promise<string[]>;
  listDeliveries(q: DeliveryQuery): Promise<DeliveryPage>;
  getDelivery(id: string): Promise<DeliveryRecord | null>;
  retry(id: string): Promise<Outcome<DeliveryRecord>>;
}

/** Stubs made per call: a Worker must not reuse one request's stub in another request. */
export interface HookStore {
  monitorIndex(): MonitorIndexPort;
  monitor(id: string): MonitorHandle;
  ledger(): DeliveryLedgerPort;
}

const noStore = (): never => {
  throw new Error('no hook store: the Worker edge passes one to createApp({hooks})');
};

export const NO_HOOK_STORE: HookStore = { monitorIndex: noStore, monitor: noStore, ledger: noStore };
