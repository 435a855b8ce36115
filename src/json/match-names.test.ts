import { describe, expect, it } from 'vitest';
import { namePhrase, nameSet, normKey } from './match-names.ts';

describe('match-names', () => {
  it.each([
    ['productName', 'productname'],
    ['Product name', 'productname'],
    ['product_name', 'productname'],
    ['PRODUCT-NAME', 'productname'],
    ['Größe', 'größe'],
  ])('normKey(%s)', (s, k) => expect(normKey(s)).toBe(k));
  it('phrases split camelCase and separators', () => {
    expect(namePhrase('reviewCount')).toBe('review count');
    expect(namePhrase('unit_price')).toBe('unit price');
  });
  it('orders the name, its titles, then synonyms', () => {
    const ns = nameSet(['cost', 'Unit price']);
    expect(ns.keys.slice(0, 3)).toEqual(['cost', 'unitprice', 'price']);
    expect(ns.isCount).toBe(false);
    expect(nameSet(['ratings']).isCount).toBe(true);
    expect(nameSet(['headline']).isTitle).toBe(true);
    expect(nameSet(['sku']).keys).toContain('articlenumber');
  });
});
