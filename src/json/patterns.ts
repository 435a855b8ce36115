// `pattern` intake and matching (spec "JSON extraction", pattern rules; "Limits"). Patterns are ECMA-262 regular
// expressions (JSON Schema 2020-12 §6.3.3). Catastrophic backtracking is decided by redos-detector at intake; the
// "complex" class is additionally bounded at match time, because a Worker cannot interrupt a running RegExp.
import { isSafePattern } from 'redos-detector';
import { invalidRequest } from '../errors.ts';
import { errorMessage } from '../io/errors.ts';

export const MAX_PATTERN_LENGTH = 2000;
export const COMPLEX_TEXT_LIMIT = 2048;
export const COMPLEX_TIME_LIMIT_MS = 100;
/**
 * Work redos-detector may spend on one pattern. The step cap keeps the verdict deterministic (about 100–400 ms for
 * the worst 2,000-character patterns, measured under Node 24); the time cap only guards a slow host. A pattern it
 * cannot clear within either is refused.
 */
const REDOS_MAX_STEPS = 1000;
const REDOS_TIMEOUT_MS = 1000;

export interface CompiledPattern {
  source: string;
  regex: RegExp;
  /** Lookaround, backreference, counted repetition above 16, `\p{}`/`\u{}`, or a non-BMP character. */
  complex: boolean;
}

export type PatternOutcome = 'match' | 'no_match' | 'undecided';

// Intake verdicts per pattern text; a schema sent again does not pay the analysis twice.
const cache = new Map<string, CompiledPattern | string>();
const CACHE_LIMIT = 512;

/** Compiles and vets a pattern; throws `invalid_request` naming `where` when it is refused. */
export function compilePattern(pattern: string, where: string): CompiledPattern {
  // Refused before the cache: a flood of distinct long patterns must not fill it (each entry keeps its text).
  if (pattern.length > MAX_PATTERN_LENGTH) throw invalidRequest(`${where}: pattern is longer than ${MAX_PATTERN_LENGTH} characters`);
  let verdict = cache.get(pattern);
  if (verdict === undefined) {
    verdict = vet(pattern);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(pattern, verdict);
  }
  if (typeof verdict === 'string') throw invalidRequest(`${where}: ${verdict}`);
  return verdict;
}

function vet(pattern: string): CompiledPattern | string {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'u');
  } catch {
    // Many schemas carry patterns written for non-Unicode mode (`[\w-]`); they are valid ECMA-262 as well.
    try {
      regex = new RegExp(pattern);
    } catch (err) {
      return `pattern is not a valid regular expression (${errorMessage(err)})`;
    }
  }
  if (!hasBacktrackingSyntax(pattern)) return { source: pattern, regex, complex: isComplex(pattern) };
  try {
    const result = isSafePattern(pattern, {
      unicode: regex.unicode,
      maxSteps: REDOS_MAX_STEPS,
      timeout: REDOS_TIMEOUT_MS,
    });
    if (result.error === 'timedOut' || result.error === 'hitMaxSteps') {
      return 'pattern could not be shown free of catastrophic backtracking';
    }
    if (!result.safe) return 'pattern allows catastrophic backtracking';
  } catch {
    return 'pattern could not be analysed for catastrophic backtracking';
  }
  return { source: pattern, regex, complex: isComplex(pattern) };
}

/**
 * Without a quantifier or an alternation a regular expression tries one path per start position, so it cannot
 * backtrack catastrophically; such patterns (long literals) skip the detector, which would only spend time on them.
 */
function hasBacktrackingSyntax(p: string): boolean {
  let inClass = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '*' || c === '+' || c === '|' || c === '{') return true;
    else if (c === '?' && p[i - 1] !== '(') return true;
  }
  return false;
}

/** The spec's complex class, found by scanning the pattern text (escapes and character classes respected). */
export function isComplex(p: string): boolean {
  if (hasNonBmp(p)) return true;
  let inClass = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') {
      const next = p[i + 1] ?? '';
      if ((next === 'p' || next === 'P' || next === 'u') && p[i + 2] === '{') return true;
      if (!inClass && (/[1-9]/.test(next) || (next === 'k' && p[i + 2] === '<'))) return true;
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(' && p[i + 1] === '?' && (p[i + 2] === '=' || p[i + 2] === '!')) return true;
    else if (c === '(' && p[i + 1] === '?' && p[i + 2] === '<' && (p[i + 3] === '=' || p[i + 3] === '!')) return true;
    else if (c === '{') {
      const m = /^\{(\d+)(?:,(\d*))?\}/.exec(p.slice(i));
      if (m && (Number(m[1]) > 16 || (m[2] !== undefined && m[2] !== '' && Number(m[2]) > 16))) return true;
    }
  }
  return false;
}

export function hasNonBmp(s: string): boolean {
  return /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(s);
}

/**
 * Matches `text` against a vetted pattern. Complex patterns, and any text holding a non-BMP character, are matched
 * only against text of at most 2,048 UTF-16 code units and must answer within 100 ms; otherwise the outcome is
 * `undecided`, which counts as breaking the pattern (spec pattern rules).
 */
export function matchPattern(p: CompiledPattern, text: string, now: () => number = () => performance.now()): PatternOutcome {
  const bounded = p.complex || hasNonBmp(text);
  if (bounded && text.length > COMPLEX_TEXT_LIMIT) return 'undecided';
  const started = now();
  p.regex.lastIndex = 0;
  const matched = p.regex.test(text);
  if (bounded && now() - started > COMPLEX_TIME_LIMIT_MS) return 'undecided';
  return matched ? 'match' : 'no_match';
}
