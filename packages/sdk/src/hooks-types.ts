// Monitors, runs, destinations and deliveries as the SDK sees them (issue 14; the service's docs/decisions.md
// D260–D279). The shapes come from the service's own record types, so the SDK cannot drift from what it returns.
import type { Change } from '../../../src/monitors/change.ts';
import type { MonitorRecord, RunRecord, RunSummary } from '../../../src/monitors/records.ts';
import type { DeliveryAttempt, DeliveryRecord, DeliveryStatus, DestinationRecord, EventEnvelope, EventType } from '../../../src/deliveries/events.ts';
import type { CaptureOptions, ScrapeResult } from './types.ts';

export type { Change, DeliveryAttempt, DeliveryRecord, DeliveryStatus, DestinationRecord, EventEnvelope, EventType, MonitorRecord, RunSummary };

/** A run with its scrape result (null until the run has ended). */
export type MonitorRun = Omit<RunRecord, 'result'> & { result: ScrapeResult | null };

export interface MonitorOptions extends CaptureOptions {
  /** Minutes between scheduled runs, at least 1. */
  intervalMinutes: number;
  /** Destination ids that receive this monitor's events. */
  destinations?: string[];
}

/** A change to a monitor, made against the revision it was read at (a stale one is `conflict`). */
export interface MonitorPatch extends Partial<MonitorOptions> {
  revision: number;
  url?: string;
}

export interface DestinationOptions {
  /** Event types to receive; default all. */
  events?: EventType[];
  description?: string;
}

/** The create answer: the only time the signing secret (`whsec_…`) is shown. */
export type CreatedDestination = DestinationRecord & { secret: string };

export interface DeliveryQuery {
  status?: DeliveryStatus;
  destination?: string;
  limit?: number;
  cursor?: string;
  signal?: AbortSignal;
}

export interface Deleted {
  id: string;
  object: string;
  deleted: true;
}
