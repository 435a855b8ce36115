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
function span(el: DomElement): Span | null {
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
  return a !== null && b !== null && apart(a, b);
}

type Span = { from: number; to: number };

const apart = (a: Span, b: Span): boolean => a.from >= b.to || a.to <= b.from;

/** A page is laid out in layers when its content root holds at least this many absolutely placed boxes. */
const MIN_LAYERS = 3;

/**
 * The absolutely placed boxes directly in `root` that stand in another column than the box holding the most prose
 * (D402): on a builder page whose text is spread over many boxes, the chosen root is the page's container, and its
 * side column of dates, links and logos lies beside the text's boxes. None when `root` is not laid out in layers.
 */
export function sideColumnLayers(root: DomElement, prose: (el: DomElement) => number): DomElement[] {
  // Each box's style is read once.
  const layers: Array<{ el: DomElement; at: Span; prose: number }> = [];
  for (const el of Array.from(root.children)) {
    const at = span(el);
    if (at !== null) layers.push({ el, at, prose: prose(el) });
  }
  if (layers.length < MIN_LAYERS) return [];
  let main = layers[0];
  for (const l of layers) if (l.prose > main.prose) main = l;
  return main.prose === 0 ? [] : layers.filter((l) => apart(l.at, main.at) && !isSecondColumn(l, main)).map((l) => l.el);
}

/** Prose, as a share of the main box's, that makes a box beside it a second column of the text. */
const SECOND_COLUMN_SHARE = 0.3;
/** How much a second column's width may differ from the main box's (a share of it). */
const COLUMN_WIDTH_SLACK = 0.15;

/**
 * A box beside the main one, as wide as it, with a good part of its prose: the text's second column (a recipe's
 * steps 5–7 set beside steps 1–4, D459). A side column of dates and links is narrower than the text.
 */
function isSecondColumn(l: { at: Span; prose: number }, main: { at: Span; prose: number }): boolean {
  const width = (s: Span): number => s.to - s.from;
  return l.prose >= SECOND_COLUMN_SHARE * main.prose && Math.abs(width(l.at) - width(main.at)) <= COLUMN_WIDTH_SLACK * width(main.at);
}
