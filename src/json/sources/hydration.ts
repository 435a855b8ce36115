// Hydration data: state a framework serialised into the page for its client (`__NEXT_DATA__`, `__NUXT__`,
// `__INITIAL_STATE__`, other JSON in script tags). Only literal JSON is read — scripts are never evaluated.
// Locator: the script (`script#__NEXT_DATA__`, `window.__NUXT__`, `script[3]`) and the path inside it.
import type { RawScript } from '../../extract/dom.ts';
import { flattenTree, listProvider, type Candidate, type Provider } from './candidate.ts';

const MAX_SCRIPT_CHARS = 2_000_000;
const MAX_NODES = 50_000;
// `window.__X__ = {…}` / `self.__X__={…}` assignments whose right side is a JSON literal.
const ASSIGNMENT = /^\s*(?:window|self|globalThis)\.([A-Za-z_$][\w$]*)\s*=\s*/;

export interface HydrationBlock {
  /** Locator prefix naming the script. */
  name: string;
  data: unknown;
}

/** Renders a path as `a.b[0].c` (keys that are not identifiers in brackets). */
export function renderPath(path: Array<string | number>): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

function parseLiteral(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Blocks of the page's scripts (handed over by the parse: src/extract/dom.ts), `script[<i>]` counting all of them. */
export function hydrationBlocks(scripts: readonly RawScript[]): HydrationBlock[] {
  const blocks: HydrationBlock[] = [];
  scripts.forEach((script, index) => {
    const type = script.type;
    const text = script.text;
    if (text.length === 0 || text.length > MAX_SCRIPT_CHARS || type === 'application/ld+json') return;
    const id = script.id;
    if (type === 'application/json' || type.endsWith('+json')) {
      const data = parseLiteral(text);
      if (data !== undefined && typeof data === 'object' && data !== null) {
        blocks.push({ name: id ? `script#${id}` : `script[${index}]`, data });
      }
      return;
    }
    if (type !== '' && type !== 'text/javascript' && type !== 'module') return;
    const m = ASSIGNMENT.exec(text);
    if (!m) return;
    const literal = text.slice(m[0].length).trim().replace(/;\s*$/, '');
    const data = parseLiteral(literal);
    if (data !== undefined && typeof data === 'object' && data !== null) blocks.push({ name: `window.${m[1]}`, data });
  });
  // Framework state first: it is the page's own data; other JSON scripts are often configuration.
  const known = (b: HydrationBlock): number => (/__NEXT_DATA__|__NUXT|__INITIAL_STATE__|__PRELOADED_STATE__|__APOLLO_STATE__/.test(b.name) ? 0 : 1);
  return blocks.sort((a, b) => known(a) - known(b));
}

export function hydrationCandidates(scripts: readonly RawScript[]): Candidate[] {
  return hydrationBlocks(scripts).flatMap((block, i) =>
    flattenTree(block.data, {
      tier: i,
      source: 'hydration',
      dotDecimal: false,
      locator: (path) => `${block.name} ${renderPath(path)}`,
      preferProductish: true,
      maxNodes: MAX_NODES,
    }),
  );
}

export function hydrationProvider(scripts: readonly RawScript[]): Provider {
  return listProvider('hydration', hydrationCandidates(scripts));
}
