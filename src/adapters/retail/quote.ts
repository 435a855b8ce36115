// The selected quote: the price the page offers for its main product (centre column and buy box), read only from
// the places that show it, never from carousels, sponsored tiles or other sellers' lists, and its currency, read
// from the price text or the page's structured data (never from the domain).
import { type JsonLdBlock, all, clean, domEvidence, firstText, jsonLdNodesOfType, scalarText, textOf } from '../dom.ts';
import { currencyCode, readPriceText, readStructuredPrice } from '../price.ts';
import type { AdapterDocument, AdapterElement, AdapterIssue, ValueEvidence } from '../types.ts';
import {
  AVAILABILITY, NOT_SELECTED, SEE_ALL_BUYING_OPTIONS, SEE_ALL_TEXT, SELECTED_PRICES, SPONSORED_LABEL,
  UNAVAILABLE_TEXT, UNDELIVERABLE_BLOCKS,
} from './markup.ts';

export interface QuoteCheck {
  price: number | null;
  currency: string | null;
  availability: string | null;
  evidence: { price?: ValueEvidence; currency?: ValueEvidence; availability?: ValueEvidence };
  issues: AdapterIssue[];
}

interface PriceRead {
  value: number;
  code: string | null;
  spelling: string | null;
  evidence: ValueEvidence;
  /** Where the currency of this reading is written (the price text itself, or a structured `priceCurrency`). */
  currencyEvidence: ValueEvidence;
}

/** Links and buttons of the offer area, where a "see all buying options" of the main product sits. */
const OFFER_AREA_LINKS = ['#buybox', '#desktop_buybox', '#mobile_buybox', '#rightCol'].flatMap((id) => [`${id} a`, `${id} input`, `${id} span`]);

/** Containers that hold the main product's offer: walking up stops there (a label beyond belongs to others). */
const OFFER_ROOTS = /^(?:corePrice|apex_|buybox$|desktop_buybox$|mobile_buybox$|rightCol$|centerCol$|ppd$|dp-container$)/;

/** True when `el` sits in a carousel, an ad slot, another seller's list, or a tile labelled "Sponsored". */
export function outsideSelection(el: AdapterElement): boolean {
  if (el.closest(NOT_SELECTED) !== null) return true;
  for (let a = el.parentElement; a !== null && a.localName !== 'body'; a = a.parentElement) {
    if (SPONSORED_LABEL.test(clean(a.getAttribute('aria-label')))) return true;
    // A tile's label is its own child (`<span>Sponsored</span>` beside the product link), not a deeper text.
    for (const child of Array.from(a.children)) {
      if (child.children.length === 0 && SPONSORED_LABEL.test(textOf(child))) return true;
    }
    if (OFFER_ROOTS.test(a.id)) return false;
  }
  return false;
}

/** The currency the page's structured data names for its offer (JSON-LD `priceCurrency`, product meta). */
function structuredCurrency(doc: AdapterDocument, offers: StructuredOffer[]): { code: string; evidence: ValueEvidence } | null {
  for (const o of offers) if (o.code !== null) return { code: o.code, evidence: o.currencyEvidence };
  for (const selector of ['meta[property="product:price:currency"]', 'meta[property="og:price:currency"]', 'meta[itemprop="priceCurrency"]']) {
    const v = clean(doc.querySelector(selector)?.getAttribute('content'));
    if (/^[A-Z]{3}$/.test(v)) return { code: v, evidence: { source: 'meta', locator: selector, quote: v } };
  }
  return null;
}

interface StructuredOffer {
  value: number | null;
  code: string | null;
  priceEvidence: ValueEvidence;
  currencyEvidence: ValueEvidence;
}

/** The main product's single JSON-LD offer (a list of several offers is other sellers' and gives no selected price). */
function structuredOffers(ld: JsonLdBlock[], asin: string | null): StructuredOffer[] {
  const out: StructuredOffer[] = [];
  for (const block of ld) {
    for (const { node, path } of jsonLdNodesOfType(block.data, 'Product')) {
      const id = scalarText(node.productID) ?? scalarText(node.sku);
      if (id !== null && asin !== null && id.toUpperCase() !== asin && /^[A-Z0-9]{10}$/i.test(id)) continue;
      const offers = Array.isArray(node.offers) ? (node.offers.length === 1 ? node.offers[0] : null) : node.offers;
      if (offers === null || typeof offers !== 'object') continue;
      const offer = offers as Record<string, unknown>;
      const base = `jsonld[${block.index}] ${path ? `${path}.` : ''}offers${Array.isArray(node.offers) ? '[0]' : ''}`;
      const priceText = scalarText(offer.price);
      const code = currencyCode(scalarText(offer.priceCurrency));
      out.push({
        value: priceText === null ? null : readStructuredPrice(priceText),
        code,
        priceEvidence: { source: 'jsonld', locator: `${base}.price`, quote: priceText ?? '' },
        currencyEvidence: { source: 'jsonld', locator: `${base}.priceCurrency`, quote: code ?? '' },
      });
    }
  }
  return out;
}

function availabilityOf(doc: AdapterDocument): { text: string; evidence: ValueEvidence } | null {
  const found = firstText(doc, AVAILABILITY);
  return found ? { text: found.text, evidence: domEvidence(found.selector, found.text) } : null;
}

