// DOM label rows and the content title (spec evidence sources; source `dom`). The rows are read from the page as
// parsed, before extraction (src/extract/label-rows.ts, which documents the locators `table[i] tr[j] <label>`,
// `dl[i] dt[j] <label>`, `<tag>[k] <label>`); the title candidates are the page's first `<h1>` (`h1[0]`) and its
// `<title>` (`title`), from the parse-time scan.
import type { LabelRow } from '../../extract/label-rows.ts';
import { TITLE_KEYS } from '../match-names.ts';
import { cleanText, labelKeys, listProvider, type Candidate, type Provider } from './candidate.ts';

const dom = (keys: string[], value: string, locator: string): Candidate => ({
  keys,
  value,
  source: 'dom',
  locator,
  dotDecimal: false,
});

export function labelRowCandidates(rows: readonly LabelRow[]): Candidate[] {
  return rows.map((r) => dom(labelKeys(r.label), r.value, r.locator));
}

export function titleCandidates(firstH1: string | null, title: string | null): Candidate[] {
  const out: Candidate[] = [];
  const h1Text = cleanText(firstH1);
  if (h1Text !== '') out.push(dom([...TITLE_KEYS], h1Text, 'h1[0]'));
  const titleText = cleanText(title);
  if (titleText !== '') out.push(dom([...TITLE_KEYS], titleText, 'title'));
  return out;
}

/** Label rows first (they name the field), then the content title. */
export function domProvider(rows: readonly LabelRow[], firstH1: string | null, title: string | null): Provider {
  return listProvider('dom', [...labelRowCandidates(rows), ...titleCandidates(firstH1, title)]);
}
