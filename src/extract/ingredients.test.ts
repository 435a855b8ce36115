// A recipe's ingredients box (ingredients.ts): table-driven, on small blocks.
import { describe, expect, it } from 'vitest';
import { bodyOf, parseDocument, type DomElement } from './dom.ts';
import { isIngredientsBox } from './ingredients.ts';
import { computeStats } from './stats.ts';

function verdict(html: string): boolean {
  const body = bodyOf(parseDocument(`<html><body>${html}</body></html>`)) as DomElement;
  return isIngredientsBox(body.firstElementChild as DomElement, computeStats(body));
}

const lines = (n: number, text = '200 g Mehl'): string => Array.from({ length: n }, () => `<div><font>${text}</font></div>`).join('');

describe('isIngredientsBox', () => {
  it.each([
    ['a list under a class naming the ingredients', '<div class="ingredients"><ul><li>2 eggs</li><li>1 cup milk</li><li>salt</li></ul></div>', true],
    ['a table under its label', '<div><b>Zutaten für 4 Personen</b><table><tr><td>200 g</td><td>Mehl</td></tr><tr><td>2</td><td>Eier</td></tr><tr><td>1 Prise</td><td>Salz</td></tr></table></div>', true],
    ['a list of links only', '<div class="ingredients"><ul><li><a href="/a">A</a></li><li><a href="/b">B</a></li><li><a href="/c">C</a></li></ul></div>', false],
    // D439: lines written as elements of their own, in a box named the ingredients.
    ['lines as <div>s under their label', `<div><div class="wpmd"><div><b>Zutaten für 12 Knödel</b></div>${lines(5)}</div></div>`, true],
    ['lines as <div>s in a box whose id names them', `<div id="text_zutaten"><div class="wpmd">${lines(4)}</div></div>`, true],
    ['short lines in a box named for another part of the recipe', `<div class="recipe__times">${lines(3, 'Arbeitszeit ca. 30 Minuten')}</div>`, false],
    ['a method of long paragraphs under the label', `<div><div><b>Zutaten und Zubereitung</b></div>${lines(3, 'Die Dolden nicht waschen, sondern nur gut ausschütteln, damit der Blütenstaub bleibt; er gibt den Geschmack, und die Küchle werden so erst richtig gut.')}</div>`, false],
    ['two lines only', `<div id="zutaten">${lines(2)}</div>`, false],
  ])('%s → %s', (_name, html, expected) => {
    expect(verdict(html)).toBe(expected);
  });
});
