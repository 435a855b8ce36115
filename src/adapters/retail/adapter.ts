// Retail product adapter (issue 18 part 1): `/dp/{ASIN}` pages of a regional online store. Chosen by the path shape
// plus product-page markup, never by host, so every regional store (and fixtures on 127.0.0.1) go through it.
import { jsonLdBlocks } from '../dom.ts';
import { ISSUE_ORDER, type Adapter, type AdapterInput, type AdapterResult, type ProductValues } from '../types.ts';
import { readRatingValue, readRegion, readReviewCount, readSeller } from './context.ts';
import { PRODUCT_PAGE_SIGNALS, asinFromUrl } from './markup.ts';
import { checkQuote } from './quote.ts';
import { checkSubject } from './subject.ts';

const EMPTY: ProductValues = {
  title: null, asin: null, price: null, currency: null, availability: null, region: null, seller: null, rating: null, reviewCount: null,
};

const pathMatches = (url: URL): boolean => asinFromUrl(url) !== null;

function read(input: AdapterInput): AdapterResult | null {
  const { document } = input;
  // One query for all signals: a walk of the tree is the cost on a large page.
  if (document.querySelector(PRODUCT_PAGE_SIGNALS.join(', ')) === null) return null;
  const result = run(input);
  result.issues.sort((a, b) => ISSUE_ORDER.indexOf(a.code) - ISSUE_ORDER.indexOf(b.code));
  return result;
}

function run({ url, finalUrl, document, scripts }: AdapterInput): AdapterResult {
  const result: AdapterResult = { adapter: 'retail_product', product: { ...EMPTY }, issues: [], evidence: {} };
  const product = result.product as ProductValues;
  const region = readRegion(document);
  if (region.region) {
    product.region = region.region.value;
    result.evidence.region = region.region.evidence;
  }
  const ld = jsonLdBlocks(document, scripts);
  const subject = checkSubject(document, ld, url, finalUrl);
  if (subject.issue) {
    // No value can be attributed to a main product that is not identified (D161); the region describes the capture.
    result.issues.push(subject.issue);
    if (region.issue) result.issues.push(region.issue);
    return result;
  }
  product.asin = subject.asin;
  product.title = subject.title;
  Object.assign(result.evidence, subject.evidence);

  const quote = checkQuote(document, ld, subject.asin);
  product.availability = quote.availability;
  product.price = quote.price;
  product.currency = quote.currency;
  Object.assign(result.evidence, quote.evidence);
  result.issues.push(...quote.issues);
  if (quote.price !== null) {
    // The seller belongs to the selected offer: without one it would name nobody's offer.
    const seller = readSeller(document);
    if (seller) {
      product.seller = seller.value;
      result.evidence.seller = seller.evidence;
    }
  }
  const rating = readRatingValue(document);
  if (rating) {
    product.rating = rating.value;
    result.evidence.rating = rating.evidence;
  }
  const reviews = readReviewCount(document);
  if (reviews) {
    product.reviewCount = reviews.value;
    result.evidence.reviewCount = reviews.evidence;
  }
  if (region.issue) result.issues.push(region.issue);
  return result;
}

export const retailProductAdapter: Adapter = { name: 'retail_product', pathMatches, read };
