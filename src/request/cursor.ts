// Paging cursors (decision D10): opaque to the caller, bound to one task. A cursor names the last log position the
// caller has seen; the log is append-only, so "everything after position n" never skips or repeats an item.
import { invalidRequest } from '../errors.ts';

const PREFIX = 'c1';

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(raw: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  try {
    return atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

export function encodeCursor(taskId: string, seq: number): string {
  return toBase64Url(`${PREFIX}:${taskId}:${seq}`);
}

/** The log position a cursor names; `invalid_request` when it does not decode or belongs to another task. */
export function decodeCursor(taskId: string, raw: string): number {
  const text = fromBase64Url(raw);
  const parts = text?.split(':') ?? [];
  if (parts.length !== 3 || parts[0] !== PREFIX || parts[1] !== taskId || !/^(0|[1-9]\d{0,14})$/.test(parts[2])) {
    throw invalidRequest('cursor is not a cursor of this task; pass nextCursor exactly as it was returned');
  }
  return Number(parts[2]);
}

export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;

/** `limit` of a list request: 1–100, default 20 (decision D10). */
export function parsePageLimit(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_PAGE_LIMIT;
  if (!/^\d{1,4}$/.test(raw)) throw invalidRequest(`limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`);
  const n = Number(raw);
  if (n < 1 || n > MAX_PAGE_LIMIT) throw invalidRequest(`limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`);
  return n;
}
