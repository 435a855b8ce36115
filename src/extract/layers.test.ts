import { describe, expect, it } from 'vitest';
import { bodyOf, parseDocument, type DomElement } from './dom.ts';
import { isAbsolutelyPlaced, isOtherColumn, sideColumnLayers } from './layers.ts';

const layer = (id: string, left: number, width: number, text = ''): string =>
  `<div id="${id}" style="position:absolute;left:${left}px;top:10px;width:${width}px">${text}</div>`;

function root(html: string): DomElement {
  return bodyOf(parseDocument(`<html><body><div id="root">${html}</div></body></html>`))?.querySelector('#root') as DomElement;
}

describe('layers (D387, D402)', () => {
  it.each([
    ['position:absolute; top:0', true],
    ['POSITION: ABSOLUTE', true],
    ['position:relative', false],
    ['', false],
  ])('style "%s" places absolutely: %s', (style, placed) => {
    expect(isAbsolutelyPlaced(root(`<div id="x" style="${style}"></div>`).querySelector('#x') as DomElement)).toBe(placed);
  });

  it.each([
    [0, 180, 204, 570, true],
    [204, 570, 0, 180, true],
    [484, 290, 204, 570, false],
    [0, 800, 204, 570, false],
    [180, 30, 204, 570, false],
  ])('a box at %ipx (%ipx wide) beside the text at %ipx (%ipx wide) is another column: %s', (l1, w1, l2, w2, other) => {
    const r = root(layer('a', l1, w1) + layer('b', l2, w2));
    expect(isOtherColumn(r.querySelector('#a') as DomElement, r.querySelector('#b') as DomElement)).toBe(other);
  });

  it('names the side column beside the box with the most text', () => {
    const r = root(layer('nav', 0, 180, 'Termine') + layer('text', 204, 570, 'x'.repeat(500)) + layer('more', 204, 570, 'y'.repeat(200)) + layer('logo', 20, 90));
    const prose = (el: DomElement): number => (el.textContent ?? '').length;
    expect(sideColumnLayers(r, prose).map((l) => l.getAttribute('id'))).toEqual(['nav', 'logo']);
  });

  it('keeps a box beside the text with a good part of its prose: the text\'s second column (D459)', () => {
    const prose = (el: DomElement): number => (el.textContent ?? '').length;
    const steps = (n: number): string => 'Step of the method, a sentence long. '.repeat(n);
    const r = root(layer('nav', 0, 180, 'Home') + layer('left', 204, 290, steps(10)) + layer('right', 510, 290, steps(5)) + layer('logo', 0, 180, 'Logo'));
    expect(sideColumnLayers(r, prose).map((l) => l.getAttribute('id'))).toEqual(['nav', 'logo']);
    // A narrower box beside the text is a side column however much it says.
    const side = root(layer('dates', 0, 180, steps(6)) + layer('text', 204, 570, steps(10)) + layer('logo', 0, 180, 'Logo'));
    expect(sideColumnLayers(side, prose).map((l) => l.getAttribute('id'))).toEqual(['dates', 'logo']);
  });

  it('says nothing below three layers or without text', () => {
    const prose = (el: DomElement): number => (el.textContent ?? '').length;
    expect(sideColumnLayers(root(layer('nav', 0, 180, 'a') + layer('text', 204, 570, 'b')), prose)).toEqual([]);
    expect(sideColumnLayers(root(layer('a', 0, 180) + layer('b', 204, 570) + layer('c', 300, 10)), prose)).toEqual([]);
  });
});
