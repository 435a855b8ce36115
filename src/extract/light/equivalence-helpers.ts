// Shared by the light DOM's equivalence test: the repository's HTML pages, a serialisation of a parsed tree, and a
// comparison that names the first difference (whole-page diffs of large arrays are unreadable and slow).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { DomDocument, DomNode } from '../dom.ts';

const REPO = path.resolve(import.meta.dirname, '..', '..', '..');

export interface FixturePage {
  /** Path relative to the repository root. */
  name: string;
  html: string;
  url: string;
  contentLanguage: string | null;
}

function filesUnder(dir: string, suffix: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((f) => path.join(dir, f));
}

interface GoldenEntry {
  name: string;
  url: string;
  contentLanguage: string | null;
}

/** Page URLs the golden pages are extracted with (test/fixtures/pages/index.json); others get a neutral one. */
function goldenUrls(): Map<string, GoldenEntry> {
  const index = path.join(REPO, 'test', 'fixtures', 'pages', 'index.json');
  const entries = JSON.parse(fs.readFileSync(index, 'utf8')) as GoldenEntry[];
  return new Map(entries.map((e) => [path.join(REPO, 'test', 'fixtures', 'pages', `${e.name}.html`), e]));
}

/** Every HTML page of the repository: test/fixtures (plain and gzipped) and the broad extraction bench's pages. */
export function fixturePages(): FixturePage[] {
  const golden = goldenUrls();
  const files = [
    ...filesUnder(path.join(REPO, 'test', 'fixtures'), '.html'),
    ...filesUnder(path.join(REPO, 'test', 'fixtures', 'extraction-subset', 'html'), '.html.gz'),
    ...filesUnder(path.join(REPO, 'bench', 'extraction-broad', 'pages'), '.html'),
  ];
  return files.map((file) => {
    const raw = fs.readFileSync(file);
    const html = (file.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8');
    const name = path.relative(REPO, file);
    const g = golden.get(file);
    return { name, html, url: g?.url ?? `https://pages.example/${name}`, contentLanguage: g?.contentLanguage ?? null };
  });
}

/** The adapter fixtures (test/fixtures/adapters), by their path below that folder. */
export function adapterFixtures(): Array<{ file: string; html: string }> {
  const dir = path.join(REPO, 'test', 'fixtures', 'adapters');
  return filesUnder(dir, '.html').map((f) => ({ file: path.relative(dir, f), html: fs.readFileSync(f, 'utf8') }));
}

/** Request paths the adapter tests use (`path: '…'` in their case tables), read from the tests themselves. */
export function adapterTestPaths(): string[] {
  const tests = ['src/adapters/retail/retail.test.ts', 'src/adapters/posts/posts.test.ts'];
  const paths = new Set<string>();
  for (const t of tests) {
    for (const m of fs.readFileSync(path.join(REPO, t), 'utf8').matchAll(/\b(?:path|finalPath): '([^']+)'/g)) paths.add(m[1]);
  }
  return [...paths].sort();
}

interface Inspectable extends DomNode {
  readonly localName?: string;
  readonly data?: string;
  getAttributeNames?(): string[];
  getAttribute?(name: string): string | null;
}

const DOCUMENT_TYPE_NODE = 10;

function line(n: Inspectable): string {
  switch (n.nodeType) {
    case 1: {
      const names = n.getAttributeNames?.() ?? [];
      const attrs = names.map((a) => ` ${a}=${JSON.stringify(n.getAttribute?.(a))}`).join('');
      return `<${n.localName ?? '?'}${attrs}> ${n.nodeName}`;
    }
    case 3:
      return `#text ${JSON.stringify(n.data)}`;
    case 8:
      return `#comment ${JSON.stringify(n.data)}`;
    default:
      return `#node ${n.nodeType} ${n.nodeName}`;
  }
}

/** One line per node, indented by depth: tag, attributes in order and nodeName; text and comment data. */
export function serializeNode(root: DomNode, out: string[] = [], depth = 0): string[] {
  out.push(`${'  '.repeat(depth)}${line(root as Inspectable)}`);
  for (let c = root.firstChild; c !== null; c = c.nextSibling) serializeNode(c, out, depth + 1);
  return out;
}

/** The document's nodes (a doctype, which the light DOM does not keep, left out). */
export function serializeDocument(doc: DomDocument): string[] {
  const out: string[] = [];
  for (const n of Array.from(doc.childNodes)) if (n.nodeType !== DOCUMENT_TYPE_NODE) serializeNode(n, out, 0);
  return out;
}

/** null when equal, else where the two serialisations part, with a few lines of context. */
export function firstDifference(a: readonly string[], b: readonly string[]): string | null {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) continue;
    const from = Math.max(0, i - 3);
    const show = (x: readonly string[]): string => x.slice(from, i + 3).map((l) => l.slice(0, 200)).join('\n');
    return `line ${i} of ${a.length} / ${b.length}:\n--- light\n${show(a)}\n--- linkedom\n${show(b)}`;
  }
  return null;
}
