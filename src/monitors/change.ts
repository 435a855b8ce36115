// Change detection of monitor runs (issue 14): a run is compared with the previous completed run through the output
// hashes of their evidence records, and the JSON outputs field by field (RFC 6901 pointers into `json.data`).
import { childPointer } from '../json/pointer.ts';

/** What one completed run leaves for the next comparison. */
export interface RunDigest {
  /** evidenceRecord.outputSha256.markdown (null: no Markdown produced). */
  markdownSha256: string | null;
  /** evidenceRecord.outputSha256.json (null: no JSON produced). */
  jsonSha256: string | null;
  /** The JSON output's data, for the changed fields; null when there is none. */
  json: unknown;
}

export interface Change {
  changed: boolean;
  markdownChanged: boolean;
  jsonChanged: boolean;
  /** Pointers of the JSON values that differ (added, removed or changed leaves), sorted. */
  fields: string[];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Pointers where `a` and `b` differ: at the first level of difference (a leaf, or a container that appeared). */
export function diffPointers(a: unknown, b: unknown, at = ''): string[] {
  if (Array.isArray(a) && Array.isArray(b)) {
    const out: string[] = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const p = childPointer(at, i);
      if (i >= a.length || i >= b.length) out.push(p);
      else out.push(...diffPointers(a[i], b[i], p));
    }
    return out;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((k) => {
      const p = childPointer(at, k);
      if (!Object.hasOwn(a, k) || !Object.hasOwn(b, k)) return [p];
      return diffPointers(a[k], b[k], p);
    });
  }
  return Object.is(a, b) ? [] : [at];
}

/** The change of `current` against `previous` (the previous completed run); null for a monitor's first run. */
export function detectChange(previous: RunDigest | null, current: RunDigest): Change | null {
  if (previous === null) return null;
  const markdownChanged = previous.markdownSha256 !== current.markdownSha256;
  const jsonChanged = previous.jsonSha256 !== current.jsonSha256;
  // Hashes decide whether something changed; the values only say where (a hash cannot).
  const fields = jsonChanged ? [...new Set(diffPointers(previous.json ?? null, current.json ?? null))].sort() : [];
  return { changed: markdownChanged || jsonChanged, markdownChanged, jsonChanged, fields };
}
