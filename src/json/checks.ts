// Checking a filled record against its schema (JSON Schema draft 2020-12, validated by @cfworker/json-schema).
// `pattern` is matched by patterns.ts instead (complex-class bounds; non-Unicode fallback) and `format` is not
// checked (spec vocabulary table), so both are removed from the copy the validator sees.
import { Validator } from '@cfworker/json-schema';
import { compilePattern, matchPattern } from './patterns.ts';
import { fromInstanceLocation, setOwn } from './pointer.ts';
import { deref, isObj, type Obj } from './schema-nav.ts';
import { isNullSchema } from './vocabulary.ts';

export interface CheckFailure {
  /** JSON Pointer of the instance that failed. */
  pointer: string;
  keyword: string;
  message: string;
}

/** Keywords the validator reports on a container when a member failed; the member's own failure is reported too. */
const SUMMARY = new Set(['properties', 'items', 'additionalProperties', '$ref', 'anyOf', 'oneOf', 'allOf', '$defs']);

function stripUnchecked(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripUnchecked);
  if (!isObj(node)) return node;
  const out: Obj = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'pattern' || k === 'format') continue;
    // Keyword values that are not schemas are copied as they are (an enum of objects stays intact).
    setOwn(out, k, k === 'enum' || k === 'const' || k === 'examples' || k === 'default' ? v : stripUnchecked(v));
  }
  return out;
}

export class RecordChecker {
  private readonly schema: Obj;
  private readonly validator: Validator;

  constructor(schema: Obj) {
    this.schema = schema;
    this.validator = new Validator(stripUnchecked(schema) as Obj, '2020-12', false);
  }

  check(data: unknown): CheckFailure[] {
    const failures: CheckFailure[] = [];
    const result = this.validator.validate(data);
    if (!result.valid) {
      for (const e of result.errors) {
        if (SUMMARY.has(e.keyword)) continue;
        failures.push({ pointer: fromInstanceLocation(e.instanceLocation), keyword: e.keyword, message: e.error });
      }
    }
    this.patterns(this.schema, data, '', failures, 0);
    return failures;
  }

  /** Applies `pattern` wherever the schema applies to a string of the record. */
  private patterns(node: unknown, value: unknown, pointer: string, out: CheckFailure[], depth: number): void {
    if (depth > 32) return;
    const d = deref(this.schema, node);
    if (d === null || typeof d.schema === 'boolean') return;
    const s = d.schema;
    if (typeof value === 'string' && typeof s.pattern === 'string') {
      const outcome = matchPattern(compilePattern(s.pattern, pointer || '/'), value);
      if (outcome !== 'match') {
        out.push({
          pointer,
          keyword: 'pattern',
          message: outcome === 'undecided'
            ? 'the text could not be matched against the pattern within 2,048 code units and 100 ms'
            : `String does not match pattern "${s.pattern}".`,
        });
      }
    }
    for (const union of [s.anyOf, s.oneOf]) {
      if (!Array.isArray(union) || value === null) continue;
      const members = union.filter((m) => !isNullSchema(m));
      // With several primitive members, a pattern decides only when no other member takes the value.
      const applicable = members.filter((m) => acceptsType(this.schema, m, value));
      if (applicable.length === 1) this.patterns(applicable[0], value, pointer, out, depth + 1);
    }
    if (isObj(value)) {
      const props = isObj(s.properties) ? s.properties : {};
      for (const [k, v] of Object.entries(value)) {
        const p = `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (Object.hasOwn(props, k)) this.patterns(props[k], v, p, out, depth + 1);
        else if ('additionalProperties' in s) this.patterns(s.additionalProperties, v, p, out, depth + 1);
      }
    }
    if (Array.isArray(value) && 'items' in s) value.forEach((v, i) => this.patterns(s.items, v, `${pointer}/${i}`, out, depth + 1));
  }
}

function acceptsType(root: Obj, node: unknown, value: unknown): boolean {
  const d = deref(root, node);
  if (d === null) return false;
  if (typeof d.schema === 'boolean') return d.schema;
  const t = d.schema.type;
  if (t === undefined) return true;
  const types = Array.isArray(t) ? t : [t];
  const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  if (actual === 'number') return types.includes('number') || (types.includes('integer') && Number.isInteger(value));
  return types.includes(actual);
}
