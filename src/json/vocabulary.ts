// The schema subset of spec "JSON extraction" (supported vocabulary table). `walkSchema` visits a schema once and
// reports, each at the path where it was sent (`formats[0].schema.properties.price.allOf`): keywords outside the
// subset, unions the filler cannot map, keywords beside `$ref`, and `$schema`/`$id` below the root — plus malformed
// values, bounds (depth, property count) and the patterns to vet.

export const MAPPING_KEYWORDS = [
  'type', 'properties', 'required', 'items', 'additionalProperties', 'enum', 'const', '$defs', 'definitions', '$ref',
  'anyOf', 'oneOf',
] as const;
export const CHECK_KEYWORDS = [
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern',
  'minItems', 'maxItems', 'uniqueItems',
] as const;
export const ANNOTATION_KEYWORDS = [
  'title', 'description', '$comment', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'format', 'default',
] as const;
export const ROOT_ONLY_KEYWORDS = ['$schema', '$id'] as const;

/** `$schema` values accepted at the root: draft-07, 2019-09 and 2020-12 (with or without the trailing `#`). */
export const SCHEMA_DIALECTS = new Set([
  'http://json-schema.org/draft-07/schema#', 'http://json-schema.org/draft-07/schema',
  'https://json-schema.org/draft/2019-09/schema', 'https://json-schema.org/draft/2020-12/schema',
]);

const ALLOWED = new Set<string>([...MAPPING_KEYWORDS, ...CHECK_KEYWORDS, ...ANNOTATION_KEYWORDS]);
const ANNOTATIONS = new Set<string>(ANNOTATION_KEYWORDS);
/** Beside `$ref` besides annotations: containers of definitions, which say nothing about the instance. */
const BESIDE_REF = new Set<string>([...ANNOTATION_KEYWORDS, '$ref', '$defs', 'definitions', ...ROOT_ONLY_KEYWORDS]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);
const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