/** An unavailability notice for this capture's delivery context. */
function unavailableNotice(doc: AdapterDocument, availability: { text: string; evidence: ValueEvidence } | null): ValueEvidence | null {
  if (availability && UNAVAILABLE_TEXT.test(availability.text)) return availability.evidence;
  const block = firstText(doc, UNDELIVERABLE_BLOCKS);
  return block ? domEvidence(block.selector, block.text) : null;
}

const issue = (code: AdapterIssue['code'], field: string, message: string, evidence: AdapterIssue['evidence'], quotes: ValueEvidence[]): AdapterIssue => ({
  code, field, message, evidence, quotes,
});

export function checkQuote(doc: AdapterDocument, ld: JsonLdBlock[], asin: string | null): QuoteCheck {
  const availability = availabilityOf(doc);
  const out: QuoteCheck = { price: null, currency: null, availability: availability?.text ?? null, evidence: {}, issues: [] };
  if (availability) out.evidence.availability = availability.evidence;
  const unavailable = unavailableNotice(doc, availability);
  if (unavailable) {
    out.issues.push(issue('quote_absent_observed', 'price', 'The page says the item is unavailable in its delivery context; this does not prove no seller offers it elsewhere.', 'observed', [unavailable]));
    return out;
  }
  const offers = structuredOffers(ld, asin);
  const settled = structuredCurrency(doc, offers);
  const { reads, unreadable } = selectedPrices(doc, settled?.code ?? null);
  for (const o of offers) if (o.value !== null) reads.push({ value: o.value, code: o.code, spelling: o.code, evidence: o.priceEvidence, currencyEvidence: o.currencyEvidence });
  if (reads.length === 0) {
    out.issues.push(noQuote(doc, unreadable));
    return out;
  }
  const values = [...new Set(reads.map((r) => r.value))];
  if (values.length > 1) {
    out.issues.push(issue('quote_conflicting', 'price', `The selected price was read as ${values.join(' and ')} in different places of the page.`, 'observed', reads.map((r) => r.evidence)));
    return out;
  }
  out.price = values[0];
  out.evidence.price = reads[0].evidence;
  settleCurrency(out, reads, settled);
  return out;
}

/** Readings of the selected-price places, skipping anything outside the selection. */
function selectedPrices(doc: AdapterDocument, settledCode: string | null): { reads: PriceRead[]; unreadable: ValueEvidence[] } {
  const reads: PriceRead[] = [];
  const unreadable: ValueEvidence[] = [];
  const seen = new Set<AdapterElement>();
  for (const selector of SELECTED_PRICES) {
    const el = all(doc, selector).find((e) => textOf(e) !== '' && !outsideSelection(e));
    if (el === undefined || seen.has(el)) continue;
    seen.add(el);
    const text = textOf(el);
    const r = readPriceText(text, settledCode);
    const evidence: ValueEvidence = { source: 'text', locator: selector, quote: text };
    if (r.kind === 'price') reads.push({ value: r.value, code: r.code, spelling: r.spelling, evidence, currencyEvidence: evidence });
    else if (r.kind === 'ambiguous') unreadable.push({ source: 'text', locator: selector, quote: text });
  }
  return { reads, unreadable };
}

function noQuote(doc: AdapterDocument, unreadable: ValueEvidence[]): AdapterIssue {
  if (unreadable.length > 0) {
    return issue('quote_unverified', 'price', `The selected price "${unreadable[0].quote}" cannot be read: nothing on the page settles its separator (number rule 6).`, 'observed', unreadable);
  }
  const seeAll = firstText(doc, SEE_ALL_BUYING_OPTIONS) ?? seeAllLink(doc);
  if (seeAll) {
    return issue('quote_unverified', 'price', 'The page shows only "see all buying options" and no selected offer.', 'observed', [domEvidence(seeAll.selector, seeAll.text)]);
  }
  return issue('quote_unverified', 'price', 'No selected price was found for the main product.', 'unobserved', []);
}

/** A "see all buying options" link or button of the offer area that has no dedicated id. */
function seeAllLink(doc: AdapterDocument): { selector: string; text: string } | null {
  for (const selector of OFFER_AREA_LINKS) {
    for (const el of all(doc, selector)) {
      const text = textOf(el) || clean(el.getAttribute('value'));
      if (SEE_ALL_TEXT.test(text) && !outsideSelection(el)) return { selector, text };
    }
  }
  return null;
}

/** The currency: every reading that names one must agree, and at least one must name it (D163). */
function settleCurrency(out: QuoteCheck, reads: PriceRead[], settled: { code: string; evidence: ValueEvidence } | null): void {
  const named = reads.filter((r) => r.code !== null);
  const codes = new Set(named.map((r) => r.code));
  if (settled) codes.add(settled.code);
  if (codes.size === 1) {
    out.currency = [...codes][0];
    out.evidence.currency = named[0]?.currencyEvidence ?? settled?.evidence;
    return;
  }
  if (codes.size > 1) {
    const quotes = named.map((r) => r.currencyEvidence).concat(settled ? [settled.evidence] : []);
    out.issues.push(issue('currency_unverified', 'currency', `The page names different currencies for the selected price: ${[...codes].join(', ')}.`, 'observed', quotes));
    return;
  }
  const shared = reads.find((r) => r.spelling !== null);
  const message = shared
    ? `The price is written with "${shared.spelling}", which several currencies use, and the page's structured data names none.`
    : 'Neither the price text nor the page\'s structured data names a currency; the site\'s domain is not evidence of one.';
  out.issues.push(issue('currency_unverified', 'currency', message, shared ? 'observed' : 'unobserved', reads.map((r) => r.evidence)));
}
