// MCP tool errors (spec "Errors", MCP tool errors): a JSON-RPC error whose message is
// `<code>: <METHOD> <path> failed: <status> <body>` and whose data is `{code, status}`. The numeric JSON-RPC code is
// -32602 (invalid params) for a refused request (4xx) and -32603 (internal error) otherwise (decision D121).
// A masked surface (the remote endpoint, or a hosted API) never shows an internal message: `internal error`, with the
// cause logged (spec "Errors", internal_error).
import { ProtocolError } from '@modelcontextprotocol/server';
import { SvcError } from '../../packages/sdk/src/errors.ts';
import { ApiError, errorBody, type ErrorCode } from '../errors.ts';
import { errorMessage } from '../io/errors.ts';

export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

/** The REST call a tool makes; named in the message even when the call never reached the API. */
export interface RestCall {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
}

export interface ToolErrorData {
  code: string;
  /** HTTP status of the API's answer; null when no answer was received. */
  status: number | null;
}

const MASKED_BODY = JSON.stringify({ error: 'internal error', code: 'internal_error' });

/** The error code of an answer whose body named none (e.g. a proxy's HTML page): read from the status alone. */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  return status >= 500 ? 'internal_error' : 'invalid_request';
}

function rpcError(code: string, status: number | null, message: string): ProtocolError {
  const data: ToolErrorData = { code, status };
  return new ProtocolError(status !== null && status < 500 ? INVALID_PARAMS : INTERNAL_ERROR, message, data);
}

/** Turns whatever a tool call threw into the JSON-RPC error of the spec. */
export function toolError(err: unknown, call: RestCall, opts: { mask: boolean }): ProtocolError {
  if (err instanceof ApiError) {
    // Refused by the tool's own argument check, with the body the API gives for the same refusal.
    return rpcError(err.code, err.status, `${err.code}: ${call.method} ${call.path} failed: ${err.status} ${JSON.stringify(errorBody(err))}`);
  }
  if (err instanceof SvcError) {
    const code = err.code ?? codeForStatus(err.status);
    let body = typeof err.body === 'string' ? err.body : JSON.stringify(err.body);
    if (opts.mask && (code === 'internal_error' || err.status >= 500)) {
      console.error(`internal_error: ${err.method} ${err.path}: ${body}`);
      body = MASKED_BODY;
    }
    return rpcError(code, err.status, `${code}: ${err.method} ${err.path} failed: ${err.status} ${body}`);
  }
  // The request never got an answer (network failure, a body that was not JSON, a bug): no status was observed.
  const cause = errorMessage(err);
  if (opts.mask) console.error(`internal_error: ${call.method} ${call.path}:`, err);
  return rpcError('internal_error', null, `internal_error: ${call.method} ${call.path} failed: ${opts.mask ? 'internal error' : cause}`);
}
