// The main product (subject) check: the ASIN the caller asked for (the URL's /dp/ path) against the ASINs the page
// states for its own main product, and the page's product title(s).
import { type JsonLdBlock, all, clean, domEvidence, jsonLdNodesOfType, scalarText, textOf } from '../dom.ts';
import type { AdapterDocument, AdapterElement, AdapterIssue, ValueEvidence } from '../types.ts';
import { ASIN_IN_ROW, ASIN_INPUTS, DETAIL_ROWS, DP_PATH, TITLE_SELECTORS, asinFromUrl } from './markup.ts';

export interface SubjectCheck {
  /** The verified ASIN; null when the check failed. */
  asin: string | null;
  title: string | null;
  evidence: { asin?: ValueEvidence; title?: ValueEvidence };
  /** At most one subject issue. */
  issue: AdapterIssue | null;
}

interface Reading {
  value: string;
  evidence: ValueEvidence;
}

/** Every statement of the main product's ASIN on the page (hidden form input, canonical link, detail rows, JSON-LD). */
function pageAsins(doc: AdapterDocument, ld: JsonLdBlock[]): Reading[] {
  const out: Reading[] = [];
  const seen = new Set<AdapterElement>();
  for (const selector of ASIN_INPUTS) {
    for (const el of all(doc, selector)) {
      if (seen.has(el)) continue;
      seen.add(el);
      const v = clean(el.getAttribute('value')).toUpperCase();
      if (/^[A-Z0-9]{10}$/.test(v)) out.push({ value: v, evidence: domEvidence(`${selector}[value]`, v) });
    }
  }
  const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;
  const m = canonical === null ? null : DP_PATH.exec(canonical.replace(/^[a-z]+:\/\/[^/]+/i, ''));
  if (m && canonical !== null) out.push({ value: m[1].toUpperCase(), evidence: domEvidence('link[rel="canonical"]', canonical) });
  for (const selector of DETAIL_ROWS) {
    for (const row of all(doc, selector)) {
      const text = textOf(row);
      const r = ASIN_IN_ROW.exec(text);
      if (r) out.push({ value: r[1], evidence: domEvidence(selector, text) });
    }
  }
  for (const block of ld) {
    for (const { node, path } of jsonLdNodesOfType(block.data, 'Product')) {
      for (const key of ['productID', 'sku']) {
        const v = scalarText(node[key])?.toUpperCase() ?? null;
        const locator = `jsonld[${block.index}] ${path ? `${path}.` : ''}${key}`;
        // Only ASIN-shaped ids (B0…, or an ISBN-10 for books): a store's own 10-character SKU is no ASIN.
        if (v !== null && /^(?:B[0-9A-Z]{9}|\d{9}[\dX])$/.test(v)) out.push({ value: v, evidence: { source: 'jsonld', locator, quote: v } });
      }
    }
  }
  return out;
}

/** Distinct product titles: two different ones mean the page shows two candidate main products. */
function pageTitles(doc: AdapterDocument, ld: JsonLdBlock[]): Reading[] {
  for (const selector of TITLE_SELECTORS) {
    const found = all(doc, selector)
      .map((el) => ({ value: textOf(el), evidence: domEvidence(selector, textOf(el)) }))
      .filter((r) => r.value !== '');
    if (found.length > 0) return found;
  }
  for (const block of ld) {
    for (const { node, path } of jsonLdNodesOfType(block.data, 'Product')) {
      const v = scalarText(node.name);
      if (v !== null) return [{ value: v, evidence: { source: 'jsonld', locator: `jsonld[${block.index}] ${path ? `${path}.` : ''}name`, quote: v } }];
    }
  }
  return [];
}

const distinct = (rs: Reading[]): string[] => [...new Set(rs.map((r) => r.value))];

export function checkSubject(doc: AdapterDocument, ld: JsonLdBlock[], url: URL, finalUrl: URL | null): SubjectCheck {
  const wanted = asinFromUrl(url);
  const asins = pageAsins(doc, ld);
  const titles = pageTitles(doc, ld);
  const fail = (code: AdapterIssue['code'], message: string, quotes: ValueEvidence[], evidence: AdapterIssue['evidence']): SubjectCheck => ({
    asin: null,
    title: null,
    evidence: {},
    issue: { code, field: 'asin', message, evidence, quotes },
  });
  const landed = asinFromUrl(finalUrl);
  if (wanted !== null && landed !== null && landed !== wanted && finalUrl !== null) {
    return fail('subject_mismatch', `The request for ASIN ${wanted} ended at the page of ASIN ${landed}.`, [
      { source: 'fetch', locator: 'finalUrl', quote: finalUrl.href },
    ], 'observed');
  }
  const values = distinct(asins);
  if (values.length > 1) {
    return fail('subject_conflicting', `The page states ${values.length} different ASINs for its main product: ${values.join(', ')}.`, asins.map((r) => r.evidence), 'observed');
  }
  const titleValues = distinct(titles);
  if (titleValues.length > 1) {
    return fail('subject_conflicting', `The page shows ${titleValues.length} different main product titles.`, titles.map((r) => r.evidence), 'observed');
  }
  if (values.length === 0) {
    return fail('subject_unverified', 'The page does not state the ASIN of its main product, so the product shown cannot be tied to the requested one.', titles.map((r) => r.evidence), 'unobserved');
  }
  if (values[0] !== wanted) {
    return fail('subject_mismatch', `The URL asks for ASIN ${wanted ?? '(none)'} but the page's main product is ${values[0]}.`, asins.map((r) => r.evidence), 'observed');
  }
  const title = titles[0] ?? null;
  return {
    asin: values[0],
    title: title?.value ?? null,
    evidence: { asin: asins[0].evidence, ...(title ? { title: title.evidence } : {}) },
    issue: null,
  };
}
