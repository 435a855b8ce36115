// Page-first filling (spec "JSON extraction"): every schema field is looked up in the page sources in trust order
// and takes the first value that converts to its type. Each value carries `{source, locator}` evidence; a field
// without one is left out (`null` when nullable) and reported.
import type { FieldEvidence, JsonIssue } from '../capture/types.ts';
import { convert } from './convert.ts';
import { nameSet } from './match-names.ts';
import { childPointer, setOwn } from './pointer.ts';
import { shapeOf, type Shape } from './schema-nav.ts';
import type { Provider } from './sources/candidate.ts';

export type Evidence = FieldEvidence & { quote?: string };

/** One field the filler looked at: a leaf value (primitive, array, open object). */
export interface FieldInfo {
  pointer: string;
  nullable: boolean;
  required: boolean;
}

export interface PageFill {
  data: unknown;
  evidence: Record<string, Evidence>;
  issues: JsonIssue[];
  /** Leaf fields whose parent object is present (or the root): what the record consists of. */
  fields: FieldInfo[];
  /** Leaf fields the page gave no value for, including ones inside absent optional objects (model candidates). */
  gaps: FieldInfo[];
}

const MAX_DEPTH = 8;

export function fillFromPage(schema: Record<string, unknown>, providers: Provider[]): PageFill {
  const out: PageFill = { data: undefined, evidence: {}, issues: [], fields: [], gaps: [] };
  const rootShape = shapeOf(schema, schema);
  if (rootShape.kind === 'object') {
    const r = fillObject(schema, rootShape, '', providers, [schema], 0);
    out.data = r.value ?? {};
    merge(out, r, true);
  } else {
    const leaf = fillLeaf(schema, rootShape, '', rootShape.titles, false, providers);
    out.data = leaf.value ?? null;
    merge(out, leaf, true);
  }
  return out;
}

interface Part {
  value: unknown;
  evidence: Record<string, Evidence>;
  issues: JsonIssue[];
  fields: FieldInfo[];
  gaps: FieldInfo[];
}

function merge(into: Omit<Part, 'value'>, part: Part, present: boolean): void {
  into.gaps.push(...part.gaps);
  if (!present) return;
  Object.assign(into.evidence, part.evidence);
  into.issues.push(...part.issues);
  into.fields.push(...part.fields);
}

function fillObject(
  root: Record<string, unknown>,
  shape: Extract<Shape, { kind: 'object' }>,
  pointer: string,
  providers: Provider[],
  stack: unknown[],
  depth: number,
): Part {
  const part: Part = { value: undefined, evidence: {}, issues: [], fields: [], gaps: [] };
  const obj: Record<string, unknown> = {};
  let anyValue = false;
  for (const [name, sub] of shape.properties) {
    const p = childPointer(pointer, name);
    const subShape = shapeOf(root, sub);
    const required = shape.required.has(name);
    const names = [name, ...subShape.titles];
    if (subShape.kind === 'object' && subShape.properties.length > 0 && !stack.includes(subShape.schema) && depth < MAX_DEPTH) {
      const child = fillObject(root, subShape, p, providers, [...stack, subShape.schema], depth + 1);
      if (child.value !== undefined) {
        setOwn(obj, name, child.value);
        anyValue = true;
        merge(part, child, true);
        continue;
      }
      merge(part, child, false);
      const missing = missingLeaf(p, subShape.nullable, required, null);
      if (subShape.nullable) setOwn(obj, name, null);
      part.issues.push(...missing.issues);
      part.fields.push(missing.field);
      continue;
    }
    const leaf = fillLeaf(root, subShape, p, names, required, providers);
    if (leaf.value !== undefined) {
      setOwn(obj, name, leaf.value);
      if (leaf.value !== null) anyValue = true;
    }
    merge(part, leaf, true);
  }
  undeclaredRequired(shape, pointer, part);
  part.value = anyValue ? obj : undefined;
  return part;
}

/**
 * A `required` name that `properties` does not declare is never looked up (the filler maps declared fields only), so
 * it has no source: a `missing_required` issue makes the record `incomplete` (docs/decisions.md D180). It is not a
 * gap for the model either: the model is asked by the declared schema.
 */
function undeclaredRequired(shape: Extract<Shape, { kind: 'object' }>, pointer: string, part: Part): void {
  if (shape.required.size === 0) return;
  const declared = new Set(shape.properties.map(([name]) => name));
  for (const name of shape.required) {
    if (declared.has(name)) continue;
    const p = childPointer(pointer, name);
    part.fields.push({ pointer: p, nullable: false, required: true });
    part.issues.push({ code: 'missing_required', path: p, message: 'required, but not declared in properties: no page source is looked up for it' });
  }
}

function fillLeaf(
  root: Record<string, unknown>,
  shape: Shape,
  pointer: string,
  names: string[],
  required: boolean,
  providers: Provider[],
): Part {
  const nullable = shape.kind !== 'never' && shape.nullable;
  const field: FieldInfo = { pointer, nullable, required };
  const ns = nameSet(names);
  const wantsNumber = shape.kind === 'primitive' && shape.types.some((t) => t === 'number' || t === 'integer');
  let ambiguous: { quote: string; where: string } | null = null;
  if (shape.kind !== 'never' && ns.keys.length > 0) {
    for (const provider of providers) {
      for (const c of provider.find(ns, wantsNumber)) {
        const r = convert(c.value, shape, { root, dotDecimal: c.dotDecimal, count: ns.isCount });
        if (r.ok) {
          const ev: Evidence = { source: c.source, locator: c.locator };
          if (c.quote !== undefined) ev.quote = c.quote;
          return { value: r.value, evidence: { [pointer]: ev }, issues: [], fields: [field], gaps: [] };
        }
        if (r.ambiguous !== null && ambiguous === null) {
          ambiguous = { quote: r.ambiguous, where: c.locator ? `${c.source} ${c.locator}` : c.source };
        }
      }
    }
  }
  const missing = missingLeaf(pointer, nullable, required, ambiguous);
  return { value: nullable ? null : undefined, evidence: {}, issues: missing.issues, fields: [missing.field], gaps: [missing.field] };
}

/** One issue per field without a value: the unreadable number (rule 8), else a missing required or nullable field. */
function missingLeaf(
  pointer: string,
  nullable: boolean,
  required: boolean,
  ambiguous: { quote: string; where: string } | null,
): { issues: JsonIssue[]; field: FieldInfo } {
  const field: FieldInfo = { pointer, nullable, required };
  if (ambiguous) {
    return {
      field,
      issues: [{
        code: 'field_unavailable',
        path: pointer,
        message: `the number "${ambiguous.quote}" (${ambiguous.where}) has a single separator before three digits and nothing on the page settles whether it is a decimal mark`,
        quote: ambiguous.quote,
      }],
    };
  }
  if (required) return { field, issues: [{ code: 'missing_required', path: pointer, message: 'no page source gives this required field' }] };
  if (nullable) return { field, issues: [{ code: 'field_unavailable', path: pointer, message: 'no page source gives this field' }] };
  return { field, issues: [] };
}
