// A recipe's ingredients box: named as such (by a class, or by its first line on old pages), its rows holding
// amounts beside the ingredients' names, which portals link. Selection keeps it beside the method; pruning keeps it
// though its links would make it a link list (D310, D411).
import { type DomElement, elementChildren, firstLine } from './dom.ts';
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
  return (hasRecipeCue(el) || INGREDIENTS_LABEL.test(firstLine(el))) && rowsHoldText(el, stats);
}

/** The block's first table or list has three rows or more, nearly all with text outside their links. */
function rowsHoldText(el: DomElement, stats: StatsMap): boolean {
  const box = el.querySelector('table, ul, ol');
  if (box === null) return false;
  const rows = box.localName === 'table' ? rowsOf(box) : elementChildren(box).filter((c) => c.localName === 'li');
  const withText = rows.filter((r) => {
    const rs = stats.get(r);
    return rs !== undefined && rs.chars > rs.linkChars;
  });
  return rows.length >= 3 && withText.length >= 0.8 * rows.length;
}
