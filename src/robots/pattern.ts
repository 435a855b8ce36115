// Compiled allow/disallow patterns (RFC 9309 §2.2.2, §2.2.3). No regular expressions: a pattern is its literal
// pieces between `*` wildcards, so matching is linear in practice and a hostile robots.txt cannot cause
// catastrophic backtracking.

import { canonicalizeForMatch } from './encode.ts';

export interface CompiledPattern {
  /** Canonical literal pieces between `*` wildcards; `['']` for a pattern that is only `$`. */
  parts: string[];
  /** Pattern ended in `$`: the match must reach the end of the target (RFC 9309 §2.2.3). */
  anchored: boolean;
  /**
   * Octets of the canonical pattern, counting each `*` and the final `$` as one. RFC 9309 §2.2.2 picks "the
   * match that has the most octets"; Google's matcher and the conformance cases count the pattern, `*` included.
   */
  length: number;
}

export function compilePattern(raw: string): CompiledPattern {
  // Only a final `$` anchors; a `$` elsewhere is literal and canonicalizes to %24 (RFC 9309 §2.2.3).
  const anchored = raw.endsWith('$');
  const body = anchored ? raw.slice(0, -1) : raw;
  const parts = body.split('*').map(canonicalizeForMatch);
  let length = parts.length - 1 + (anchored ? 1 : 0);
  for (const p of parts) length += p.length;
  return { parts, anchored, length };
}

/** Does the pattern match the canonical target from its first octet on? */
export function patternMatches(pattern: CompiledPattern, target: string): boolean {
  const { parts, anchored } = pattern;
  const first = parts[0];
  if (!target.startsWith(first)) return false;
  const last = parts.length - 1;
  if (last === 0) return anchored ? target.length === first.length : true;
  let pos = first.length;
  // Leftmost placement of each middle piece is optimal for `*`-only globs: it leaves the most room for the rest.
  for (let k = 1; k < last; k++) {
    const at = target.indexOf(parts[k], pos);
    if (at < 0) return false;
    pos = at + parts[k].length;
  }
  const tail = parts[last];
  if (!anchored) return target.indexOf(tail, pos) >= 0;
  return target.length - tail.length >= pos && target.endsWith(tail);
}
