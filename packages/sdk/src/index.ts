// Public surface of @capture-service/sdk (spec "Endpoints", SDK surface; "Errors", SDK error behaviour).

export {
  createClient,
  DEFAULT_SCRAPE_TIMEOUT_MS,
  isBatchFinished,
  isCrawlFinished,
  SCRAPE_GRACE_MS,
  SvcClient,
  type BatchOutcome,
  type CrawlOutcome,
} from './client.ts';
export { isRetryable, ResponseFormatError, SvcError, WaitTimeoutError } from './errors.ts';
export { DEFAULT_BASE_URL } from './http.ts';
export { DEFAULT_MAX_RETRIES, DEFAULT_POLL_INTERVAL_MS, DEFAULT_WAIT_TIMEOUT_MS } from './wait.ts';
export type * from './types.ts';
export type * from './hooks-types.ts';
export { HooksClient } from './hooks-client.ts';
