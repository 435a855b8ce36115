// Converting a page value to the type a schema field asks for. Strings from the page become numbers only through
// the number reading rules (numbers.ts); nothing is coerced by guesswork.
import { normKey } from './match-names.ts';
import { readNumber } from './numbers.ts';
import { setOwn } from './pointer.ts';
import { isObj, shapeOf, type Shape } from './schema-nav.ts';

export type Conversion = { ok: true; value: unknown } | { ok: false; ambiguous: string | null };

export interface ConvertContext {
  root: unknown;
  dotDecimal: boolean;
  count: boolean;
}

const FAIL: Conversion = { ok: false, ambiguous: null };
const SCHEMA_ORG = /^https?:\/\/schema\.org\//;

export function convert(value: unknown, shape: Shape, ctx: ConvertContext, depth = 0): Conversion {
  if (value === undefined || depth > 8) return FAIL;
  switch (shape.kind) {
    case 'never':
      return FAIL;
    case 'any':
      return value === null ? FAIL : { ok: true, value: structuredClone(value) };
    case 'array':
      return toArray(value, shape, ctx, depth);
    case 'object':
      return toObject(value, shape, ctx, depth);
    case 'primitive':
      return toPrimitive(value, shape, ctx);
  }
}

function toPrimitive(value: unknown, shape: Extract<Shape, { kind: 'primitive' }>, ctx: ConvertContext): Conversion {
  let ambiguous: string | null = null;
  for (const type of shape.types) {
    const r = toType(value, type, ctx);
    if (r.ok) return { ok: true, value: fitEnum(r.value, shape.enumValues) };
    ambiguous ??= r.ambiguous;
  }
  return { ok: false, ambiguous };
}

/** A schema.org enumeration URL (`https://schema.org/InStock`) matches an enum member written without it. */
function fitEnum(value: unknown, enumValues: unknown[] | null): unknown {
  if (enumValues === null || typeof value !== 'string' || enumValues.includes(value)) return value;
  const bare = value.replace(SCHEMA_ORG, '');
  return enumValues.includes(bare) ? bare : value;
}

function toType(value: unknown, type: 'string' | 'number' | 'integer' | 'boolean', ctx: ConvertContext): Conversion {
  if (Array.isArray(value)) {
    // A list where one value is wanted: its first element (`image: [a, b]` → `a`).
    return value.length > 0 ? toType(value[0], type, ctx) : FAIL;
  }
  if (isObj(value)) {
    // An entity where a value is wanted: its name or literal value (`brand: {name: "Acme"}`).
    for (const k of ['@value', 'name', 'value', 'amount', 'url']) if (k in value) return toType(value[k], type, ctx);
    return FAIL;
  }
  switch (type) {
    case 'string':
      if (typeof value === 'string') return value.trim() === '' ? FAIL : { ok: true, value: value.trim() };
      if (typeof value === 'number' && Number.isFinite(value)) return { ok: true, value: String(value) };
      return FAIL;
    case 'number':
    case 'integer': {
      if (typeof value === 'number') return Number.isFinite(value) ? { ok: true, value } : FAIL;
      if (typeof value !== 'string') return FAIL;
      const r = readNumber(value, { dotDecimal: ctx.dotDecimal, count: ctx.count });
      if (r.kind === 'number') return { ok: true, value: r.value };
      return { ok: false, ambiguous: r.kind === 'ambiguous' ? r.text : null };
    }
    case 'boolean':
      if (typeof value === 'boolean') return { ok: true, value };
      if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return { ok: true, value: /^true$/i.test(value.trim()) };
      return FAIL;
  }
}

function toArray(value: unknown, shape: Extract<Shape, { kind: 'array' }>, ctx: ConvertContext, depth: number): Conversion {
  const items = shapeOf(ctx.root, shape.items);
  const list = Array.isArray(value) ? value : [value];
  const out: unknown[] = [];
  for (const el of list) {
    const r = convert(el, items, ctx, depth + 1);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return { ok: true, value: out };
}

/**
 * An object value for an object field (a list element from JSON-LD, an open map): its members are matched to the
 * field's properties by normalised name; a field without properties takes the object as it is.
 */
function toObject(value: unknown, shape: Extract<Shape, { kind: 'object' }>, ctx: ConvertContext, depth: number): Conversion {
  if (!isObj(value)) return FAIL;
  if (shape.properties.length === 0) return { ok: true, value: structuredClone(value) };
  const byKey = new Map<string, unknown>();
  for (const [k, v] of Object.entries(value)) if (!byKey.has(normKey(k))) byKey.set(normKey(k), v);
  const out: Record<string, unknown> = {};
  for (const [name, sub] of shape.properties) {
    const subShape = shapeOf(ctx.root, sub);
    const raw = [name, ...subShape.titles].map((n) => byKey.get(normKey(n))).find((v) => v !== undefined);
    if (raw === undefined) continue;
    const r = convert(raw, subShape, { ...ctx, count: ctx.count }, depth + 1);
    if (r.ok) setOwn(out, name, r.value);
  }
  return Object.keys(out).length > 0 ? { ok: true, value: out } : FAIL;
}
