// What every answer of the API must look like, whatever was sent (issue 11): never a 500, and every error in the
// spec's JSON shape with a code of the error table, a bounded echo, and `details` only where the spec puts it.
import { ERROR_STATUS, type ErrorCode } from '../../src/errors.ts';

/** Largest error body we accept: the messages quote input cut to MAX_QUOTED_CHARS, lists of at most 50 names. */
export const MAX_ERROR_BODY_CHARS = 16_384;

const DETAIL_KEY: Partial<Record<ErrorCode, string>> = { unsupported_parameter: 'parameters', unsupported_format: 'formats' };

/** A problem with the answer, or null when it is acceptable. `ok` lists the success statuses the request may get. */
export function answerProblem(method: string, status: number, contentType: string | null, text: string, ok: readonly number[]): string | null {
  if (status >= 500) return `HTTP ${status}: ${text.slice(0, 300)}`;
  if (status < 400) return ok.includes(status) ? null : `unexpected success status ${status}`;
  if (method === 'HEAD') return null;
  if (!/^application\/json/i.test(contentType ?? '')) return `error ${status} is not JSON (${contentType}): ${text.slice(0, 100)}`;
  if (text.length > MAX_ERROR_BODY_CHARS) return `error body of ${text.length} characters echoes too much`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `error body is not JSON: ${text.slice(0, 100)}`;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'error body is not an object';
  const { error, code, details, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return `error body has extra keys: ${Object.keys(rest).join(', ')}`;
  if (typeof error !== 'string' || error === '') return 'error body without a message';
  if (typeof code !== 'string' || !(code in ERROR_STATUS)) return `unknown error code ${String(code)}`;
  if (ERROR_STATUS[code as ErrorCode] !== status) return `code ${code} with HTTP ${status}`;
  const key = DETAIL_KEY[code as ErrorCode];
  if (details === undefined) return key ? `${code} without details.${key}` : null;
  if (!key) return `details on ${code}`;
  const list = (details as Record<string, unknown>)[key];
  if (!Array.isArray(list) || list.length === 0 || !list.every((n) => typeof n === 'string')) return `details.${key} is not a list of names`;
  return null;
}

/** Counts of answers by route and status, and the problems seen (the first few kept whole). */
export class Tally {
  readonly counts = new Map<string, Map<number, number>>();
  readonly problems: string[] = [];
  sent = 0;

  add(route: string, status: number, problem: string | null, request: string): void {
    this.sent++;
    const byStatus = this.counts.get(route) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.counts.set(route, byStatus);
    if (problem !== null && this.problems.length < 20) this.problems.push(`${problem}\n  request: ${request.slice(0, 300)}`);
  }

  count(status: (s: number) => boolean): number {
    let n = 0;
    for (const byStatus of this.counts.values()) for (const [s, k] of byStatus) if (status(s)) n += k;
    return n;
  }

  /** Status counts per route; routes with fewer than `minRequests` requests are summed up as "other routes". */
  report(minRequests = 100): string {
    const lines = [`requests sent: ${this.sent}`];
    const other = new Map<number, number>();
    const line = (name: string, byStatus: Map<number, number>) =>
      `  ${name}: ${[...byStatus].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(' ')}`;
    for (const [route, byStatus] of this.counts) {
      const total = [...byStatus.values()].reduce((a, b) => a + b, 0);
      if (total >= minRequests) {
        lines.push(line(route, byStatus));
        continue;
      }
      for (const [s, n] of byStatus) other.set(s, (other.get(s) ?? 0) + n);
    }
    if (other.size > 0) lines.push(line('other routes', other));
    lines.push(`5xx answers: ${this.count((s) => s >= 500)}; problems: ${this.problems.length}`);
    return lines.join('\n');
  }
}
