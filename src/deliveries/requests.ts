// Request bodies and queries of /v1/destinations and /v1/deliveries (issue 14); every other key is refused.
import { invalidRequest } from '../errors.ts';
import { refuseUnknownKeys, type JsonObject } from '../request/body.ts';
import { parseHttpUrl } from '../request/capture-options.ts';
import { decodeCursor, parsePageLimit } from '../request/cursor.ts';
import { DELIVERY_STATUSES, DESTINATION_ID, EVENT_TYPES, isEventType, type DeliveryStatus, type EventType } from './events.ts';

export const MAX_DESCRIPTION_CHARS = 500;
const DESTINATION_KEYS = new Set(['url', 'events', 'description']);

export interface DestinationCreate {
  url: string;
  events: EventType[];
  description: string | null;
}

export function parseDestinationCreate(body: JsonObject): DestinationCreate {
  refuseUnknownKeys(body, DESTINATION_KEYS);
  const url = parseHttpUrl(body.url).href;
  let events: EventType[] = [...EVENT_TYPES];
  if (body.events !== undefined) {
    if (!Array.isArray(body.events) || body.events.length === 0) throw invalidRequest('events must be a non-empty list of event types');
    const bad = body.events.filter((e) => !isEventType(e));
    if (bad.length > 0) throw invalidRequest(`events: unknown event type ${JSON.stringify(bad[0])?.slice(0, 80)}; known: ${EVENT_TYPES.join(', ')}`);
    events = EVENT_TYPES.filter((t) => (body.events as unknown[]).includes(t));
  }
  const description = body.description ?? null;
  if (description !== null && (typeof description !== 'string' || description.length > MAX_DESCRIPTION_CHARS)) {
    throw invalidRequest(`description must be a string of at most ${MAX_DESCRIPTION_CHARS} characters`);
  }
  return { url, events, description };
}

export const MAX_DESTINATION_IDS = 20;

/** `destinations` of a monitor (or batch, crawl): a list of destination ids, each at most once. */
export function parseDestinationIds(raw: unknown, name = 'destinations'): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.length > MAX_DESTINATION_IDS) {
    throw invalidRequest(`${name} must be a list of at most ${MAX_DESTINATION_IDS} destination ids`);
  }
  raw.forEach((d, i) => {
    if (typeof d !== 'string' || !DESTINATION_ID.test(d)) throw invalidRequest(`${name}[${i}] is not a destination id`);
  });
  return [...new Set(raw as string[])];
}

/** Paging scope of the delivery list cursor. */
export const DELIVERIES_SCOPE = 'deliveries';
const DELIVERY_QUERY_KEYS = new Set(['status', 'destination', 'limit', 'cursor']);

export interface DeliveryQuery {
  status: DeliveryStatus | null;
  destination: string | null;
  limit: number;
  afterSeq: number;
}

export function parseDeliveryQuery(query: Record<string, string>): DeliveryQuery {
  refuseUnknownKeys(query, DELIVERY_QUERY_KEYS);
  const status = query.status ?? null;
  if (status !== null && !(DELIVERY_STATUSES as readonly string[]).includes(status)) {
    throw invalidRequest(`status must be one of ${DELIVERY_STATUSES.join(', ')}`);
  }
  const destination = query.destination ?? null;
  if (destination !== null && !DESTINATION_ID.test(destination)) throw invalidRequest('destination is not a destination id');
  return {
    status: status as DeliveryStatus | null,
    destination,
    limit: parsePageLimit(query.limit),
    afterSeq: query.cursor === undefined ? 0 : decodeCursor(DELIVERIES_SCOPE, query.cursor),
  };
}
