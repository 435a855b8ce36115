// Values the capture itself knows (spec evidence sources): the URLs requested and reached (source `fetch`, locators
// `finalUrl` / `requestedUrl`) and what the extractor inferred (source `inferred`, locators `document.pageType` and
// `document.product.<name>` for a product list or map it reported empty).
import type { DocumentInfo } from '../../capture/types.ts';
import { normKey } from '../match-names.ts';
import { listProvider, type Candidate, type Provider } from './candidate.ts';

const URL_KEYS = ['url', 'link', 'pageurl'];

export function fetchProvider(finalUrl: string | null, requestedUrl: string): Provider {
  const list: Candidate[] = [];
  if (finalUrl !== null) {
    list.push({ keys: [...URL_KEYS, 'finalurl'], value: finalUrl, source: 'fetch', locator: 'finalUrl', dotDecimal: false });
  }
  list.push({ keys: [...URL_KEYS, 'requestedurl'], value: requestedUrl, source: 'fetch', locator: 'requestedUrl', dotDecimal: false });
  return listProvider('fetch', list);
}

export function inferredProvider(document: DocumentInfo): Provider {
  const list: Candidate[] = [
    { keys: ['pagetype', 'documenttype'], value: document.pageType, source: 'inferred', locator: 'document.pageType', dotDecimal: false },
  ];
  for (const [name, value] of Object.entries(document.product ?? {})) {
    const empty =
      (Array.isArray(value) && value.length === 0) ||
      (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);
    if (!empty) continue;
    list.push({ keys: [normKey(name)], value, source: 'inferred', locator: `document.product.${name}`, dotDecimal: false });
  }
  return listProvider('inferred', list);
}
