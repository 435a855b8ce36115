// `document` of a scrape result: the content's own title and a page type from generic signals (docs/decisions.md).
// Order of evidence: declared schema.org types (JSON-LD, then microdata), then Open Graph `og:type`, then the
// page's generator, then the shape of the extracted content.
import type { DocumentInfo, PageType } from '../capture/types.ts';
import type { PageScan } from './scan.ts';
import { metaByName, metaByProperty } from './metadata.ts';
import { type JsonObject, type StructuredData, microdataTree, productEntities, productValues, typesOf } from './structured.ts';

const TYPE_CLASSES: Array<[PageType, RegExp]> = [
  ['product', /^(?:Product|ProductGroup|IndividualProduct|ProductModel|Car|Vehicle)$/],
  ['forum', /^(?:DiscussionForumPosting|QAPage|Question|SocialMediaPosting)$/],
  ['docs', /^(?:TechArticle|APIReference|SoftwareSourceCode)$/],
  ['article', /^(?:Article|NewsArticle|BlogPosting|Blog|Report|ScholarlyArticle|OpinionNewsArticle|AnalysisNewsArticle|ReportageNewsArticle|ReviewNewsArticle|LiveBlogPosting|Review|Recipe|HowTo)$/],
  ['listing', /^(?:ItemList|CollectionPage|SearchResultsPage|OfferCatalog)$/],
];

const DOC_GENERATORS = /docusaurus|sphinx|mkdocs|vuepress|vitepress|gitbook|docsify|antora|jekyll-theme-docs|nextra|starlight|readthedocs|doxygen|javadoc/i;

/** Shape of the extracted content, measured by the caller on the chosen element. */
export interface ContentShape {
  paragraphs: number;
  chars: number;
  linkChars: number;
  codeBlocks: number;
  /** Count of list items / cards that are mostly a link (teasers of other pages). */
  linkItems: number;
  /** The content is, sits in, or holds exactly one HTML <article> element (WHATWG HTML §4.3.2). */
  articleElement: boolean;
}

function typeFromNames(names: string[]): PageType | null {
  for (const [type, re] of TYPE_CLASSES) {
    if (names.some((n) => re.test(n))) return type;
  }
  return null;
}

/** What the page declares about itself, read before any element is removed. */
export interface Declared {
  schemaType: PageType | null;
  ogType: string;
  docGenerator: boolean;
  productPrice: boolean;
  product: Record<string, unknown> | undefined;
}

export function readDeclared(scan: PageScan, data: StructuredData): Declared {
  const schemaType = typeFromNames(data.jsonLd.flatMap(typesOf)) ?? typeFromNames(microdataTree(data.microdata).flatMap(typesOf));
  const ogType = (metaByProperty(scan, 'og:type') ?? '').toLowerCase();
  const productPrice = metaByProperty(scan, 'product:price:amount') !== null;
  const isProduct = schemaType === 'product' || (schemaType === null && (ogType.startsWith('product') || productPrice));
  return {
    schemaType,
    ogType,
    docGenerator: DOC_GENERATORS.test(metaByName(scan, 'generator') ?? ''),
    productPrice,
    product: isProduct ? readProduct(scan, data) : undefined,
  };
}

export function decidePageType(d: Declared, shape: ContentShape): PageType {
  if (d.schemaType !== null) return d.schemaType;
  if (d.ogType.startsWith('article')) return 'article';
  if (d.ogType.startsWith('product') || d.productPrice) return 'product';
  if (d.docGenerator) return 'docs';
  if (shape.codeBlocks >= 2 && shape.paragraphs >= 2) return 'docs';
  if (shape.linkItems >= 8 && shape.linkChars > 0.4 * shape.chars) return 'listing';
  if (shape.paragraphs >= 4 && shape.chars >= 1200) return 'article';
  if (shape.articleElement && shape.paragraphs >= 2) return 'article';
  return 'other';
}

/** Product values as declared: JSON-LD Product first, then microdata, then Open Graph product meta. */
export function readProduct(scan: PageScan, data: StructuredData): Record<string, unknown> | undefined {
  const { jsonLd, microdata } = productEntities(data);
  const out: JsonObject = jsonLd === undefined ? {} : productValues(jsonLd);
  if (microdata !== undefined) for (const [k, v] of Object.entries(productValues(microdata))) if (out[k] === undefined) out[k] = v;
  const metaPairs: Array<[string, string]> = [
    ['price', 'product:price:amount'], ['currency', 'product:price:currency'],
    ['price', 'og:price:amount'], ['currency', 'og:price:currency'],
    ['availability', 'product:availability'], ['brand', 'product:brand'],
  ];
  for (const [key, prop] of metaPairs) {
    if (out[key] !== undefined) continue;
    const v = metaByProperty(scan, prop);
    if (v !== null) out[key] = v;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export function buildDocumentInfo(declared: Declared, title: string | null, shape: ContentShape): DocumentInfo {
  const pageType = decidePageType(declared, shape);
  const info: DocumentInfo = { title, pageType };
  if (pageType === 'product' && declared.product !== undefined) info.product = declared.product;
  return info;
}
