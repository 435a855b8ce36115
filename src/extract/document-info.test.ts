import { describe, expect, it } from 'vitest';
import { type ContentShape, buildDocumentInfo, readDeclared } from './document-info.ts';
import { parsePage } from './page.ts';
import { typesOf } from './structured.ts';

const FLAT: ContentShape = { paragraphs: 1, chars: 300, linkChars: 0, codeBlocks: 0, linkItems: 0, articleElement: false };

function info(html: string, shape: ContentShape = FLAT) {
  const page = parsePage(html, { url: 'https://x.example/' });
  return buildDocumentInfo(readDeclared(page.scan, page.structured), 'T', shape);
}

const ld = (obj: unknown) => `<script type="application/ld+json">${JSON.stringify(obj)}</script>`;

describe('page type', () => {
  it.each([
    ['JSON-LD NewsArticle', ld({ '@type': 'NewsArticle' }), 'article'],
    ['JSON-LD type as IRI in an array', ld({ '@type': ['https://schema.org/BlogPosting'] }), 'article'],
    ['JSON-LD @graph', ld({ '@graph': [{ '@type': 'WebSite' }, { '@type': 'Product', name: 'P' }] }), 'product'],
    ['product wins over breadcrumbs and lists', ld([{ '@type': 'BreadcrumbList' }, { '@type': 'Product' }]), 'product'],
    ['QAPage is a forum', ld({ '@type': 'QAPage' }), 'forum'],
    ['TechArticle is docs', ld({ '@type': 'TechArticle' }), 'docs'],
    ['CollectionPage is a listing', ld({ '@type': 'CollectionPage' }), 'listing'],
    ['microdata', '<div itemscope itemtype="http://schema.org/Article"><p>x</p></div>', 'article'],
    ['og:type article', '<meta property="og:type" content="article">', 'article'],
    ['og:type product', '<meta property="og:type" content="product.item">', 'product'],
    ['docs generator', '<meta name="generator" content="Docusaurus v3">', 'docs'],
    ['malformed JSON-LD is ignored', '<script type="application/ld+json">{oops</script>', 'other'],
    ['nothing declared', '<p>x</p>', 'other'],
  ])('%s', (_n, html, want) => {
    expect(info(html).pageType).toBe(want);
  });

  it.each([
    ['code-heavy content is docs', { ...FLAT, paragraphs: 3, codeBlocks: 2 }, 'docs'],
    ['a page of link items is a listing', { ...FLAT, paragraphs: 0, chars: 900, linkChars: 700, linkItems: 20 }, 'listing'],
    ['short prose in an <article> element', { ...FLAT, paragraphs: 2, articleElement: true }, 'article'],
    ['short prose elsewhere', { ...FLAT, paragraphs: 2 }, 'other'],
    ['long prose is an article', { ...FLAT, paragraphs: 6, chars: 3000 }, 'article'],
  ])('from structure: %s', (_n, shape, want) => {
    expect(info('<p>x</p>', shape).pageType).toBe(want);
  });
});

describe('product values', () => {
  it('reads JSON-LD Product values as declared', () => {
    const d = info(ld({
      '@type': 'Product', name: 'Lamp', sku: 'L-1', brand: { '@type': 'Brand', name: 'Lux' }, gtin13: '4006381333931',
      offers: [{ '@type': 'Offer', price: 19.5, priceCurrency: 'EUR', availability: 'http://schema.org/OutOfStock' }],
    }));
    expect(d.product).toEqual({
      name: 'Lamp', sku: 'L-1', brand: 'Lux', gtin: '4006381333931', price: 19.5, currency: 'EUR', availability: 'OutOfStock',
    });
  });

  it('reads microdata and Open Graph product meta, without guessing missing values', () => {
    const d = info(`<head><meta property="product:price:currency" content="USD"></head><body>
      <div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Kettle</h1>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price" content="35.00">$35</span></div></div></body>`);
    expect(d.pageType).toBe('product');
    expect(d.product).toEqual({ name: 'Kettle', price: '35.00', currency: 'USD' });
  });

  it('has no product block on other page types', () => {
    expect(info(ld({ '@type': 'Article', name: 'A' })).product).toBeUndefined();
  });

  it('typesOf strips IRIs and ignores non-strings', () => {
    expect(typesOf({ '@type': ['http://schema.org/Recipe', 3, 'HowTo'] })).toEqual(['Recipe', 'HowTo']);
  });
});
