// The list page of decision D10, built from a Durable Object's log page. Entries are kept as the JSON text they were
// stored as, so a page of large results is not parsed and serialised again.
import { ApiError } from '../errors.ts';
import { refuseUnknownKeys } from '../request/body.ts';
import { decodeCursor, encodeCursor, parsePageLimit } from '../request/cursor.ts';
import { loadBodies, type LogRow, type ResultBucket } from './result-store.ts';

export interface ListQuery {
  afterSeq: number;
  limit: number;
}

const LIST_KEYS = new Set(['limit', 'cursor']);

/** `limit` and `cursor` of a list request; other query parameters are refused. */
export function parseListQuery(taskId: string, query: Record<string, string>): ListQuery {
  refuseUnknownKeys(query, LIST_KEYS);
  return {
    limit: parsePageLimit(query.limit),
    afterSeq: query.cursor === undefined ? 0 : decodeCursor(taskId, query.cursor),
  };
}

export interface LogSlice {
  rows: LogRow[];
  hasMore: boolean;
  /** The task is in a final state: no entry will be added. */
  finished: boolean;
}

/** `{object: "list", data, nextCursor, hasMore}`; nextCursor is null only when the task is finished and fully read. */
export async function listResponse(taskId: string, query: ListQuery, slice: LogSlice, bucket: ResultBucket): Promise<Response> {
  const bodies = await loadBodies(bucket, slice.rows);
  const lastSeq = slice.rows.length > 0 ? slice.rows[slice.rows.length - 1].seq : query.afterSeq;
  const nextCursor = slice.finished && !slice.hasMore ? null : encodeCursor(taskId, lastSeq);
  const text = `{"object":"list","data":[${bodies.join(',')}],"nextCursor":${JSON.stringify(nextCursor)},"hasMore":${slice.hasMore}}`;
  return new Response(text, { headers: { 'content-type': 'application/json; charset=UTF-8' } });
}

export function taskNotFound(kind: 'batch' | 'crawl', id: string): ApiError {
  return new ApiError('not_found', `${kind} not found: ${id}`);
}
