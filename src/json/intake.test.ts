import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { parseJsonFormat } from './intake.ts';

const ok = { modelConfigured: true };
const refusal = (raw: Record<string, unknown>, index = 0, opts = ok): ApiError => {
  try {
    parseJsonFormat(raw, index, opts);
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('accepted');
};
const withSchema = (schema: unknown): Record<string, unknown> => ({ type: 'json', schema });
const nest = (levels: number): Record<string, unknown> => {
  let s: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) s = { type: 'object', properties: { a: s } };
  return s;
};

describe('parseJsonFormat: accepted', () => {
  it('normalises prompt and modelFallback', () => {
    const schema = { type: 'object', properties: { price: { type: 'number' } } };
    expect(parseJsonFormat(withSchema(schema), 0, ok)).toEqual({ type: 'json', schema, prompt: null, modelFallback: false });
    expect(parseJsonFormat({ type: 'json', schema, prompt: 'p', modelFallback: true }, 0, ok)).toEqual({
      type: 'json', schema, prompt: 'p', modelFallback: true,
    });
  });
  it('accepts the whole vocabulary', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'https://example.com/product',
      title: 'Product', description: 'd', $comment: 'c', examples: [{}], deprecated: false, readOnly: false, writeOnly: false,
      type: 'object',
      required: ['name'],
      additionalProperties: false,
      $defs: { money: { type: 'number', minimum: 0, exclusiveMaximum: 1e9, multipleOf: 0.01 } },
      definitions: { code: { type: 'string', pattern: '^[A-Z]{3}$', minLength: 3, maxLength: 3 } },
      properties: {
        name: { type: 'string', format: 'uri', default: 'x' },
        price: { $ref: '#/$defs/money', title: 'Price', description: 'beside $ref' },
        currency: { $ref: '#/definitions/code' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5, uniqueItems: true },
        status: { enum: ['a', 'b', null] },
        kind: { const: 'product' },
        rating: { anyOf: [{ type: 'number', minimum: 0 }, { type: 'null' }] },
        offer: { oneOf: [{ type: 'object', properties: { p: { type: 'number' } } }, { type: 'null' }] },
        code: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        nullableObj: { type: ['object', 'null'], properties: {} },
        multi: { type: ['string', 'number', 'null'] },
        self: { $ref: '#' },
      },
    };
    expect(parseJsonFormat(withSchema(schema), 0, ok).schema).toBe(schema);
  });
  it('accepts exactly 8 levels and 100 properties', () => {
    expect(() => parseJsonFormat(withSchema(nest(8)), 0, ok)).not.toThrow();
    const props = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, { type: 'string' }]));
    expect(() => parseJsonFormat(withSchema({ type: 'object', properties: props }), 0, ok)).not.toThrow();
  });
});

describe('parseJsonFormat: invalid_request', () => {
  const big = { type: 'object', properties: { a: { type: 'string', description: 'x'.repeat(64 * 1024) } } };
  const props = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`p${i}`, { type: 'string' }]));
  it.each([
    ['no schema', { type: 'json' }, 'formats[0].schema is required'],
    ['null schema', { type: 'json', schema: null }, 'formats[0].schema is required'],
    ['prompt only', { type: 'json', prompt: 'extract the price' }, 'formats[0].schema is required'],
    ['array schema', withSchema([]), 'must be a JSON Schema object'],
    ['boolean schema', withSchema(true), 'must be a JSON Schema object'],
    ['over 64 KiB', withSchema(big), 'the limit is 65536'],
    ['9 levels', withSchema(nest(9)), '9 levels deep'],
    ['101 properties', withSchema({ type: 'object', properties: props }), '101 properties'],
    ['prompt not a string', { type: 'json', schema: {}, prompt: 3 }, 'prompt must be a string'],
    ['modelFallback not boolean', { type: 'json', schema: {}, modelFallback: 'yes' }, 'modelFallback must be a boolean'],
    ['bad type name', withSchema({ type: 'text' }), 'schema.type'],
    ['bad required', withSchema({ required: 'a' }), 'schema.required'],
    ['bad minimum', withSchema({ properties: { a: { minimum: '1' } } }), 'schema.properties.a.minimum'],
    ['boolean exclusiveMinimum', withSchema({ properties: { a: { exclusiveMinimum: true } } }), 'exclusiveMinimum'],
    ['dangling $ref', withSchema({ properties: { a: { $ref: '#/$defs/none' } } }), 'does not resolve'],
    ['circular $ref', withSchema({ $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, properties: { x: { $ref: '#/$defs/a' } } }), 'does not resolve'],
    ['long pattern', withSchema({ properties: { a: { type: 'string', pattern: 'a'.repeat(2001) } } }), 'formats[0].schema.properties.a.pattern: pattern is longer than 2000'],
    ['catastrophic pattern', withSchema({ properties: { a: { type: 'string', pattern: '^(a+)+$' } } }), 'formats[0].schema.properties.a.pattern: pattern allows catastrophic backtracking'],
    ['invalid pattern', withSchema({ properties: { a: { type: 'string', pattern: '(' } } }), 'not a valid regular expression'],
  ])('%s', (_name, raw, message) => {
    const err = refusal(raw as Record<string, unknown>);
    expect(err.code).toBe('invalid_request');
    expect(err.details).toBeUndefined();
    expect(err.message).toContain(message);
  });
});

