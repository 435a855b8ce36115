// Tables are of two kinds: data tables (rows × columns of values), which become GFM tables, and layout tables
// (old templates that position blocks with <table>), which must read as the blocks they hold. A GFM cell cannot
// hold paragraphs or lists, so a table whose cells hold prose is treated as layout.
import { codeText } from './code-text.ts';
import { type DomElement, type DomNode, elementChildren, isElement } from './dom.ts';
import type { ElementStats, StatsMap } from './stats.ts';

const BLOCK_IN_CELL = new Set(['p', 'div', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'table']);

/**
 * The block elements below a cell, found by walking its children: a selector query per cell made a 3,000-row table
 * take seconds (with linkedom, which compiled the selector on every call).
 */
function cellBlocks(cell: DomElement): { table: boolean; block: boolean } {
  const out = { table: false, block: false };
  const stack: DomElement[] = [];
  for (let c = cell.firstElementChild; c !== null; c = c.nextElementSibling) stack.push(c);
  while (stack.length > 0 && !out.table) {
    const el = stack.pop() as DomElement;
    if (el.localName === 'table') out.table = true;
    if (BLOCK_IN_CELL.has(el.localName) || (el.localName === 'br' && isParagraphBreak(el))) out.block = true;
    for (let c = el.firstElementChild; c !== null; c = c.nextElementSibling) stack.push(c);
  }
  return out;
}

/**
 * A `<br>` followed by another with nothing but space between: the blank line old pages end a paragraph with
 * (`text<br><br>text`). A cell holding one holds paragraphs, which no GFM cell can (D387).
 */
function isParagraphBreak(br: DomElement): boolean {
  let n = br.nextSibling;
  while (n !== null && !isElement(n) && (n.textContent ?? '').trim() === '') n = n.nextSibling;
  return n !== null && isElement(n) && n.localName === 'br';
}

export function rowsOf(table: DomElement): DomElement[] {
  const rows: DomElement[] = [];
  for (const c of elementChildren(table)) {
    if (c.localName === 'tr') rows.push(c);
    else if (c.localName === 'thead' || c.localName === 'tbody' || c.localName === 'tfoot') {
      for (const r of elementChildren(c)) if (r.localName === 'tr') rows.push(r);
    }
  }
  return rows;
}

function cellsOf(tr: DomElement): DomElement[] {
  return elementChildren(tr).filter((c) => c.localName === 'td' || c.localName === 'th');
}

/** True for tables that position content rather than tabulate it. */
export function isLayoutTable(table: DomElement): boolean {
  const role = table.getAttribute('role');
  if (role === 'presentation' || role === 'none') return true;
  return rowsAreLayout(rowsOf(table));
}

function rowsAreLayout(rows: DomElement[]): boolean {
  if (rows.length === 0) return true;
  let maxCells = 0;
  for (const r of rows) {
    const cells = cellsOf(r);
    maxCells = Math.max(maxCells, cells.length);
    for (const c of cells) {
      const inside = cellBlocks(c);
      if (inside.table) return true;
      if (inside.block && (c.textContent ?? '').length > 150) return true;
    }
  }
  return maxCells <= 1 || (rows.length === 1 && maxCells <= 2);
}

const TABLE_PARTS = new Set(['thead', 'tbody', 'tfoot']);

/** The rows a content root holds when the root is a table or a part of one (the article sits in a layout grid). */
function rootRows(root: DomElement): DomElement[] | null {
  if (root.localName === 'tr') return [root];
  return root.localName === 'table' || TABLE_PARTS.has(root.localName) ? rowsOf(root) : null;
}

/**
 * A content root that is a layout table, or a row or section of one, keeps its element (it is the root) but its
 * cells become plain blocks inside it: otherwise a whole page's text would come out as one GFM table row.
 */
