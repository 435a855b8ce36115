// The records of monitors and their runs (issue 14) as the API returns them.
import type { OptionsEcho } from '../tasks/requests.ts';
import type { Change } from './change.ts';

export type MonitorStatus = 'active' | 'paused';
export type RunStatus = 'queued' | 'running' | 'completed' | 'failed';
export type RunTrigger = 'schedule' | 'request';

export interface RunSummary {
  id: string;
  status: RunStatus;
  trigger: RunTrigger;
  queuedAt: string;
  startedAt: string | null;
  completedAt: string | null;
  change: Change | null;
}

export interface RunRecord extends RunSummary {
  object: 'monitor_run';
  monitorId: string;
  /** The scrape result of the run (null until it is completed or failed). */
  result: unknown;
}

export interface MonitorRecord {
  id: string;
  object: 'monitor';
  url: string;
  intervalMinutes: number;
  status: MonitorStatus;
  /** A run is queued or running: run-now and PATCH answer `conflict` until it ends. */
  busy: boolean;
  revision: number;
  destinations: string[];
  options: OptionsEcho;
  createdAt: string;
  updatedAt: string;
  /** When the scheduler starts the next run; null while paused. */
  nextRunAt: string | null;
  lastRun: RunSummary | null;
}

/** Paging scope of the monitor list cursor. */
export const MONITORS_SCOPE = 'monitors';
