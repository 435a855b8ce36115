// The one error table of the API (spec "Errors"): every request-level failure is an ApiError with one of these codes,
// and `errorResponse` is the one place that turns it into an HTTP response. Page-level failures are never errors:
// they are results with a status and reason.
import { HTTPException } from 'hono/http-exception';
import { errorMessage } from './io/errors.ts';

export const ERROR_STATUS = {
  invalid_json: 400,
  invalid_request: 400,
  unsupported_parameter: 400,
  unsupported_format: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetails {
  parameters?: string[];
  formats?: string[];
}

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details?: ErrorDetails;
}

// Input quoted back in an error is cut (decision D202): a 1 MB key name must not come back whole, nor 100,000 of them.
export const MAX_QUOTED_CHARS = 200;
export const MAX_LISTED_NAMES = 50;
export const MAX_MESSAGE_CHARS = 2_000;

/** `text` cut to at most `max` characters, the cut marked with "…" and the length left out. */
export function quoteInput(text: string, max: number = MAX_QUOTED_CHARS): string {
  if (text.length <= max) return text;
  // Never split a surrogate pair: the cut would leave a lone half that JSON serialisers escape oddly.
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}… (${text.length} characters)`;
}

/** At most MAX_LISTED_NAMES names, each quoted with `quoteInput`. */
export function boundNames(names: readonly string[]): string[] {
  return names.slice(0, MAX_LISTED_NAMES).map((n) => quoteInput(n));
}

/** "a, b, c" of bounded names, saying how many more were left out. */
export function listNames(names: readonly string[]): string {
  const more = names.length - MAX_LISTED_NAMES;
  return boundNames(names).join(', ') + (more > 0 ? ` and ${more} more` : '');
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;

  constructor(code: ErrorCode, message: string, details?: ErrorDetails) {
    // The last guard of the echo bound: whatever a thrower quoted, the message and lists stay small.
    super(quoteInput(message, MAX_MESSAGE_CHARS));
    this.name = 'ApiError';
    this.code = code;
    this.details = details && {
      ...(details.parameters && { parameters: boundNames(details.parameters) }),
      ...(details.formats && { formats: boundNames(details.formats) }),
    };
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const invalidRequest = (message: string): ApiError => new ApiError('invalid_request', message);

/** The one refusal of a missing or wrong token (src/http/auth.ts, and Hono's own 401s). */
export const unauthorized = (): ApiError =>
  new ApiError('unauthorized', 'a valid bearer token is required (Authorization: Bearer <token>)');

export const unsupportedParameters = (parameters: string[], message?: string): ApiError =>
  new ApiError(
    'unsupported_parameter',
    message ?? `unsupported parameter${parameters.length === 1 ? '' : 's'}: ${listNames(parameters)}`,
    { parameters },
  );

export const unsupportedFormats = (formats: string[]): ApiError =>
  new ApiError('unsupported_format', `unsupported format${formats.length === 1 ? '' : 's'}: ${listNames(formats)}`, {
    formats,
  });

/**
 * An exception of Hono itself (bodyLimit, validators, a malformed request) as one of our codes. The spec's table
 * has no 413: a body over its route's limit is a value out of range, `invalid_request` (decision D201).
 */
export function fromHttpException(err: HTTPException): ApiError {
  if (err.status === 401) return unauthorized();
  if (err.status === 404) return new ApiError('not_found', 'not found');
  if (err.status === 413) return new ApiError('invalid_request', 'the request body is too large');
  if (err.status < 500) return new ApiError('invalid_request', err.message || 'the request is malformed');
  return new ApiError('internal_error', err.message || 'internal error');
}

/** Body of an error response; `details` only for the two codes that carry it (spec). */
export function errorBody(err: ApiError): ErrorBody {
  const body: ErrorBody = { error: err.message, code: err.code };
  if (err.details && (err.code === 'unsupported_parameter' || err.code === 'unsupported_format')) {
    body.details = err.details;
  }
  return body;
}

/**
 * Status and body of the error answer to anything thrown while serving a request. Unexpected errors become
 * `internal_error`; a hosted server hides their message (the cause is logged instead).
 */
export function errorAnswer(err: unknown, hosted: boolean): { status: number; body: ErrorBody } {
  if (err instanceof HTTPException) err = fromHttpException(err);
  if (err instanceof ApiError && err.code !== 'internal_error') return { status: err.status, body: errorBody(err) };
  const message = errorMessage(err);
  console.error('internal_error:', err instanceof Error ? (err.stack ?? message) : message);
  return { status: 500, body: { error: hosted ? 'internal error' : message || 'internal error', code: 'internal_error' } };
}

/** The error response of `errorAnswer`. */
export function errorResponse(err: unknown, hosted: boolean): Response {
  const { status, body } = errorAnswer(err, hosted);
  return Response.json(body, { status });
}