function unwrapLayoutRoot(root: DomElement): void {
  const rows = rootRows(root);
  if (rows === null || (root.localName === 'table' ? !isLayoutTable(root) : !rowsAreLayout(rows))) return;
  const cells = rows.flatMap(cellsOf);
  const blocks = cells.map((cell) => {
    const d = blockFrom(root, 'div');
    moveChildren(cell, d);
    return d;
  });
  while (root.firstChild !== null) root.firstChild.remove();
  for (const b of blocks) root.appendChild(b);
}

const CELL_TAGS = new Set(['td', 'th']);

/**
 * Cells and rows opened while a cell was still open (`<td><font>a<td><font>b`: old pages leave both open) are nested
 * by the tree builder inside that cell. A browser closes the open cell first (and for a row, its row): the new cell
 * follows the open one, the new row follows its row (WHATWG HTML §13.2.6.4.15, "in cell"). Nested tables are left to
 * their own pass.
 */
export function closeOpenCells(start: DomElement): void {
  const queue: DomElement[] = [start];
  const lastAfter = new Map<DomElement, DomElement>();
  while (queue.length > 0) {
    const top = queue.pop() as DomElement;
    const stack: Array<[DomElement, DomElement | null]> = [[top, CELL_TAGS.has(top.localName) ? top : null]];
    while (stack.length > 0) {
      const [el, cell] = stack.pop() as [DomElement, DomElement | null];
      for (let c = el.firstElementChild; c !== null;) {
        const next = c.nextElementSibling;
        const tag = c.localName;
        if (cell !== null && (CELL_TAGS.has(tag) || tag === 'tr')) {
          const anchor = tag === 'tr' && cell.parentElement?.localName === 'tr' ? cell.parentElement : cell;
          const after = lastAfter.get(anchor) ?? anchor;
          (anchor.parentNode as DomElement).insertBefore(c, after.nextSibling);
          lastAfter.set(anchor, c);
          queue.push(c);
        } else if (tag !== 'table') {
          stack.push([c, CELL_TAGS.has(tag) ? c : cell]);
        }
        c = next;
      }
    }
  }
}

/** Unwraps layout tables into plain blocks and moves data-table captions out in front of their table. */
export function prepareTables(root: DomElement): void {
  const tables = Array.from(root.querySelectorAll('table'));
  if (root.localName === 'table') tables.unshift(root);
  else if (root.localName === 'tr' || TABLE_PARTS.has(root.localName)) closeOpenCells(root);
  for (const t of tables) closeOpenCells(t);
  for (const t of tables) dropLineNumberGutters(t);
  unwrapLayoutRoot(root);
  for (const t of tables) {
    if (t.parentNode === null) continue;
    if (isLayoutTable(t)) {
      if (t === root) continue;
      unwrapLayout(t);
      continue;
    }
    const caption = elementChildren(t).find((c) => c.localName === 'caption');
    if (caption !== undefined && t.parentNode !== null) {
      const p = blockFrom(t, 'p');
      moveChildren(caption, p);
      caption.remove();
      (t.parentNode as DomElement).insertBefore(p, t);
    }
  }
}

function blockFrom(ref: DomElement, tag: string): DomElement {
  const doc = (ref as unknown as { ownerDocument: { createElement(t: string): DomElement } }).ownerDocument;
  return doc.createElement(tag);
}

function moveChildren(from: DomElement, to: DomElement): void {
  let c: DomNode | null = from.firstChild;
  while (c !== null) {
    const next: DomNode | null = c.nextSibling;
    to.appendChild(c);
    c = next;
  }
}

function unwrapLayout(table: DomElement): void {
  const wrapper = blockFrom(table, 'div');
  for (const r of rowsOf(table)) {
    for (const cell of cellsOf(r)) {
      const d = blockFrom(table, 'div');
      moveChildren(cell, d);
      wrapper.appendChild(d);
    }
  }
  const parent = table.parentNode;
  if (parent !== null && isElement(parent)) parent.insertBefore(wrapper, table);
  table.remove();
}

/**
 * Code highlighters that number lines in a table (Hexo, Jekyll's Rouge, Pygments' `linenos="table"`, Hugo's
 * `lntable`) put the numbers in a cell of their own beside the code's cell. They are not part of the code: the
 * gutter cell goes, and the row's code cell is left alone (the table then reads as layout around one code block).
 */
