// The one error table of the API (spec "Errors"): every request-level failure is an ApiError with one of these codes,
// and `errorResponse` is the one place that turns it into an HTTP response. Page-level failures are never errors:
// they are results with a status and reason.

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

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;

  constructor(code: ErrorCode, message: string, details?: ErrorDetails) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const invalidRequest = (message: string): ApiError => new ApiError('invalid_request', message);

export const unsupportedParameters = (parameters: string[], message?: string): ApiError =>
  new ApiError(
    'unsupported_parameter',
    message ?? `unsupported parameter${parameters.length === 1 ? '' : 's'}: ${parameters.join(', ')}`,
    { parameters },
  );

export const unsupportedFormats = (formats: string[]): ApiError =>
  new ApiError('unsupported_format', `unsupported format${formats.length === 1 ? '' : 's'}: ${formats.join(', ')}`, {
    formats,
  });

/** Body of an error response; `details` only for the two codes that carry it (spec). */
export function errorBody(err: ApiError): ErrorBody {
  const body: ErrorBody = { error: err.message, code: err.code };
  if (err.details && (err.code === 'unsupported_parameter' || err.code === 'unsupported_format')) {
    body.details = err.details;
  }
  return body;
}

/**
 * Turns anything thrown while serving a request into the error response. Unexpected errors become `internal_error`;
 * a hosted server hides their message (the cause is logged instead).
 */
export function errorResponse(err: unknown, hosted: boolean): Response {
  if (err instanceof ApiError) {
    return Response.json(errorBody(err), { status: err.status });
  }
  const message = err instanceof Error ? err.message : String(err);
  console.error('internal_error:', err instanceof Error ? (err.stack ?? message) : message);
  const body: ErrorBody = { error: hosted ? 'internal error' : message || 'internal error', code: 'internal_error' };
  return Response.json(body, { status: 500 });
}
