// Error types of the SDK (spec "Errors", SDK error behaviour rules 1, 2 and 5).

/** Thrown for every error response of the API (spec SDK rule 1). */
export class SvcError extends Error {
  /** HTTP status of the response. */
  readonly status: number;
  /** Machine code from the body (`{error, code}`, docs/decisions.md D2); undefined when the body had none. */
  readonly code: string | undefined;
  readonly method: string;
  /** Request path relative to the base URL, with its query string. */
  readonly path: string;
  /** Parsed JSON body, or the raw text when the body was not JSON. */
  readonly body: unknown;
  /** Delay asked for by a `Retry-After` header (RFC 9110 §10.2.3), in ms; null when absent or unreadable. */
  readonly retryAfterMs: number | null;

  constructor(init: {
    status: number;
    method: string;
    path: string;
    body: unknown;
    bodyText: string;
    message?: string;
    retryAfterMs?: number | null;
  }) {
    super(init.message ?? `${init.method} ${init.path} failed: ${init.status} ${init.bodyText}`);
    this.name = 'SvcError';
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.body = init.body;
    this.retryAfterMs = init.retryAfterMs ?? null;
    const code = isRecord(init.body) ? init.body.code : undefined;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

/** Thrown when a wait's `timeoutMs` runs out before the task finished (spec SDK rule 5). */
export class WaitTimeoutError<T = unknown> extends Error {
  readonly taskId: string;
  readonly timeoutMs: number;
  /** The last status record read, or null when none was read. */
  readonly last: T | null;

  constructor(taskId: string, timeoutMs: number, last: T | null) {
    const state = isRecord(last) && typeof last.status === 'string' ? ` (last status: ${last.status})` : '';
    super(`wait for ${taskId} timed out after ${timeoutMs} ms${state}`);
    this.name = 'WaitTimeoutError';
    this.taskId = taskId;
    this.timeoutMs = timeoutMs;
    this.last = last;
  }
}

/**
 * Whether a failed status read may be retried inside a wait (spec SDK rule 4): a network error (anything the fetch
 * itself threw, i.e. not an SvcError), or an error response with 408, 429 or 5xx. Everything else is thrown at once.
 */
export function isRetryable(err: unknown): boolean {
  if (err instanceof SvcError) return err.status === 408 || err.status === 429 || err.status >= 500;
  if (err instanceof WaitTimeoutError) return false;
  // A body that is not JSON on a 2xx is a broken server, not a transient network failure.
  if (err instanceof ResponseFormatError) return false;
  return true;
}

/** A 2xx response whose body was not the JSON the API promises ("All /v1 requests and error bodies are JSON"). */
export class ResponseFormatError extends Error {
  constructor(method: string, path: string, status: number, bodyText: string) {
    super(`${method} ${path}: ${status} response is not JSON: ${bodyText.slice(0, 200)}`);
    this.name = 'ResponseFormatError';
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