function dropLineNumberGutters(table: DomElement): void {
  for (const row of rowsOf(table)) {
    // Both cells hold a <pre>: a data table's number column beside inline `code` is not a gutter.
    const pre = cellsOf(row).filter((c) => c.querySelector('pre') !== null);
    if (pre.length < 2) continue;
    const gutters = pre.filter(isLineNumbers);
    if (gutters.length < pre.length) for (const c of gutters) c.remove();
  }
}

/** A cell whose text, read as on screen, is nothing but consecutive line numbers (`1 2 3 …`, one per line). */
function isLineNumbers(cell: DomElement): boolean {
  const tokens = codeText(cell).trim().split(/\s+/);
  const first = Number(tokens[0]);
  if (!/^\d+$/.test(tokens[0]) || tokens.length > 10000) return false;
  return tokens.every((t, i) => /^\d+$/.test(t) && Number(t) === first + i);
}

/** The most characters of a label in a label/value row ("Klingenlänge:"), and of its value ("180 mm"). */
const MAX_LABEL_CHARS = 40;
const MAX_VALUE_CHARS = 150;

/** A row of two elements, a label ending in a colon and a short value: one line of a data sheet. */
function isLabelValueRow(row: DomElement): boolean {
  const cells = elementChildren(row);
  if (cells.length !== 2) return false;
  const label = (cells[0].textContent ?? '').trim();
  const value = (cells[1].textContent ?? '').trim();
  return label.endsWith(':') && label.length <= MAX_LABEL_CHARS && value !== '' && value.length <= MAX_VALUE_CHARS;
}

/**
 * A data sheet written as rows of label and value elements instead of a table or a `<dl>` (CS-Cart's
 * `div.ty-product-feature` rows, D372): the element itself or one below it, at most two levels down, whose three
 * children or more are nearly all such rows. Null when there is none.
 */
export function labelValueSheet(el: DomElement, depth = 2): DomElement | null {
  const rows = elementChildren(el);
  if (rows.length >= 3 && rows.filter(isLabelValueRow).length >= 0.8 * rows.length) return el;
  if (depth === 0) return null;
  for (const c of rows) {
    const found = labelValueSheet(c, depth - 1);
    if (found !== null) return found;
  }
  return null;
}

/** A table of three rows or more that is not a layout grid, or a description list that is a data sheet. */
export function isDataStructure(table: DomElement): boolean {
  return table.localName === 'dl' ? isDataList(table) : !isLayoutTable(table) && rowsOf(table).length >= 3;
}

/** A description list of three terms or more, each with a description: a data sheet (D355). */
function isDataList(dl: DomElement): boolean {
  const terms = dl.querySelectorAll('dt').length;
  return terms >= 3 && dl.querySelectorAll('dd').length >= terms;
}

/** The data table, data list or label/value sheet a block is made of, or null. */
function dataIn(el: DomElement): DomElement | null {
  if (el.localName === 'table' || el.localName === 'dl') {
    if (isDataStructure(el)) return el;
    // A layout table around a data table (a box's title row over it, D407) holds it as any block does.
    return el.localName === 'table' ? Array.from(el.querySelectorAll('table, dl')).find(isDataStructure) ?? null : null;
  }
  const table = el.querySelector('table, dl');
  return table === null ? labelValueSheet(el) : isDataStructure(table) ? table : null;
}

/**
 * A block that holds a data table for most of its text (a product's specifications in their tab, a fee table in
 * its box, a data sheet written as a description list or as label/value rows): content, though its cells never add up
 * to prose.
 */
export function isDataTableBlock(el: DomElement, st: ElementStats, stats: StatsMap): boolean {
  const data = dataIn(el);
  if (data === null) return false;
  // A form laid out in a table (a comment form's "Name:", "E-Mail:") is no data (its fields are gone by now).
  if (el.localName === 'form' || el.querySelector('form') !== null) return false;
  return (stats.get(data)?.chars ?? 0) >= 0.7 * st.chars;
}
