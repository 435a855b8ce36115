// CSS selectors on the light DOM: css-select (the engine linkedom uses, same version and options) with an adapter
// for our nodes. linkedom compiled the selector string on every call; selectors repeat across pages (the extractor's
// and the adapters' are constants), so each is compiled once and kept. Compiled queries run with cacheResults off:
// a cached query is reused after the extractor changes the tree, and css-select's result cache assumes it does not.
import { compile, type Options } from 'css-select';
import type { LightElement } from './element.ts';
import { ELEMENT_NODE, type LightNode, TEXT_NODE, type LightText } from './nodes.ts';

type Test = (node: LightNode) => boolean;
type CssAdapter = NonNullable<Options<LightNode, LightElement>['adapter']>;

const isTag = (node: LightNode): node is LightElement => node.nodeType === ELEMENT_NODE;

const getChildren = (node: LightNode): LightNode[] => node.childNodes as LightNode[];

function getText(node: LightNode | LightNode[]): string {
  if (Array.isArray(node)) return node.map(getText).join('');
  if (isTag(node)) return getText(getChildren(node));
  return node.nodeType === TEXT_NODE ? (node as LightText).data : '';
}

/** Drops repeated nodes and nodes whose ancestor is in the list (css-select's contract). */
function removeSubsets(nodes: LightNode[]): LightNode[] {
  return nodes.filter((n, i) => {
    if (nodes.indexOf(n) !== i) return false;
    for (let p = n.parentNode; p !== null; p = p.parentNode) if (nodes.includes(p)) return false;
    return true;
  });
}

const adapter: CssAdapter = {
  isTag,
  // linkedom answered `class` from the attribute itself (null when absent), unlike its getAttribute('class').
  getAttributeValue: (el, name) => el.attributeValue(name) ?? undefined,
  getChildren,
  getName: (el) => el.localName.toLowerCase(),
  getParent: (node) => node.parentNode,
  getSiblings: (node) => (node.parentNode === null ? [node] : getChildren(node.parentNode)),
  prevElementSibling: (node) => node.previousElementSibling,
  getText,
  hasAttrib: (el, name) => el.hasAttribute(name),
  removeSubsets,
};

// linkedom's options: HTML documents match case-insensitively (xmlMode false).
const OPTIONS: Options<LightNode, LightElement> = { xmlMode: false, adapter, cacheResults: false };
const MAX_CACHED = 512;
const compiled = new Map<string, Test>();

/** The compiled test for `selector`; `scope` is the element `:scope` refers to (such selectors are not cached). */
export function matcher(selector: string, scope: LightNode): Test {
  if (selector.includes(':scope')) return compile(selector, { ...OPTIONS, context: scope });
  let test = compiled.get(selector);
  if (test === undefined) {
    test = compile(selector, OPTIONS);
    if (compiled.size >= MAX_CACHED) compiled.clear();
    compiled.set(selector, test);
  }
  return test;
}
