// The schema sent to the model. OpenAI-compatible strict structured outputs accept a subset of JSON Schema: every
// object lists all its properties in `required` and sets `additionalProperties: false`; a property the caller made
// optional becomes nullable instead. Checks and annotations other than title/description are dropped from the copy
// (the answer is validated locally against the schema as given). When strict mode cannot express the schema, the
// schema is sent as given with strict off and `strictReason` says why (spec "Model fallback").
import { setOwn } from './pointer.ts';
import { isObj, type Obj } from './schema-nav.ts';
import { isNullSchema } from './vocabulary.ts';

const DROPPED = new Set([
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern',
  'minItems', 'maxItems', 'uniqueItems', 'format', 'default', 'examples', '$comment', 'deprecated', 'readOnly',
  'writeOnly', '$schema', '$id',
]);

export type StrictPlan = { strict: true; schema: Obj; reason: null } | { strict: false; schema: Obj; reason: string };

export function strictPlan(schema: Obj): StrictPlan {
  if (!isObjectSchema(schema)) {
    return { strict: false, schema, reason: 'strict structured outputs need an object at the root' };
  }
  const problems: string[] = [];
  const copy = strictCopy(schema, '#', problems) as Obj;
  if (problems.length > 0) return { strict: false, schema, reason: problems[0] };
  return { strict: true, schema: copy, reason: null };
}

function isObjectSchema(s: Obj): boolean {
  return s.type === 'object' || (s.type === undefined && isObj(s.properties) && s.$ref === undefined);
}

function strictCopy(node: unknown, where: string, problems: string[]): unknown {
  if (node === true || node === false) {
    problems.push(`${where} is a boolean schema, which strict mode cannot express`);
    return node;
  }
  if (!isObj(node)) return node;
  const out: Obj = {};
  for (const [k, v] of Object.entries(node)) {
    if (DROPPED.has(k)) continue;
    if (k === 'properties' && isObj(v)) {
      const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
      const props: Obj = {};
      for (const [name, sub] of Object.entries(v)) {
        const copied = strictCopy(sub, `${where}/properties/${name}`, problems);
        setOwn(props, name, required.has(name) ? copied : nullable(copied, `${where}/properties/${name}`, problems));
      }
      out.properties = props;
      out.required = Object.keys(v);
      out.additionalProperties = false;
    } else if (k === 'required' || k === 'additionalProperties') {
      continue;
    } else if (k === 'items' || k === 'additionalProperties') {
      out[k] = strictCopy(v, `${where}/${k}`, problems);
    } else if ((k === '$defs' || k === 'definitions') && isObj(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([n, s]) => [n, strictCopy(s, `${where}/${k}/${n}`, problems)]));
    } else if ((k === 'anyOf' || k === 'oneOf') && Array.isArray(v)) {
      // Strict mode knows `anyOf`; the accepted unions (one schema plus null, or primitives) mean the same under it.
      out.anyOf = v.map((m, i) => strictCopy(m, `${where}/${k}/${i}`, problems));
    } else {
      out[k] = v;
    }
  }
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('object') && !isObj(node.properties)) {
    problems.push(`${where} is an object without fixed properties, which strict mode cannot express`);
  }
  if (node.type === undefined && node.$ref === undefined && !('anyOf' in node) && !('oneOf' in node) && !('enum' in node) && !('const' in node) && !isObj(node.properties)) {
    problems.push(`${where} has no type, which strict mode cannot express`);
  }
  if (isObj(node.properties) && !('type' in node)) out.type = 'object';
  return out;
}

/** Makes an optional property accept `null`, the strict-mode spelling of "may be absent". */
function nullable(s: unknown, where: string, problems: string[]): unknown {
  if (!isObj(s)) return s;
  if (typeof s.$ref === 'string') return { anyOf: [s, { type: 'null' }] };
  if (Array.isArray(s.anyOf)) return s.anyOf.some(isNullSchema) ? s : { ...s, anyOf: [...s.anyOf, { type: 'null' }] };
  const out: Obj = { ...s };
  if (typeof s.type === 'string') out.type = s.type === 'null' ? 'null' : [s.type, 'null'];
  else if (Array.isArray(s.type)) out.type = s.type.includes('null') ? s.type : [...s.type, 'null'];
  if (Array.isArray(s.enum) && !s.enum.includes(null)) out.enum = [...s.enum, null];
  if ('const' in s) return { anyOf: [s, { type: 'null' }] };
  if (s.type === undefined && !Array.isArray(s.enum)) problems.push(`${where} has no type, which strict mode cannot express`);
  return out;
}
