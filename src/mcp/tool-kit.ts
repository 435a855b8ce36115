// What every MCP tool definition is made of (src/mcp/tools.ts, src/mcp/monitor-tools.ts), and the argument helpers
// they share. A helper refuses only what would not reach the API as sent, with the error the API gives for it.
import type { SvcClient } from '../../packages/sdk/src/client.ts';
import { invalidRequest } from '../errors.ts';
import type { JsonObject } from '../request/body.ts';
import { MAX_PAGE_LIMIT } from '../request/cursor.ts';
import type { RestCall } from './errors.ts';
import type { JsonSchema } from './request-schemas.ts';

export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  /** The arguments are the request body (the API checks every key); else they only name the resource and page. */
  sendsBody: boolean;
  /** The REST call the arguments lead to (named in error messages). */
  call(args: JsonObject): RestCall;
  /** Runs the call; resolves to the API's JSON. */
  run(client: SvcClient, args: JsonObject): Promise<unknown>;
  summary(result: unknown): string;
}

/** A required id argument (`id`, `runId`); a missing or non-string one is refused before any request. */
export function requireId(args: JsonObject, what: string, key = 'id'): string {
  const v = args[key];
  if (typeof v !== 'string' || v === '') throw invalidRequest(`${key} is required: a ${what} id`);
  return v;
}

/** `<base>/<id><suffix>` for error messages, `:id` when the argument is unusable. */
export const idPath = (args: JsonObject, base: string, suffix = ''): string =>
  `${base}/${typeof args.id === 'string' ? encodeURIComponent(args.id) : ':id'}${suffix}`;

/** `?limit=&cursor=` as the SDK sends them (numbers and strings only; the API checks ranges). */
export function pageArgs(args: JsonObject): { limit?: number; cursor?: string | null } {
  const limit = args.limit;
  const cursor = args.cursor;
  if (limit !== undefined && typeof limit !== 'number') throw invalidRequest(`limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`);
  if (cursor !== undefined && cursor !== null && typeof cursor !== 'string') throw invalidRequest('cursor must be a string');
  return { limit, cursor: cursor ?? undefined };
}

/** An optional string argument sent as a query parameter (the API checks its value). */
export function stringArg(args: JsonObject, key: string, message: string): string | undefined {
  const v = args[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalidRequest(message);
  return v;
}

export function withoutKey(args: JsonObject, key: string): JsonObject {
  const { [key]: _omitted, ...rest } = args;
  return rest;
}
