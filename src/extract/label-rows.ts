// Label rows of the whole page, read from the tree as parsed (before the extractor removes anything): the JSON
// filler's `dom` source (src/json/sources/dom.ts). Locators, indices 0-based in document order:
//   `table[<i>] tr[<j>] <label>`  a table row whose first cell labels the second (rows of that table, not of a
//                                 table nested in it);
//   `dl[<i>] dt[<j>] <label>`     a definition-list term and its first description;
//   `<tag>[<k>] <label>`          an element whose whole text is a `Label: value` line (p, li, div, span, td).
// One walk collects all three kinds; the lists keep the order of the former per-selector reads (tables, then
// definition lists, then label lines tag by tag).
import { type DomElement, normalizeSpace } from './dom.ts';

export interface LabelRow {
  label: string;
  value: string;
  locator: string;
}

const MAX_LABEL = 60;
const MAX_VALUE = 500;
// `https://…` is not a label: the colon may not open `//`.
const LABEL_LINE = /^([^:]{1,60}?)\s*:(?!\/\/)\s*(\S.*)$/s;
const LINE_TAGS = ['p', 'li', 'div', 'span', 'td'];
// Inline children do not make an element a container: `<p><b>Price:</b> 12 €</p>` is one label line.
const INLINE = new Set(['b', 'strong', 'em', 'i', 'span', 'small', 'a', 'abbr', 'bdi', 'data', 'time', 'mark', 'sup', 'sub', 'br', 'u', 's']);

function cleanLabel(raw: string): string {
  return normalizeSpace(raw).replace(/\s*:$/, '');
}

function usable(label: string, value: string): boolean {
  return label !== '' && label.length <= MAX_LABEL && value !== '' && value.length <= MAX_VALUE;
}

interface Walk {
  tables: LabelRow[][];
  dls: LabelRow[];
  lines: Map<string, LabelRow[]>;
  tagCount: Map<string, number>;
  dlCount: number;
}

export function readLabelRows(root: DomElement | null): LabelRow[] {
  const w: Walk = { tables: [], dls: [], lines: new Map(LINE_TAGS.map((t) => [t, []])), tagCount: new Map(), dlCount: 0 };
  if (root !== null) visit(root, w, null);
  return [...w.tables.flat(), ...w.dls, ...LINE_TAGS.flatMap((t) => w.lines.get(t) ?? [])];
}

interface TableCtx {
  index: number;
  rows: number;
}

function visit(el: DomElement, w: Walk, table: TableCtx | null): void {
  const tag = el.localName;
  let ctx = table;
  if (tag === 'table') {
    ctx = { index: w.tables.length, rows: 0 };
    w.tables.push([]);
  } else if (tag === 'tr' && ctx !== null) {
    tableRow(el, ctx, w.tables[ctx.index]);
  } else if (tag === 'dl') {
    definitionList(el, w.dlCount++, w.dls);
  }
  const lines = w.lines.get(tag);
  if (lines !== undefined) {
    const k = w.tagCount.get(tag) ?? 0;
    w.tagCount.set(tag, k + 1);
    labelLine(el, tag, k, lines);
  }
  for (let c = el.firstElementChild; c !== null; c = c.nextElementSibling) visit(c, w, ctx);
}

function tableRow(tr: DomElement, ctx: TableCtx, out: LabelRow[]): void {
  const j = ctx.rows++;
  const cells: DomElement[] = [];
  for (let c = tr.firstElementChild; c !== null && cells.length < 2; c = c.nextElementSibling) {
    if (c.localName === 'td' || c.localName === 'th') cells.push(c);
  }
  if (cells.length < 2) return;
  const label = cleanLabel(cells[0].textContent ?? '');
  const value = normalizeSpace(cells[1].textContent ?? '');
  if (usable(label, value)) out.push({ label, value, locator: `table[${ctx.index}] tr[${j}] ${label}` });
}

function definitionList(dl: DomElement, i: number, out: LabelRow[]): void {
  const children: DomElement[] = [];
  for (let c = dl.firstElementChild; c !== null; c = c.nextElementSibling) {
    if (c.localName !== 'div') children.push(c);
    else for (let d = c.firstElementChild; d !== null; d = d.nextElementSibling) children.push(d);
  }
  // The term's description is the next dd/dt after it, when that is a dd (found in one backward pass: linear).
  const next: Array<DomElement | undefined> = new Array<DomElement | undefined>(children.length);
  let after: DomElement | undefined;
  for (let k = children.length - 1; k >= 0; k--) {
    next[k] = after;
    if (children[k].localName === 'dd' || children[k].localName === 'dt') after = children[k];
  }
  let j = -1;
  children.forEach((el, k) => {
    if (el.localName !== 'dt') return;
    j++;
    const dd = next[k];
    if (dd === undefined || dd.localName !== 'dd') return;
    const label = cleanLabel(el.textContent ?? '');
    const value = normalizeSpace(dd.textContent ?? '');
    if (usable(label, value)) out.push({ label, value, locator: `dl[${i}] dt[${j}] ${label}` });
  });
}

function labelLine(el: DomElement, tag: string, k: number, out: LabelRow[]): void {
  for (let c = el.firstElementChild; c !== null; c = c.nextElementSibling) if (!INLINE.has(c.localName)) return;
  const m = LABEL_LINE.exec(normalizeSpace(el.textContent ?? ''));
  if (m === null) return;
  const label = cleanLabel(m[1]);
  const value = m[2].trim();
  // Times (`10:30`) are not labels.
  if (/\d$/.test(label) && /^\d/.test(value)) return;
  if (usable(label, value)) out.push({ label, value, locator: `${tag}[${k}] ${label}` });
}
