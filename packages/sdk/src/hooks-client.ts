// Monitor, destination and delivery calls of the SDK client (issue 14): one method per REST operation. SvcClient
// extends this class, so they are called on the same client as scrape and batches.
import { query, requestJson, type Transport } from './http.ts';
import type {
  CreatedDestination,
  Deleted,
  DeliveryQuery,
  DeliveryRecord,
  DestinationOptions,
  DestinationRecord,
  MonitorOptions,
  MonitorPatch,
  MonitorRecord,
  MonitorRun,
} from './hooks-types.ts';
import type { ListPage, PageQuery } from './types.ts';

const enc = encodeURIComponent;

export class HooksClient {
  readonly #t: Transport;

  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** POST /v1/monitors: the first run starts at once, then one every `intervalMinutes`. */
  createMonitor(url: string, options: MonitorOptions, signal?: AbortSignal): Promise<MonitorRecord> {
    return requestJson(this.#t, { method: 'POST', path: '/v1/monitors', body: { url, ...options }, signal });
  }

  getMonitor(id: string, signal?: AbortSignal): Promise<MonitorRecord> {
    return requestJson(this.#t, { method: 'GET', path: `/v1/monitors/${enc(id)}`, signal, lookup: { kind: 'monitor', id } });
  }

  listMonitors(page: PageQuery = {}): Promise<ListPage<MonitorRecord>> {
    return requestJson(this.#t, { method: 'GET', path: `/v1/monitors${query({ limit: page.limit, cursor: page.cursor })}`, signal: page.signal });
  }

  /** PATCH /v1/monitors/:id; `conflict` when `revision` is not current or a run is in progress. */
  updateMonitor(id: string, patch: MonitorPatch, signal?: AbortSignal): Promise<MonitorRecord> {
    return requestJson(this.#t, { method: 'PATCH', path: `/v1/monitors/${enc(id)}`, body: patch, signal, lookup: { kind: 'monitor', id } });
  }

  pauseMonitor(id: string, signal?: AbortSignal): Promise<MonitorRecord> {
    return requestJson(this.#t, { method: 'POST', path: `/v1/monitors/${enc(id)}/pause`, signal, lookup: { kind: 'monitor', id } });
  }

  resumeMonitor(id: string, signal?: AbortSignal): Promise<MonitorRecord> {
    return requestJson(this.#t, { method: 'POST', path: `/v1/monitors/${enc(id)}/resume`, signal, lookup: { kind: 'monitor', id } });
  }

  deleteMonitor(id: string, signal?: AbortSignal): Promise<Deleted> {
    return requestJson(this.#t, { method: 'DELETE', path: `/v1/monitors/${enc(id)}`, signal, lookup: { kind: 'monitor', id } });
  }

  /** Queues a run now; `conflict` when the monitor is paused, busy or unknown. */
  runMonitor(id: string, signal?: AbortSignal): Promise<MonitorRun> {
    return requestJson(this.#t, { method: 'POST', path: `/v1/monitors/${enc(id)}/runs`, signal });
  }

  listMonitorRuns(id: string, page: PageQuery = {}): Promise<ListPage<MonitorRun>> {
    const path = `/v1/monitors/${enc(id)}/runs${query({ limit: page.limit, cursor: page.cursor })}`;
    return requestJson(this.#t, { method: 'GET', path, signal: page.signal, lookup: { kind: 'monitor', id } });
  }

  getMonitorRun(id: string, runId: string, signal?: AbortSignal): Promise<MonitorRun> {
    return requestJson(this.#t, { method: 'GET', path: `/v1/monitors/${enc(id)}/runs/${enc(runId)}`, signal, lookup: { kind: 'run', id: runId } });
  }

  /** POST /v1/destinations; keep the returned `secret`: it is not shown again. */
  createDestination(url: string, options: DestinationOptions = {}, signal?: AbortSignal): Promise<CreatedDestination> {
    return requestJson(this.#t, { method: 'POST', path: '/v1/destinations', body: { url, ...options }, signal });
  }

  listDestinations(signal?: AbortSignal): Promise<ListPage<DestinationRecord>> {
    return requestJson(this.#t, { method: 'GET', path: '/v1/destinations', signal });
  }

  deleteDestination(id: string, signal?: AbortSignal): Promise<Deleted> {
    return requestJson(this.#t, { method: 'DELETE', path: `/v1/destinations/${enc(id)}`, signal, lookup: { kind: 'destination', id } });
  }

  listDeliveries(q: DeliveryQuery = {}): Promise<ListPage<DeliveryRecord>> {
    const path = `/v1/deliveries${query({ status: q.status, destination: q.destination, limit: q.limit, cursor: q.cursor })}`;
    return requestJson(this.#t, { method: 'GET', path, signal: q.signal });
  }

  getDelivery(id: string, signal?: AbortSignal): Promise<DeliveryRecord> {
    return requestJson(this.#t, { method: 'GET', path: `/v1/deliveries/${enc(id)}`, signal, lookup: { kind: 'delivery', id } });
  }

  /** Re-sends a dead-lettered delivery (same webhook-id); any other state is `conflict`. */
  retryDelivery(id: string, signal?: AbortSignal): Promise<DeliveryRecord> {
    return requestJson(this.#t, { method: 'POST', path: `/v1/deliveries/${enc(id)}/retry`, signal, lookup: { kind: 'delivery', id } });
  }
}
