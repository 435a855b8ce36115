// The small DOM surface the extractor uses, typed structurally. The tree is the light DOM (src/extract/light/:
// htmlparser2's events into plain linked nodes). linkedom, which built it before, is kept only as the reference of
// the light DOM's equivalence test (light/linkedom-reference.ts), which is why the builder can be swapped.
import { nonSpaceLength } from '../io/text.ts';
import { parseLight } from './light/build.ts';
import { openRenderedTemplates } from './rendered-templates.ts';
import { repairTree, unwrap } from './repair.ts';
import { absoluteUrl } from './resolve.ts';

export { absoluteUrl };

export interface DomNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly parentNode: DomNode | null;
  readonly firstChild: DomNode | null;
  readonly lastChild: DomNode | null;
  readonly nextSibling: DomNode | null;
  readonly previousSibling: DomNode | null;
  textContent: string | null;
  remove(): void;
}

export interface DomElement extends DomNode {
  readonly localName: string;
  readonly parentElement: DomElement | null;
  readonly firstElementChild: DomElement | null;
  readonly nextElementSibling: DomElement | null;
  readonly previousElementSibling: DomElement | null;
  // Read by the site adapters (src/adapters), which see the tree before the extractor changes it.
  readonly id: string;
  readonly children: ArrayLike<DomElement>;
  readonly childNodes: ArrayLike<DomNode>;
  closest(selector: string): DomElement | null;
  matches(selector: string): boolean;
  contains(other: DomElement): boolean;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  appendChild(child: DomNode): DomNode;
  insertBefore(child: DomNode, ref: DomNode | null): DomNode;
  replaceWith(...nodes: DomNode[]): void;
}

export interface DomDocument {
  readonly documentElement: DomElement | null;
  readonly childNodes: ArrayLike<DomNode>;
  appendChild(child: DomNode): DomNode;
  readonly head: DomElement | null;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  createElement(tag: string): DomElement;
  createTextNode(text: string): DomNode;
}

/** Heading elements (h1–h6), and the subheadings below a page's title (h2–h6). */
export const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
export const SUBHEADING_TAGS: ReadonlySet<string> = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

export function isElement(n: DomNode | null): n is DomElement {
  return n !== null && n.nodeType === ELEMENT_NODE;
}

// Raw-text elements whose bodies are never content. Cutting them out before parsing saves the parser a large part of
// its work (inline scripts and CSS are often half of a page's bytes). Scripts are handed to the caller as text
// instead (JSON-LD and hydration data are read from there, never from the tree). Comments are matched in the same
// left-to-right pass so that a `<script>` inside a comment, or `<!--` inside a script, is treated the way an HTML
// tokenizer would (WHATWG HTML §13.2.5).
const RAW_BLOCKS = /<!--[\s\S]*?(?:-->|$)|<(script|style|noscript|template|svg|math)(?=[\s/>])([^>]*)>([\s\S]*?)(?:<\/\1\s*>|$)/gi;

/** A `<script>` of the page as written: lower-cased `type` ('' when absent), `id`, and its raw text. */
export interface RawScript {
  type: string;
  id: string | null;
  text: string;
}

const attrPattern = (name: string): RegExp => new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i');
const TYPE_ATTR = attrPattern('type');
const ID_ATTR = attrPattern('id');

function attrOf(attrs: string, re: RegExp): string | null {
  const m = re.exec(attrs);
  return m === null ? null : (m[1] ?? m[2] ?? m[3] ?? '');
}

/** Cuts raw-text blocks and comments; each script (in page order) is appended to `scripts` when given. */
export function stripRawBlocks(html: string, scripts?: RawScript[]): string {
  return html.replace(RAW_BLOCKS, (_m: string, tag: string | undefined, attrs: string | undefined, body: string | undefined) => {
    if (scripts !== undefined && tag !== undefined && tag.toLowerCase() === 'script') {
      scripts.push({ type: (attrOf(attrs ?? '', TYPE_ATTR) ?? '').trim().toLowerCase(), id: attrOf(attrs ?? '', ID_ATTR), text: body ?? '' });
    }
    return '';
  });
}

