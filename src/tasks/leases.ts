// How long one claimed unit may take (decision D222). A unit's lease must cover all of its work — page capture, JSON
// filling and the model fallback — or a slow item could be claimed and captured a second time while the first
// capture is still running. runCapture enforces one budget for the whole item (captureBudgetMs); the lease is that
// budget plus LEASE_MARGIN_MS for storing and recording the result.
import { API_PROFILE } from '../profiles/profiles.ts';
import type { Config } from '../config/config.ts';
import { captureBudgetMs } from '../pipeline/run-capture.ts';
import type { CaptureOptions } from '../request/capture-options.ts';
import { LEASE_MARGIN_MS } from './settings.ts';

/** Batch items and crawl pages are captured under the api profile (the consumer's runCapture calls). */
export function leaseMsFor(options: CaptureOptions, config: Config): number {
  return captureBudgetMs(options, config, API_PROFILE) + LEASE_MARGIN_MS;
}