describe('parseJsonFormat: unsupported_parameter', () => {
  it.each([
    ['allOf on a property', { properties: { price: { allOf: [{ type: 'number' }] } } }, ['formats[0].schema.properties.price.allOf']],
    ['not at the root', { not: { type: 'string' } }, ['formats[0].schema.not']],
    ['patternProperties', { patternProperties: {} }, ['formats[0].schema.patternProperties']],
    ['prefixItems', { properties: { a: { prefixItems: [] } } }, ['formats[0].schema.properties.a.prefixItems']],
    ['tuple items', { properties: { a: { type: 'array', items: [{ type: 'string' }] } } }, ['formats[0].schema.properties.a.items']],
    ['if/then', { if: {}, then: {} }, ['formats[0].schema.if', 'formats[0].schema.then']],
    ['in $defs', { $defs: { m: { minProperties: 1 } } }, ['formats[0].schema.$defs.m.minProperties']],
    ['in items', { properties: { l: { type: 'array', items: { contains: {} } } } }, ['formats[0].schema.properties.l.items.contains']],
    ['in a union member', { properties: { a: { anyOf: [{ type: 'string', dependentRequired: {} }, { type: 'null' }] } } }, ['formats[0].schema.properties.a.anyOf[0].dependentRequired']],
    ['union of objects', { properties: { a: { anyOf: [{ type: 'object' }, { type: 'object' }] } } }, ['formats[0].schema.properties.a.anyOf']],
    ['union of arrays and null', { properties: { a: { oneOf: [{ type: 'array' }, { type: 'array' }, { type: 'null' }] } } }, ['formats[0].schema.properties.a.oneOf']],
    ['union of references', { $defs: { x: { type: 'string' } }, properties: { a: { anyOf: [{ $ref: '#/$defs/x' }, { type: 'string' }] } } }, ['formats[0].schema.properties.a.anyOf']],
    ['type list of object and string', { properties: { a: { type: ['object', 'string'] } } }, ['formats[0].schema.properties.a.type']],
    ['type list of object and array', { properties: { a: { type: ['object', 'array'] } } }, ['formats[0].schema.properties.a.type']],
    ['keyword beside $ref', { $defs: { m: { type: 'number' } }, properties: { price: { $ref: '#/$defs/m', minimum: 0 } } }, ['formats[0].schema.properties.price.minimum']],
    ['type beside $ref', { $defs: { m: { type: 'number' } }, properties: { price: { $ref: '#/$defs/m', type: 'number' } } }, ['formats[0].schema.properties.price.type']],
    ['remote $ref', { properties: { a: { $ref: 'https://example.com/s.json' } } }, ['formats[0].schema.properties.a.$ref']],
    ['$schema below the root', { properties: { a: { $schema: 'https://json-schema.org/draft/2020-12/schema' } } }, ['formats[0].schema.properties.a.$schema']],
    ['$id below the root', { properties: { a: { $id: 'x' } } }, ['formats[0].schema.properties.a.$id']],
    ['draft-04 $schema', { $schema: 'http://json-schema.org/draft-04/schema#' }, ['formats[0].schema.$schema']],
    ['$anchor', { $anchor: 'a' }, ['formats[0].schema.$anchor']],
  ])('%s', (_name, schema, parameters) => {
    const err = refusal(withSchema(schema));
    expect(err.code).toBe('unsupported_parameter');
    expect(err.details).toEqual({ parameters });
  });
  it('uses the format index in the path', () => {
    const err = refusal(withSchema({ properties: { price: { allOf: [] } } }), 2);
    expect(err.details).toEqual({ parameters: ['formats[2].schema.properties.price.allOf'] });
  });
  it('refuses unknown keys of the format object', () => {
    const err = refusal({ type: 'json', schema: {}, mode: 'x', strict: true }, 1);
    expect(err.code).toBe('unsupported_parameter');
    expect(err.details).toEqual({ parameters: ['formats[1].mode', 'formats[1].strict'] });
  });
  it('refuses modelFallback when no model is configured', () => {
    const err = refusal({ type: 'json', schema: {}, modelFallback: true }, 0, { modelConfigured: false });
    expect(err.code).toBe('unsupported_parameter');
    expect(err.details).toEqual({ parameters: ['formats[0].modelFallback'] });
    expect(() => parseJsonFormat({ type: 'json', schema: {}, modelFallback: false }, 0, { modelConfigured: false })).not.toThrow();
  });
});

describe('prompt length', () => {
  it('refuses a prompt over 10,000 characters', () => {
    const fmt = { type: 'json', schema: { type: 'object', properties: { a: { type: 'string' } } }, prompt: 'p'.repeat(10_001) };
    expect(() => parseJsonFormat(fmt, 0, { modelConfigured: true })).toThrow(/at most 10000 characters/);
  });
});
