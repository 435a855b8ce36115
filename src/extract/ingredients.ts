// A recipe's ingredients box: named as such (by a class, or by its first line on old pages), its rows holding
// amounts beside the ingredients' names, which portals link. Selection keeps it beside the method; pruning keeps it
// though its links would make it a link list (D310, D411).
import { type DomElement, classAndId, elementChildren, firstLine } from './dom.ts';
import { hasRecipeCue } from './cues.ts';
import { type StatsMap } from './stats.ts';
import { rowsOf } from './tables.ts';

/** A box's first line naming it a recipe's ingredients ("Zutaten für 6 Personen", "Ingredients:"), D411. */
const INGREDIENTS_LABEL = /^(?:zutaten|ingredients?)\b/i;

/**
 * A box named as a recipe part whose rows hold amounts beside their linked names (D310), however link-dense. Old
 * pages name it in its first line instead of a class: a layout table's cell beside the method (D411).
 */
export function isIngredientsBox(el: DomElement, stats: StatsMap): boolean {
  const labelled = INGREDIENTS_LABEL.test(firstLine(el));
  return (hasRecipeCue(el) || labelled) && rowsHoldText(el, stats, labelled || INGREDIENTS_NAME.test(classAndId(el)));
}

/** A class or id naming the ingredients themselves, not another part of the recipe (its times, its method). */
const INGREDIENTS_NAME = /zutat|ingredient/;

/**
 * The block's first table or list has three rows or more, nearly all with text outside their links. A block named
 * the ingredients (`named`) with no table or list may write its rows as elements of their own (D439).
 */
function rowsHoldText(el: DomElement, stats: StatsMap, named: boolean): boolean {
  const rows = boxRows(el, stats, named);
  const withText = rows.filter((r) => {
    const rs = stats.get(r);
    return rs !== undefined && rs.chars > rs.linkChars;
  });
  return rows.length >= 3 && withText.length >= 0.8 * rows.length;
}

/** The rows of the block's first table or list; with none, the lines of a block named the ingredients. */
function boxRows(el: DomElement, stats: StatsMap, named: boolean): DomElement[] {
  const box = el.querySelector('table, ul, ol');
  if (box === null) return named ? lineRows(el, stats) : [];
  return box.localName === 'table' ? rowsOf(box) : elementChildren(box).filter((c) => c.localName === 'li');
}

/** How deep single wrappers may stand around a block's lines. */
const MAX_WRAPPERS = 3;

/** An ingredient's line is short ("300 g Knödelbrot (altbackene Semmeln)"); a method's paragraph is not. */
const MAX_LINE_CHARS = 120;

/**
 * The lines of a block that has no table or list: the children of its first element with more than one, below single
 * wrappers, when there are three or more and each is a short line (Web Page Maker writes each line of a text box as a
 * `<div>`, D439).
 */
function lineRows(el: DomElement, stats: StatsMap): DomElement[] {
  let at = el;
  for (let depth = 0; depth <= MAX_WRAPPERS; depth++) {
    const kids = elementChildren(at);
    if (kids.length !== 1) return kids.length >= 3 && kids.every((k) => (stats.get(k)?.chars ?? 0) <= MAX_LINE_CHARS) ? kids : [];
    at = kids[0];
  }
  return [];
}
