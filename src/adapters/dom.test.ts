import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseLight } from '../extract/light/build.ts';
import { describe, expect, it } from 'vitest';
import { all, blockText, indexedDocument } from './dom.ts';
import { PRODUCT_PAGE_SIGNALS, SELECTED_PRICES, SEE_ALL_BUYING_OPTIONS, SELLER } from './retail/markup.ts';
import { parseFixture } from './test-helpers.ts';
import type { AdapterDocument } from './types.ts';

const RETAIL = readdirSync(join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'adapters', 'retail'));
const SELECTORS = [...SELECTED_PRICES, ...SEE_ALL_BUYING_OPTIONS, ...SELLER, PRODUCT_PAGE_SIGNALS.join(', '), 'input#ASIN', '#productTitle', 'span#productTitle', 'div#productTitle', '.a-offscreen'];

describe('indexedDocument', () => {
  it.each(RETAIL)('answers like the document itself on %s', (file) => {
    const doc = parseFixture(`retail/${file}`);
    const indexed = indexedDocument(doc);
    for (const s of SELECTORS) {
      expect(all(indexed, s), s).toEqual(all(doc, s));
      expect(indexed.querySelector(s), s).toBe(doc.querySelector(s));
    }
  });

  it('keeps every element of a duplicated id, in document order', () => {
    const doc = parseLight('<html><body><h1 id="t">a</h1><div><h1 id="t">b</h1></div><p id="x">c</p></body></html>') as unknown as AdapterDocument;
    expect(all(indexedDocument(doc), '#t').map((e) => e.textContent)).toEqual(['a', 'b']);
    expect(all(indexedDocument(doc), 'p#t')).toEqual([]);
  });
});

describe('blockText', () => {
  it('keeps blocks and line breaks of minified markup apart, skips scripts, collapses spaces', () => {
    const doc = parseLight('<html><body><div id="b"><p>One  <b>bold</b>\u200b word.</p><p>Two<br>lines</p><blockquote>Quoted</blockquote>Tail<script>x()</script><ul><li>a</li><li>b</li></ul></div></body></html>') as unknown as AdapterDocument;
    expect(blockText(doc.querySelector('#b')!)).toBe('One bold word.\nTwo\nlines\nQuoted\nTail\na\nb');
  });
});
