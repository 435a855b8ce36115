// Events, their envelope and the delivery records (issue 14). One event has one id (`evt_…`), which is also the
// `webhook-id` of every delivery of it, so a receiver de-duplicates retries and re-sends by it.
import { randomId } from '../io/text.ts';

export const EVENT_TYPES = ['monitor.changed', 'monitor.run.completed', 'batch.completed', 'crawl.completed'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const isEventType = (v: unknown): v is EventType => typeof v === 'string' && (EVENT_TYPES as readonly string[]).includes(v);

export interface EventEnvelope {
  id: string;
  type: EventType;
  createdAt: string;
  data: Record<string, unknown>;
}

/** The body a receiver gets, byte for byte the same on every attempt (the signature covers it). */
export function envelopeBody(e: EventEnvelope): string {
  return JSON.stringify({ id: e.id, type: e.type, createdAt: e.createdAt, data: e.data });
}

export const DELIVERY_STATUSES = ['pending', 'delivered', 'dead_lettered'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface DeliveryAttempt {
  at: string;
  /** The receiver's status; null when no answer came (refused address, connection error, timeout). */
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

export interface DeliveryRecord {
  id: string;
  object: 'delivery';
  eventId: string;
  type: EventType;
  destination: string;
  url: string;
  status: DeliveryStatus;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
  nextAttemptAt: string | null;
  attemptCount: number;
  attempts: DeliveryAttempt[];
}

export interface DestinationRecord {
  id: string;
  object: 'destination';
  url: string;
  events: EventType[];
  description: string | null;
  createdAt: string;
}

/** A delivery's message on the deliveries queue (and its dead-letter queue): the delivery's id only. */
export interface DeliveryMessage {
  v: 1;
  kind: 'delivery';
  id: string;
}

export const DELIVERY_ID = /^dlv_[0-9a-f]{24}$/;
export const DESTINATION_ID = /^dst_[0-9a-f]{24}$/;
export const EVENT_ID = /^evt_[0-9a-f]{24}$/;

export function newId(prefix: 'dlv' | 'dst' | 'evt' | 'run'): string {
  return randomId(prefix);
}

export const deliveryMessage = (id: string): DeliveryMessage => ({ v: 1, kind: 'delivery', id });

export function parseDeliveryMessage(body: unknown): DeliveryMessage | null {
  if (typeof body !== 'object' || body === null) return null;
  const { v, kind, id } = body as Record<string, unknown>;
  return v === 1 && kind === 'delivery' && typeof id === 'string' && DELIVERY_ID.test(id) ? deliveryMessage(id) : null;
}