let parses = 0;

/** How many HTML documents have been parsed in this process (tests assert one parse per capture). */
export function htmlParseCount(): number {
  return parses;
}

/** Builds the tree of an HTML string (raw blocks already cut); it is repaired afterwards. */
export type HtmlTreeBuilder = (source: string) => DomDocument;

let builder: HtmlTreeBuilder = parseLight;

/**
 * For the light DOM's equivalence test only: runs `fn` with parseDocument building its trees with `other`, then
 * restores the builder the pipeline uses.
 */
export function withTreeBuilderForTest<T>(other: HtmlTreeBuilder, fn: () => T): T {
  const saved = builder;
  builder = other;
  try {
    return fn();
  } finally {
    builder = saved;
  }
}

// The tree builder does not create the implied <html>/<body> of the HTML parsing algorithm (neither did linkedom):
// without an <html> tag the first element would become documentElement. Wrapping tag-less input in <html> and
// finding <body> by hand (bodyOf) gives every page one root.
export function parseDocument(html: string, scripts?: RawScript[]): DomDocument {
  const stripped = stripRawBlocks(openRenderedTemplates(html), scripts);
  const source = /<html[\s>]/i.test(stripped) ? stripped : `<html>${stripped}</html>`;
  parses++;
  const doc = builder(source);
  repairTree(doc);
  if (doc.documentElement !== null) capDepth(doc.documentElement, MAX_DEPTH);
  return doc;
}

/**
 * Deepest element nesting kept. Browsers' parsers stop nesting at a fixed depth (Blink: 512) so that tree walks cannot
 * overflow the stack; ours does not, and turndown walks recursively. Below this depth, elements are unwrapped:
 * their text stays, in order, at the deepest kept level.
 */
export const MAX_DEPTH = 400;

function capDepth(root: DomElement, max: number): void {
  const stack: Array<[DomElement, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [el, depth] = stack.pop() as [DomElement, number];
    if (depth < max) {
      for (let c = el.firstElementChild; c !== null; c = c.nextElementSibling) stack.push([c, depth + 1]);
      continue;
    }
    // Unwrap element children until only text and other non-element nodes remain below `el`.
    for (let c = el.firstElementChild; c !== null; c = el.firstElementChild) unwrap(c);
  }
}

/** Removals made by one extraction pass, in order: node, its parent, its next sibling at the time. */
export type Journal = Array<[DomNode, DomNode, DomNode | null]>;

/** Removes `n` from the tree, noting where it was when a journal is kept. */
export function detach(n: DomNode, journal: Journal | null): void {
  const parent = n.parentNode;
  if (parent === null) return;
  if (journal !== null) journal.push([n, parent, n.nextSibling]);
  n.remove();
}

/**
 * Puts back every removal of the journal, last first, so the tree is exactly as before the pass (each node's next
 * sibling at removal time is back in place when the node is re-inserted). Empties the journal and returns its
 * entries (for redoRemovals).
 */
export function undoRemovals(journal: Journal): Journal {
  const entries = journal.slice();
  for (let i = journal.length - 1; i >= 0; i--) {
    const [n, parent, next] = journal[i];
    (parent as DomElement).insertBefore(n, next);
  }
  journal.length = 0;
  return entries;
}

/** Makes the removals of `entries` (from undoRemovals) again, in their order: the tree is as after the pass. */
export function redoRemovals(entries: Journal, journal: Journal): void {
  for (const e of entries) {
    e[0].remove();
    journal.push(e);
  }
}

/** True when an <article> element encloses `el` (`el` itself not counted). */
export function insideArticle(el: DomElement): boolean {
  for (let a = el.parentElement; a !== null; a = a.parentElement) if (a.localName === 'article') return true;
  return false;
}

/** The <body> element of the document, else its root element, else null. */
export function bodyOf(doc: DomDocument): DomElement | null {
  const root = doc.documentElement;
  if (root === null) return null;
  for (let c = root.firstElementChild; c !== null; c = c.nextElementSibling) {
    if (c.localName === 'body') return c;
  }
  return root;
}

