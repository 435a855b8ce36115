// Reading a vetted schema for filling: following local `$ref`s (JSON Pointers inside the schema, RFC 6901 §6) and
// reducing each subschema to the shape the filler maps values by. Only the subset of vocabulary.ts reaches here.
import { isNullSchema } from './vocabulary.ts';

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

const MAX_REF_HOPS = 32;

/** The target of a local `$ref` (`#` or `#/a/b`), or undefined when it does not resolve. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let cur: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let token: string;
    try {
      token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (Array.isArray(cur)) cur = cur[Number(token)];
    else if (isObj(cur) && Object.hasOwn(cur, token)) cur = cur[token];
    else return undefined;
  }
  return cur;
}

/**
 * Follows `$ref` chains to a schema that is not a reference. Titles met on the way are kept (a `title` beside `$ref`
 * names the field as much as the target's own). Returns null for a dangling or circular chain.
 */
export function deref(root: unknown, node: unknown): { schema: Obj | boolean; titles: string[] } | null {
  const titles: string[] = [];
  let cur = node;
  for (let hop = 0; hop <= MAX_REF_HOPS; hop++) {
    if (typeof cur === 'boolean') return { schema: cur, titles };
    if (!isObj(cur)) return null;
    if (typeof cur.title === 'string') titles.push(cur.title);
    if (typeof cur.$ref !== 'string') return { schema: cur, titles };
    cur = resolvePointer(root, cur.$ref);
  }
  return null;
}

export type Primitive = 'string' | 'number' | 'integer' | 'boolean';

/** What the filler maps a value by. `nullable` is true when `null` is an accepted value. */
export type Shape =
  | { kind: 'object'; schema: Obj; properties: Array<[string, unknown]>; required: Set<string>; nullable: boolean; titles: string[] }
  | { kind: 'array'; schema: Obj; items: unknown; nullable: boolean; titles: string[] }
  | { kind: 'primitive'; schema: Obj; types: Primitive[]; enumValues: unknown[] | null; nullable: boolean; titles: string[] }
  | { kind: 'any'; nullable: boolean; titles: string[] }
  | { kind: 'never'; titles: string[] };

/** Reduces a subschema (after `$ref`s and nullable unions) to its Shape. */
export function shapeOf(root: unknown, node: unknown): Shape {
  const d = deref(root, node);
  if (d === null || d.schema === false) return { kind: 'never', titles: d?.titles ?? [] };
  if (d.schema === true) return { kind: 'any', nullable: true, titles: d.titles };
  const s = d.schema;
  const union = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : null;
  if (union) {
    const nonNull = union.filter((m) => !isNullSchema(m));
    const nullable = nonNull.length < union.length;
    if (nonNull.length === 1) {
      const inner = shapeOf(root, nonNull[0]);
      const titles = [...d.titles, ...inner.titles];
      if (inner.kind === 'never') return { kind: 'never', titles };
      return { ...inner, nullable: nullable || inner.nullable, titles };
    }
    // A union of primitive members: the filler offers every member's types; the checks pick the member.
    const types: Primitive[] = [];
    let enumValues: unknown[] | null = [];
    for (const m of nonNull) {
      const inner = shapeOf(root, m);
      if (inner.kind !== 'primitive') continue;
      for (const t of inner.types) if (!types.includes(t)) types.push(t);
      enumValues = enumValues && inner.enumValues ? [...enumValues, ...inner.enumValues] : null;
    }
    return { kind: 'primitive', schema: s, types, enumValues, nullable, titles: d.titles };
  }
  const declared = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type.map(String) : null;
  const values = 'const' in s ? [s.const] : Array.isArray(s.enum) ? s.enum : null;
  const nullable =
    (declared !== null && declared.includes('null')) || (declared === null && (values === null || values.includes(null)));
  const types = declared ? declared.filter((t) => t !== 'null') : inferTypes(s, values);
  if (types.includes('object') || (declared === null && isObj(s.properties))) {
    const properties = isObj(s.properties) ? Object.entries(s.properties) : [];
    const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
    return { kind: 'object', schema: s, properties, required, nullable, titles: d.titles };
  }
  if (types.includes('array')) return { kind: 'array', schema: s, items: s.items ?? true, nullable, titles: d.titles };
  const prim = types.filter((t): t is Primitive => ['string', 'number', 'integer', 'boolean'].includes(t));
  if (prim.length === 0) {
    if (declared !== null && declared.every((t) => t === 'null')) return { kind: 'primitive', schema: s, types: [], enumValues: values, nullable: true, titles: d.titles };
    return { kind: 'any', nullable, titles: d.titles };
  }
  return { kind: 'primitive', schema: s, types: prim, enumValues: values, nullable, titles: d.titles };
}

function inferTypes(s: Obj, values: unknown[] | null): string[] {
  if (isObj(s.properties) || 'additionalProperties' in s) return ['object'];
  if ('items' in s) return ['array'];
  if (values === null) return [];
  const out = new Set<string>();
  for (const v of values) {
    if (typeof v === 'string') out.add('string');
    else if (typeof v === 'number') out.add(Number.isInteger(v) ? 'integer' : 'number');
    else if (typeof v === 'boolean') out.add('boolean');
  }
  return [...out];
}
