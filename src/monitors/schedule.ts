// Schedule arithmetic of monitors (decision D261): a monitor's first run is due when it is created (or resumed), then
// every `intervalMinutes` after the start of the previous scheduled run. A run that was missed (service down) runs
// once when the service is back, never once per missed interval.

export const MIN_INTERVAL_MINUTES = 1;
export const MAX_INTERVAL_MINUTES = 525_600;
const MINUTE_MS = 60_000;

/** The next due time after a scheduled run started at `startedAt`; a long-missed schedule restarts from `now`. */
export function nextRunAt(startedAt: number, intervalMinutes: number, now: number): number {
  const next = startedAt + intervalMinutes * MINUTE_MS;
  return next > now ? next : now + intervalMinutes * MINUTE_MS;
}

export const isDue = (dueAt: number | null, now: number): boolean => dueAt !== null && dueAt <= now;
