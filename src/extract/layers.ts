// Pages built of absolutely placed boxes: the "layers" of homepage builders and old editors (Beepworld, WYSIWYG Web
// Builder, GoLive, Dreamweaver). Each box is put on screen by its style (`position:absolute; left:204px; top:596px;
// width:570px`), in any source order, so the source says little of what is beside or below what.
import type { DomElement } from './dom.ts';

/** An inline style that places the element by absolute position. */
const ABSOLUTE = /(?:^|;)\s*position\s*:\s*absolute/i;
const LEFT = /(?:^|;)\s*left\s*:\s*(-?\d+(?:\.\d+)?)px/i;
const WIDTH = /(?:^|;)\s*width\s*:\s*(\d+(?:\.\d+)?)px/i;

export function isAbsolutelyPlaced(el: DomElement): boolean {
  return ABSOLUTE.test(el.getAttribute('style') ?? '');
}

/** Where an absolutely placed box stands across the page, in pixels; null for any other element. */
function span(el: DomElement): { from: number; to: number } | null {
  const style = el.getAttribute('style') ?? '';
  if (!ABSOLUTE.test(style)) return null;
  const left = LEFT.exec(style);
  const width = WIDTH.exec(style);
  if (left === null || width === null) return null;
  return { from: Number(left[1]), to: Number(left[1]) + Number(width[1]) };
}

/**
 * Two absolutely placed boxes side by side, sharing no pixel across the page: a box in another column than the
 * text's (a builder page's side column of dates and links beside the recipe, D402).
 */
export function isOtherColumn(box: DomElement, text: DomElement): boolean {
  const a = span(box);
  const b = a === null ? null : span(text);
  return a !== null && b !== null && (a.from >= b.to || a.to <= b.from);
}

/** A page is laid out in layers when its content root holds at least this many absolutely placed boxes. */
const MIN_LAYERS = 3;

/**
 * The absolutely placed boxes directly in `root` that stand in another column than the box holding the most prose
 * (D402): on a builder page whose text is spread over many boxes, the chosen root is the page's container, and its
 * side column of dates, links and logos lies beside the text's boxes. None when `root` is not laid out in layers.
 */
export function sideColumnLayers(root: DomElement, prose: (el: DomElement) => number): DomElement[] {
  const layers = Array.from(root.children).filter((c) => span(c) !== null);
  if (layers.length < MIN_LAYERS) return [];
  let main = layers[0];
  for (const l of layers) if (prose(l) > prose(main)) main = l;
  return prose(main) === 0 ? [] : layers.filter((l) => isOtherColumn(l, main));
}
