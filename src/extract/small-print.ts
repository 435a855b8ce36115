// Small print (D397). Old pages set their footers, "about this site" boxes and disclaimers in the smallest font
// (`<font size="1">`, `<small>`) and their text in a larger one. A block beside the chosen text that is all small
// print is such a box, however much prose it holds; on a page whose text is all small print the test says nothing.
import { type DomElement, type DomNode, ELEMENT_NODE, TEXT_NODE, holdsNamed } from './dom.ts';
import { isLayoutTable } from './tables.ts';

/** The smallest sizes of `<font size>`: 1, or 1 or 2 steps below the base. */
const SMALL_SIZE = /^\s*(?:1|-[12])\s*$/;

function isSmallElement(el: DomElement): boolean {
  return el.localName === 'small' || (el.localName === 'font' && SMALL_SIZE.test(el.getAttribute('size') ?? ''));
}

/**
 * Whether `el` has text set in small print (`small`) or in a larger size (`normal`), read in one walk that stops
 * at the first text of the kind asked for.
 */
function hasTextOf(el: DomElement, kind: 'small' | 'normal'): boolean {
  const walk = (n: DomNode, small: boolean): boolean => {
    for (let c = n.firstChild; c !== null; c = c.nextSibling) {
      if (c.nodeType === TEXT_NODE) {
        if ((kind === 'small') === small && /\S/.test(c.textContent ?? '')) return true;
      } else if (c.nodeType === ELEMENT_NODE && walk(c, small || isSmallElement(c as DomElement))) {
        return true;
      }
    }
    return false;
  };
  return walk(el, isSmallElement(el));
}

/**
 * A block all of whose text is small print, in a part of the page (`around`, the block's parent) whose text is not:
 * the page's fine print, not its text. Small type that belongs to the text stays: a data table set small (a
 * product's specifications), a picture with its caption, the footnotes the text links to (`<a href="#fn1">` and
 * `<a name="fn1">`).
 */
export function isSmallPrintBeside(block: DomElement, around: DomElement): boolean {
  // Normal text first: most blocks have some early, and that walk stops there; the walk for small print does not.
  if (hasTextOf(block, 'normal') || !hasTextOf(block, 'small') || !hasTextOf(around, 'normal')) return false;
  if (block.querySelector('img, picture') !== null || holdsDataTable(block)) return false;
  return !holdsTargetOf(block, around);
}

function holdsDataTable(block: DomElement): boolean {
  const tables = block.localName === 'table' ? [block] : Array.from(block.querySelectorAll('table'));
  return tables.some((t) => !isLayoutTable(t));
}

/** Whether an element of `block` is named (id, or an anchor's name) by an in-page link in `around`. */
function holdsTargetOf(block: DomElement, around: DomElement): boolean {
  const names = new Set<string>();
  for (const a of Array.from(around.querySelectorAll('a[href^="#"]'))) names.add((a.getAttribute('href') ?? '').slice(1));
  return holdsNamed(block, names);
}
