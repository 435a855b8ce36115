// DOM label rows and the content title (spec evidence sources; source `dom`). Locators, indices 0-based in
// document order as in `h1[0]`:
//   `table[<i>] tr[<j>] <label>`  a table row whose first cell labels the second;
//   `dl[<i>] dt[<j>] <label>`     a definition-list term and its first description;
//   `<tag>[<k>] <label>`          an element whose whole text is a `Label: value` line (p, li, div, span, td);
//   `h1[0]`, `title`              the content title.
import { TITLE_KEYS } from '../match-names.ts';
import { cleanText, labelKeys, listProvider, type Candidate, type Provider } from './candidate.ts';
import { all, type DomDocument, type DomElement } from './dom-types.ts';

const MAX_LABEL = 60;
const MAX_VALUE = 500;
// `https://…` is not a label: the colon may not open `//`.
const LABEL_LINE = /^([^:]{1,60}?)\s*:(?!\/\/)\s*(\S.*)$/s;
const LINE_TAGS = ['p', 'li', 'div', 'span', 'td'];
// Inline children do not make an element a container: `<p><b>Price:</b> 12 €</p>` is one label line.
const INLINE = new Set(['b', 'strong', 'em', 'i', 'span', 'small', 'a', 'abbr', 'bdi', 'data', 'time', 'mark', 'sup', 'sub', 'br', 'u', 's']);

const dom = (keys: string[], value: string, locator: string): Candidate => ({
  keys,
  value,
  source: 'dom',
  locator,
  dotDecimal: false,
});

function cleanLabel(raw: string): string {
  return cleanText(raw).replace(/\s*:$/, '');
}

function usable(label: string, value: string): boolean {
  return label !== '' && label.length <= MAX_LABEL && value !== '' && value.length <= MAX_VALUE;
}

export function tableRowCandidates(doc: DomDocument): Candidate[] {
  const out: Candidate[] = [];
  all(doc, 'table').forEach((table, i) => {
    // Rows of this table only, not of a table nested in it.
    all(table, 'tr')
      .filter((tr) => closestTable(tr) === table)
      .forEach((tr, j) => {
        const cells = Array.from(tr.children).filter((c) => /^(td|th)$/i.test(c.tagName));
        if (cells.length < 2) return;
        const label = cleanLabel(cells[0].textContent ?? '');
        const value = cleanText(cells[1].textContent);
        if (usable(label, value)) out.push(dom(labelKeys(label), value, `table[${i}] tr[${j}] ${label}`));
      });
  });
  return out;
}

function closestTable(el: DomElement): DomElement | null {
  let cur = el.parentElement;
  while (cur && cur.tagName.toLowerCase() !== 'table') cur = cur.parentElement;
  return cur;
}

export function definitionListCandidates(doc: DomDocument): Candidate[] {
  const out: Candidate[] = [];
  all(doc, 'dl').forEach((dl, i) => {
    const children = Array.from(dl.children).flatMap((c) => (c.tagName.toLowerCase() === 'div' ? Array.from(c.children) : [c]));
    let j = -1;
    children.forEach((el, k) => {
      if (el.tagName.toLowerCase() !== 'dt') return;
      j++;
      const dd = children.slice(k + 1).find((n) => /^(dd|dt)$/i.test(n.tagName));
      if (!dd || dd.tagName.toLowerCase() !== 'dd') return;
      const label = cleanLabel(el.textContent ?? '');
      const value = cleanText(dd.textContent);
      if (usable(label, value)) out.push(dom(labelKeys(label), value, `dl[${i}] dt[${j}] ${label}`));
    });
  });
  return out;
}

export function labelLineCandidates(doc: DomDocument): Candidate[] {
  const out: Candidate[] = [];
  for (const tag of LINE_TAGS) {
    all(doc, tag).forEach((el, k) => {
      if (Array.from(el.children).some((c) => !INLINE.has(c.tagName.toLowerCase()))) return;
      const m = LABEL_LINE.exec(cleanText(el.textContent));
      if (!m) return;
      const label = cleanLabel(m[1]);
      const value = m[2].trim();
      // Times (`10:30`) are not labels.
      if (/\d$/.test(label) && /^\d/.test(value)) return;
      if (usable(label, value)) out.push(dom(labelKeys(label), value, `${tag}[${k}] ${label}`));
    });
  }
  return out;
}

export function titleCandidates(doc: DomDocument): Candidate[] {
  const out: Candidate[] = [];
  const h1 = doc.querySelector('h1');
  const h1Text = cleanText(h1?.textContent);
  if (h1Text !== '') out.push(dom([...TITLE_KEYS], h1Text, 'h1[0]'));
  const title = cleanText(doc.querySelector('title')?.textContent);
  if (title !== '') out.push(dom([...TITLE_KEYS], title, 'title'));
  return out;
}

/** Label rows first (they name the field), then the content title. */
export function domProvider(doc: DomDocument): Provider {
  return listProvider('dom', [
    ...tableRowCandidates(doc),
    ...definitionListCandidates(doc),
    ...labelLineCandidates(doc),
    ...titleCandidates(doc),
  ]);
}
