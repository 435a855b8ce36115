// Request bodies of /v1/monitors (issue 14): a URL, an interval, the scrape options and the destinations of the
// monitor's events. A PATCH names the revision it was read at plus the keys it changes; every other key is refused.
import type { Config } from '../config/config.ts';
import { invalidRequest } from '../errors.ts';
import { parseDestinationIds } from '../deliveries/requests.ts';
import { refuseUnknownKeys, type JsonObject } from '../request/body.ts';
import { CAPTURE_OPTION_KEYS, parseCaptureOptions, parseHttpUrl, type CaptureOptions } from '../request/capture-options.ts';
import { MAX_INTERVAL_MINUTES, MIN_INTERVAL_MINUTES } from './schedule.ts';

export interface MonitorSettings {
  url: string;
  intervalMinutes: number;
  options: CaptureOptions;
  destinations: string[];
}

const CREATE_KEYS = new Set<string>(['url', 'intervalMinutes', 'destinations', ...CAPTURE_OPTION_KEYS]);
const PATCH_KEYS = new Set<string>(['revision', ...CREATE_KEYS]);

function parseInterval(raw: unknown): number {
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < MIN_INTERVAL_MINUTES || raw > MAX_INTERVAL_MINUTES) {
    throw invalidRequest(`intervalMinutes is required: a whole number of minutes from ${MIN_INTERVAL_MINUTES} to ${MAX_INTERVAL_MINUTES}`);
  }
  return raw;
}

export function parseMonitorCreate(body: JsonObject, config: Config): MonitorSettings {
  refuseUnknownKeys(body, CREATE_KEYS);
  return {
    url: parseHttpUrl(body.url).href,
    intervalMinutes: parseInterval(body.intervalMinutes),
    options: parseCaptureOptions(body, config),
    destinations: parseDestinationIds(body.destinations),
  };
}

export interface MonitorPatch {
  revision: number;
  settings: MonitorSettings;
}

/**
 * The monitor's settings after the patch. Capture options are replaced as a whole when any of them is named (the
 * same defaults as on create), so a patch never mixes old and new option sets silently.
 */
export function parseMonitorPatch(body: JsonObject, config: Config, current: MonitorSettings): MonitorPatch {
  refuseUnknownKeys(body, PATCH_KEYS);
  const revision = body.revision;
  if (typeof revision !== 'number' || !Number.isInteger(revision) || revision < 1) {
    throw invalidRequest('revision is required: the revision of the monitor the change was made against');
  }
  const touchesOptions = CAPTURE_OPTION_KEYS.some((k) => k in body);
  return {
    revision,
    settings: {
      url: 'url' in body ? parseHttpUrl(body.url).href : current.url,
      intervalMinutes: 'intervalMinutes' in body ? parseInterval(body.intervalMinutes) : current.intervalMinutes,
      options: touchesOptions ? parseCaptureOptions(body, config) : current.options,
      destinations: 'destinations' in body ? parseDestinationIds(body.destinations) : current.destinations,
    },
  };
}
