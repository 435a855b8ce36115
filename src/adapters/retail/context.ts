// The delivery context (region), the seller of the selected offer, and the main product's rating and review count.
import { clean, domEvidence, firstText, textOf } from '../dom.ts';
import { readCount, readRating } from '../price.ts';
import type { AdapterDocument, AdapterIssue, ValueEvidence } from '../types.ts';
import { DELIVER_LABEL, DELIVER_TO, DELIVERING_LINE, NO_LOCATION, RATING, REVIEW_COUNT, SELLER } from './markup.ts';
import { outsideSelection } from './quote.ts';

export interface Observed<T> {
  value: T;
  evidence: ValueEvidence;
}

/** The place an element of the delivery context shows, label stripped; '' when it shows none. */
function placeOf(selector: string, quote: string, spans: string[]): string {
  // The newer header puts the place into its first line ("Delivering to Seattle 98101" over "Update location");
  // otherwise that line is a greeting ("Deliver to Max") and the place is the second line.
  if (selector === '#glow-ingress-line1' && !DELIVERING_LINE.test(quote)) return '';
  // The short delivery line splits label and place into spans; the place is the last one.
  const raw = spans.length > 1 ? spans[spans.length - 1] : quote;
  return clean(raw.replace(DELIVER_LABEL, ''));
}

/**
 * The "Deliver to" location the page shows (header or buy box). Only the page's delivery context counts; a store's
 * country is never read from its domain (D164).
 */
export function readRegion(doc: AdapterDocument): { region: Observed<string> | null; issue: AdapterIssue | null } {
  let prompt: ValueEvidence | null = null;
  for (const selector of DELIVER_TO) {
    const el = doc.querySelector(selector);
    if (el === null) continue;
    const quote = textOf(el);
    const place = placeOf(selector, quote, Array.from(el.querySelectorAll('span')).map(textOf).filter((t) => t !== ''));
    if (place === '') continue;
    if (NO_LOCATION.test(place)) {
      prompt ??= domEvidence(selector, quote);
      continue;
    }
    return { region: { value: place, evidence: domEvidence(selector, quote) }, issue: null };
  }
  if (prompt) return { region: null, issue: regionIssue('The page shows no delivery location (only a prompt to choose one).', 'observed', [prompt]) };
  return { region: null, issue: regionIssue('The page shows no delivery context ("Deliver to …"), so the region of its offer is unknown.', 'unobserved', []) };
}

function regionIssue(message: string, evidence: AdapterIssue['evidence'], quotes: ValueEvidence[]): AdapterIssue {
  return { code: 'region_unverified', field: 'region', message, evidence, quotes };
}

export function readSeller(doc: AdapterDocument): Observed<string> | null {
  for (const selector of SELLER) {
    const el = doc.querySelector(selector);
    if (el === null || outsideSelection(el)) continue;
    const text = textOf(el);
    if (text !== '') return { value: text, evidence: domEvidence(selector, text) };
  }
  return null;
}

export function readRatingValue(doc: AdapterDocument): Observed<number> | null {
  const found = firstText(doc, RATING) ?? ratingFromTitle(doc);
  if (found === null) return null;
  const value = readRating(found.text);
  return value === null ? null : { value, evidence: { source: 'text', locator: found.selector, quote: found.text } };
}

function ratingFromTitle(doc: AdapterDocument): { selector: string; text: string } | null {
  const title = clean(doc.querySelector('#acrPopover')?.getAttribute('title'));
  return title === '' ? null : { selector: '#acrPopover[title]', text: title };
}

export function readReviewCount(doc: AdapterDocument): Observed<number> | null {
  const found = firstText(doc, REVIEW_COUNT);
  if (found === null) return null;
  const value = readCount(found.text);
  return value === null ? null : { value, evidence: { source: 'text', locator: found.selector, quote: found.text } };
}