/** Element children of `el`, as a new array (callers may change the tree while they go through it). */
export function elementChildren(el: DomElement): DomElement[] {
  const out: DomElement[] = [];
  for (let c = el.firstElementChild; c !== null; c = c.nextElementSibling) out.push(c);
  return out;
}

/** `id` and `class` joined, lower-cased: the string the class/id cue patterns look at. */
export function classAndId(el: DomElement): string {
  const id = el.getAttribute('id');
  const cls = el.getAttribute('class');
  const testId = el.getAttribute('data-testid');
  if (id === null && cls === null && testId === null) return '';
  return `${id ?? ''} ${cls ?? ''}${testId === null ? '' : ` ${testId}`}`.toLowerCase();
}

/**
 * The text of `el` (its text nodes, in order), or null once `measure` of it passes `max`: read as it goes, so a long
 * block costs only its first lines. `measure(t, left)` sizes one text node; it may stop counting past `left`.
 */
export function boundedText(el: DomElement, max: number, measure: (t: string, left: number) => number): string | null {
  let out = '';
  let size = 0;
  for (let n: DomNode | null = el.firstChild; n !== null; n = nextInside(n, el)) {
    if (n.nodeType !== TEXT_NODE) continue;
    const t = n.textContent ?? '';
    size += measure(t, max - size);
    if (size > max) return null;
    out += t;
  }
  return out;
}

/** The node after `n` in document order, staying inside `root`. */
function nextInside(n: DomNode, root: DomNode): DomNode | null {
  if (n.firstChild !== null) return n.firstChild;
  for (let c: DomNode | null = n; c !== null && c !== root; c = c.parentNode) if (c.nextSibling !== null) return c.nextSibling;
  return null;
}

/** Collapses runs of white space to one space and trims. */
export function normalizeSpace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** The base URL of a document: `<base href>` resolved against the page URL (WHATWG HTML §4.2.3), else the page URL. */
export function documentBase(baseHref: string | null, pageUrl: string): string {
  if (baseHref !== null && baseHref.trim() !== '') {
    const abs = absoluteUrl(baseHref, pageUrl);
    if (abs !== null) return abs;
  }
  return pageUrl;
}

/** Non-space characters of `el`'s text, and of the text of its links among them. */
export function textAndLinkChars(el: DomElement): { text: number; links: number } {
  let links = 0;
  for (const a of Array.from(el.querySelectorAll('a'))) links += nonSpaceLength(a.textContent ?? '');
  return { text: nonSpaceLength(el.textContent ?? ''), links };
}

/** A text node that holds more than white space. */
export function hasWords(n: DomNode | null): boolean {
  return n !== null && n.nodeType === TEXT_NODE && (n.textContent ?? '').trim() !== '';
}

/**
 * The first text node under `el` (document order) that is not white space, looked for in at most `maxSteps` nodes
 * (callers that test many blocks stop early; null when none is that near).
 */
export function firstTextNode(el: DomElement, maxSteps = Infinity): DomNode | null {
  let n: DomNode | null = el.firstChild;
  for (let steps = 0; n !== null && steps < maxSteps; steps++) {
    if (hasWords(n)) return n;
    if (n.firstChild !== null) n = n.firstChild;
    else {
      while (n !== null && n !== el && n.nextSibling === null) n = n.parentNode;
      n = n === null || n === el ? null : n.nextSibling;
    }
  }
  return null;
}

/**
 * Whether an element of `block` is named (its id, or an anchor's name) by one of `names`: the target of an in-page
 * link.
 */
export function holdsNamed(block: DomElement, names: ReadonlySet<string>): boolean {
  if (names.size === 0) return false;
  return Array.from(block.querySelectorAll('[id], a[name]')).some((el) => names.has(el.getAttribute('id') ?? el.getAttribute('name') ?? ''));
}

/** The first line of an element's text (up to 80 characters): a box's title or label. */
export function firstLine(el: DomElement): string {
  const text = (el.textContent ?? '').trimStart().slice(0, 80);
  return text.split('\n', 1)[0].trim();
}
