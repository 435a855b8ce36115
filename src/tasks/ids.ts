// Task identifiers (decision D8): `batch_` / `crawl_` followed by 24 lowercase hex characters (96 random bits), so an
// identifier names exactly one Durable Object (idFromName) and cannot be guessed from another.
import { randomId } from '../io/text.ts';

export type TaskKind = 'batch' | 'crawl' | 'monitor';

const ID_PATTERN = /^(batch|crawl|monitor)_[0-9a-f]{24}$/;

export function newTaskId(kind: TaskKind): string {
  return randomId(kind);
}

/** True when `raw` is a well-formed identifier of the given kind (anything else is answered `not_found`). */
export function isTaskId(kind: TaskKind, raw: string): boolean {
  const m = ID_PATTERN.exec(raw);
  return m !== null && m[1] === kind;
}
