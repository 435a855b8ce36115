// `Label: value` lines of a PDF's text (source `pdf`, locator `page <N> <label>`, N from the `<!-- page N -->`
// marker before each page). Two-column Markdown table rows count as label lines too; the first heading of the
// document answers to the content title with locator `page <N> title`.
import { TITLE_KEYS } from '../match-names.ts';
import { cleanText, labelKeys, listProvider, type Candidate, type Provider } from './candidate.ts';

const PAGE_MARKER = /^\s*<!--\s*page\s+(\d+)\s*-->\s*$/i;
const LABEL_LINE = /^([^:|]{1,60}?)\s*:(?!\/\/)\s*(\S.{0,499})$/;
const TABLE_ROW = /^\|([^|]+)\|([^|]+)\|/;

/** Strips Markdown emphasis and list markers a PDF-to-Markdown step adds (`- **Price:** 12 €`). */
function plain(line: string): string {
  return line.replace(/^\s*(?:[-*+]\s+|\d+[.)]\s+|>\s*)/, '').replace(/\*\*|__/g, '').trim();
}

export function pdfCandidates(markdown: string): Candidate[] {
  const rows: Candidate[] = [];
  const titles: Candidate[] = [];
  let page = 1;
  for (const raw of markdown.split(/\r?\n/)) {
    const marker = PAGE_MARKER.exec(raw);
    if (marker) {
      page = Number(marker[1]);
      continue;
    }
    const heading = /^\s{0,3}#{1,3}\s+(.+?)\s*#*\s*$/.exec(raw);
    if (heading) {
      if (titles.length === 0) titles.push(pdf([...TITLE_KEYS], cleanText(heading[1]), `page ${page} title`));
      continue;
    }
    const table = TABLE_ROW.exec(raw.trim());
    if (table) {
      const label = cleanText(table[1].replace(/\*\*|__/g, '')).replace(/\s*:$/, '');
      const value = cleanText(table[2].replace(/\*\*|__/g, ''));
      if (label !== '' && value !== '' && !/^:?-{3,}:?$/.test(label) && label.length <= 60) {
        rows.push(pdf(labelKeys(label), value, `page ${page} ${label}`));
      }
      continue;
    }
    const m = LABEL_LINE.exec(plain(raw));
    if (!m) continue;
    const label = cleanText(m[1]);
    // Times (`10:30`) are not labels.
    if (/\d$/.test(label) && /^\d/.test(m[2])) continue;
    rows.push(pdf(labelKeys(label), m[2].trim(), `page ${page} ${label}`));
  }
  return [...rows, ...titles];
}

function pdf(keys: string[], value: string, locator: string): Candidate {
  return { keys, value, source: 'pdf', locator, dotDecimal: false };
}

export function pdfProvider(markdown: string): Provider {
  return listProvider('pdf', pdfCandidates(markdown));
}
