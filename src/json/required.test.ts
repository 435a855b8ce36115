// Issue 11 point 4: a `required` name that `properties` does not declare (also names of Object.prototype members)
// never has a source, so the record is `incomplete` with a `missing_required` issue (decision D180). Such names are
// plain keys everywhere: never an inherited value, never a prototype change.
import { describe, expect, it } from 'vitest';
import { fillJson } from './index.ts';
import { fixture, input } from '../../test/fixtures/json/helpers.ts';

const TRICKY = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];

describe('required names outside properties', () => {
  it.each([['sku_undeclared'], ...TRICKY.map((n) => [n])])('required %s without a property is missing_required', async (name) => {
    const schema = { type: 'object', required: ['name', name], properties: { name: { type: 'string' } } };
    const r = await fillJson(input({ html: fixture('product-jsonld.html'), schema }));
    expect(r.json.status).toBe('incomplete');
    expect(r.json.issues).toContainEqual(expect.objectContaining({ code: 'missing_required', path: `/${name}` }));
    expect(r.json.data).toEqual({ name: expect.any(String) });
    expect(Object.getPrototypeOf(r.json.data)).toBe(Object.prototype);
  });

  it('an object schema without properties and a required name is incomplete too', async () => {
    const r = await fillJson(input({ html: fixture('product-jsonld.html'), schema: { type: 'object', required: ['toString'] } }));
    expect(r.json.status).toBe('incomplete');
    expect(r.json.issues.map((i) => i.code)).toContain('missing_required');
  });

  it.each(TRICKY)('a declared property named %s is an ordinary field', async (name) => {
    const schema = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, [name]: { type: 'string' } } };
    const r = await fillJson(input({ html: `<h1>Kettle K1</h1><p>${name}: plain value</p>`, schema }));
    const data = r.json.data as Record<string, unknown>;
    expect(Object.hasOwn(data, name)).toBe(true);
    expect(data[name]).toBe('plain value');
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(r.json.status).toBe('complete');
  });

  it('a declared but unfound property named like a prototype member is left out, not inherited', async () => {
    const schema = { type: 'object', required: ['name', 'constructor'], properties: { name: { type: 'string' }, constructor: { type: 'string' } } };
    const r = await fillJson(input({ html: '<h1>Kettle K1</h1>', schema }));
    expect(r.json.status).toBe('incomplete');
    expect(Object.hasOwn(r.json.data as object, 'constructor')).toBe(false);
    expect(r.json.issues).toContainEqual(expect.objectContaining({ code: 'missing_required', path: '/constructor' }));
  });

  it('checks apply to a property named __proto__ (the checked schema keeps it)', async () => {
    // As a request body arrives: JSON.parse makes `__proto__` an own key.
    const schema = JSON.parse('{"type":"object","properties":{"name":{"type":"string"},"__proto__":{"type":"string","maxLength":3}}}') as Record<string, unknown>;
    const r = await fillJson(input({ html: '<h1>Kettle K1</h1><p>__proto__: plain value</p>', schema }));
    expect(r.json.issues).toContainEqual(expect.objectContaining({ code: 'field_unavailable', path: '/__proto__' }));
    expect(Object.hasOwn(r.json.data as object, '__proto__')).toBe(false);
    expect(r.json.status).toBe('incomplete');
  });
});