export interface SchemaWalk {
  unsupported: string[];
  malformed: string[];
  /** Deepest nesting of `properties` / `items` / `additionalProperties` (the root's own properties are level 1). */
  depth: number;
  propertyCount: number;
  patterns: Array<{ pattern: string; path: string }>;
  refs: Array<{ ref: string; path: string }>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const isNonNegInt = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0;

export function walkSchema(schema: Obj, basePath: string): SchemaWalk {
  const w: SchemaWalk = { unsupported: [], malformed: [], depth: 0, propertyCount: 0, patterns: [], refs: [] };
  visit(schema, basePath, 0, true, w);
  return w;
}

function visit(node: unknown, path: string, depth: number, atRoot: boolean, w: SchemaWalk): void {
  if (typeof node === 'boolean') return;
  if (!isObj(node)) {
    w.malformed.push(`${path}: a schema must be an object or a boolean`);
    return;
  }
  w.depth = Math.max(w.depth, depth);
  for (const key of Object.keys(node)) {
    if (key === '$schema' || key === '$id') {
      if (!atRoot) w.unsupported.push(`${path}.${key}`);
      else if (key === '$schema' && !SCHEMA_DIALECTS.has(String(node[key]))) w.unsupported.push(`${path}.${key}`);
      else if (typeof node[key] !== 'string') w.malformed.push(`${path}.${key}: must be a string`);
    } else if (!ALLOWED.has(key)) {
      w.unsupported.push(`${path}.${key}`);
    }
  }
  if ('$ref' in node) {
    for (const key of Object.keys(node)) if (!BESIDE_REF.has(key)) w.unsupported.push(`${path}.${key}`);
    const ref = node.$ref;
    if (typeof ref !== 'string') w.malformed.push(`${path}.$ref: must be a string`);
    else if (ref !== '#' && !ref.startsWith('#/')) w.unsupported.push(`${path}.$ref`);
    else w.refs.push({ ref, path: `${path}.$ref` });
  }
  checkValues(node, path, w);
  if ('type' in node && Array.isArray(node.type)) {
    const structured = node.type.filter((t) => t === 'object' || t === 'array');
    if (structured.length > 0 && node.type.some((t) => t !== 'null' && t !== structured[0])) {
      w.unsupported.push(`${path}.type`);
    }
  }
  if (isObj(node.properties)) {
    for (const [name, sub] of Object.entries(node.properties)) {
      w.propertyCount++;
      visit(sub, `${path}.properties.${name}`, depth + 1, false, w);
    }
  } else if ('properties' in node) w.malformed.push(`${path}.properties: must be an object`);
  if (Array.isArray(node.items)) w.unsupported.push(`${path}.items`);
  else if ('items' in node) visit(node.items, `${path}.items`, depth + 1, false, w);
  if ('additionalProperties' in node) visit(node.additionalProperties, `${path}.additionalProperties`, depth + 1, false, w);
  for (const defs of ['$defs', 'definitions'] as const) {
    if (!(defs in node)) continue;
    if (!isObj(node[defs])) {
      w.malformed.push(`${path}.${defs}: must be an object`);
      continue;
    }
    for (const [name, sub] of Object.entries(node[defs] as Obj)) visit(sub, `${path}.${defs}.${name}`, 0, false, w);
  }
  for (const union of ['anyOf', 'oneOf'] as const) {
    if (!(union in node)) continue;
    const members = node[union];
    if (!Array.isArray(members) || members.length === 0) {
      w.malformed.push(`${path}.${union}: must be a non-empty array of schemas`);
      continue;
    }
    if (!mappableUnion(members)) w.unsupported.push(`${path}.${union}`);
    members.forEach((m, i) => visit(m, `${path}.${union}[${i}]`, depth, false, w));
  }
}

/** `{type: "null"}` with annotations at most. */
export function isNullSchema(s: unknown): boolean {
  if (!isObj(s)) return false;
  const t = s.type;
  const nullType = t === 'null' || (Array.isArray(t) && t.length === 1 && t[0] === 'null');
  return nullType && Object.keys(s).every((k) => k === 'type' || ANNOTATIONS.has(k));
}

/** A union member that holds primitive values only (no object, array or reference). */
function isPrimitiveSchema(s: unknown): boolean {
  if (!isObj(s) || '$ref' in s || 'properties' in s || 'items' in s || 'additionalProperties' in s) return false;
  if ('anyOf' in s || 'oneOf' in s) return false;
  const t = s.type;
  if (typeof t === 'string') return PRIMITIVE_TYPES.has(t);
  if (Array.isArray(t)) return t.length > 0 && t.every((x) => PRIMITIVE_TYPES.has(String(x)));
  const values = 'const' in s ? [s.const] : Array.isArray(s.enum) ? s.enum : null;
  return values !== null && values.every((v) => v === null || typeof v !== 'object');
}

/** Spec: `anyOf`/`oneOf` of one schema plus `{type: null}`, or of primitive types only. */
function mappableUnion(members: unknown[]): boolean {
  const nulls = members.filter(isNullSchema).length;
  if (members.length === 2 && nulls === 1) return true;
  return members.every(isPrimitiveSchema);
}

function checkValues(node: Obj, path: string, w: SchemaWalk): void {
  const bad = (key: string, what: string): void => {
    w.malformed.push(`${path}.${key}: ${what}`);
  };
  if ('type' in node) {
    const t = node.type;
    const list = Array.isArray(t) ? t : [t];
    if (list.length === 0 || !list.every((x) => typeof x === 'string' && TYPES.has(x)) || new Set(list).size !== list.length) {
      bad('type', 'must be a JSON Schema type name or a list of distinct ones');
    }
  }
  if ('required' in node) {
    const r = node.required;
    if (!Array.isArray(r) || !r.every((x) => typeof x === 'string') || new Set(r).size !== r.length) {
      bad('required', 'must be a list of distinct property names');
    }
  }
  if ('enum' in node && !Array.isArray(node.enum)) bad('enum', 'must be an array');
  for (const k of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
    if (k in node && (typeof node[k] !== 'number' || !Number.isFinite(node[k]))) bad(k, 'must be a number');
  }
  if ('multipleOf' in node && !(typeof node.multipleOf === 'number' && node.multipleOf > 0)) {
    bad('multipleOf', 'must be a number above 0');
  }
  for (const k of ['minLength', 'maxLength', 'minItems', 'maxItems']) {
    if (k in node && !isNonNegInt(node[k])) bad(k, 'must be a non-negative integer');
  }
  if ('uniqueItems' in node && typeof node.uniqueItems !== 'boolean') bad('uniqueItems', 'must be a boolean');
  if ('pattern' in node) {
    if (typeof node.pattern !== 'string') bad('pattern', 'must be a string');
    else w.patterns.push({ pattern: node.pattern, path: `${path}.pattern` });
  }
  for (const k of ['title', 'description', 'format', '$comment']) {
    if (k in node && typeof node[k] !== 'string') bad(k, 'must be a string');
  }
  if ('examples' in node && !Array.isArray(node.examples)) bad('examples', 'must be an array');
  for (const k of ['deprecated', 'readOnly', 'writeOnly']) {
    if (k in node && typeof node[k] !== 'boolean') bad(k, 'must be a boolean');
  }
}
