import { describe, expect, it } from 'vitest';
import { strictPlan } from './strict.ts';

describe('strictPlan', () => {
  it('makes every property required, optional ones nullable, and closes objects', () => {
    const plan = strictPlan({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      required: ['name'],
      $defs: { money: { type: 'number', minimum: 0, description: 'amount' } },
      properties: {
        name: { type: 'string', minLength: 1, pattern: '^x', format: 'uri', title: 'Name' },
        price: { $ref: '#/$defs/money' },
        status: { enum: ['a', 'b'] },
        kind: { const: 'k' },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 3, uniqueItems: true },
        offer: { type: 'object', properties: { currency: { type: 'string' } } },
        rating: { oneOf: [{ type: 'number' }, { type: 'null' }] },
        code: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      },
    });
    expect(plan).toEqual({
      strict: true,
      reason: null,
      schema: {
        type: 'object',
        $defs: { money: { type: 'number', description: 'amount' } },
        properties: {
          name: { type: 'string', title: 'Name' },
          price: { anyOf: [{ $ref: '#/$defs/money' }, { type: 'null' }] },
          status: { enum: ['a', 'b', null] },
          kind: { anyOf: [{ const: 'k' }, { type: 'null' }] },
          tags: { type: ['array', 'null'], items: { type: 'string' } },
          offer: {
            type: ['object', 'null'],
            properties: { currency: { type: ['string', 'null'] } },
            required: ['currency'],
            additionalProperties: false,
          },
          rating: { anyOf: [{ type: 'number' }, { type: 'null' }] },
          code: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
        },
        required: ['name', 'price', 'status', 'kind', 'tags', 'offer', 'rating', 'code'],
        additionalProperties: false,
      },
    });
  });

  it.each([
    [{ type: 'array', items: { type: 'string' } }, 'strict structured outputs need an object at the root'],
    [{ type: 'object', properties: { m: { type: 'object', additionalProperties: true } } }, '#/properties/m is an object without fixed properties, which strict mode cannot express'],
    [{ type: 'object', properties: { a: true } }, '#/properties/a is a boolean schema, which strict mode cannot express'],
    [{ type: 'object', required: ['a'], properties: { a: {} } }, '#/properties/a has no type, which strict mode cannot express'],
  ])('falls back to the schema as given: %j', (schema, reason) => {
    expect(strictPlan(schema)).toEqual({ strict: false, schema, reason });
  });
});
