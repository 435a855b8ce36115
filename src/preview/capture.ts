// One preview = one runCapture under the preview profile. The requested fields are read by the JSON filler from a
// schema built from their names (every field a string, no model: the profile forbids the fallback), and every
// request of the capture goes through the guarded transport of the preview's address policy.
import { previewProfile } from '../profiles/profiles.ts';
import type { FormatRequest } from '../capture/types.ts';
import type { Config } from '../config/config.ts';
import { MemoryBucket } from '../files/memory-bucket.ts';
import type { FetchFn } from '../lanes/types.ts';
import { guardedFetch } from '../net/guarded-fetch.ts';
import type { ScrapeResult } from '../pipeline/result.ts';
import { runCapture } from '../pipeline/run-capture.ts';
import type { CaptureOptions } from '../request/capture-options.ts';
import type { RobotsCache } from '../robots/index.ts';
import type { PreviewCaptureInput } from './app.ts';

/** The whole budget of one preview (robots.txt, redirects, page, extraction). */
export const PREVIEW_TIMEOUT_MS = 30_000;
const FILE_MAX_BYTES = 5 * 1024 * 1024;

export interface PreviewCaptureDeps {
  config: Config;
  /** The transport (locally the environment proxy's routed fetch); the policy guard is put in front of it here. */
  fetch: FetchFn;
  routeOf: (url: URL) => string | null;
  robotsCache: RobotsCache;
  now: () => number;
}

/** The JSON format that reads the requested fields: one string property per name, never the model. */
export function fieldsFormat(names: readonly string[]): FormatRequest {
  const properties: Record<string, unknown> = {};
  for (const name of names) properties[name] = { type: ['string', 'null'] };
  return { type: 'json', schema: { type: 'object', properties }, prompt: null, modelFallback: false };
}

export function previewOptions(mainContent: boolean, fields: readonly string[]): CaptureOptions {
  const formats: FormatRequest[] = [{ type: 'markdown' }, { type: 'links' }];
  if (fields.length > 0) formats.push(fieldsFormat(fields));
  return { formats, timeoutMs: PREVIEW_TIMEOUT_MS, maxFileBytes: FILE_MAX_BYTES, onlyMainContent: mainContent, mode: 'standard' };
}

export async function capturePreview(input: PreviewCaptureInput, deps: PreviewCaptureDeps): Promise<ScrapeResult> {
  const profile = previewProfile({ policy: input.policy, aboutUrl: input.aboutUrl });
  return runCapture(
    { url: input.request.url, options: previewOptions(input.request.mainContent, input.request.fields), profile },
    {
      config: deps.config,
      fetch: guardedFetch(input.policy, deps.fetch),
      // The preview stores no files (profile.storeFiles is false); the bucket only satisfies the dependency.
      files: new MemoryBucket(),
      robotsCache: deps.robotsCache,
      robotsInflight: new Map(),
      routeOf: deps.routeOf,
      now: deps.now,
    },
  );
}
