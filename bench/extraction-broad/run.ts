// Broad extraction benchmark: `node bench/extraction-broad/run.ts` (Node 24: node_modules/.bin/node).
//
// Pages we wrote ourselves (pages/*.html; see README.md) of the kinds the shared article benchmark lacks: news, blogs,
// recipes, shops' editorial pages, public-sector and documentation pages, half of them in German, some with broken
// markup. The expected text is marked in each page's source with a `data-gold` attribute on the elements that hold
// it; this runner derives the ground truth from those elements, removes the attributes from the HTML the extractors
// see, writes a data folder in the shared benchmark's format and scores ours and Readability with the shared scorer
// (`score.mjs --data`), so the metric is exactly the shared one (4-token shingles, macro P/R, F1).
// Prints both scores side by side, per kind, and per page. Options: --worst N (passed to the scorer for ours).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseHTML } from 'linkedom';
import { decodeHtml } from '../../src/pipeline/body.ts';
import { parseScoreLine, sharedDir } from '../extraction/run.ts';

const HERE = import.meta.dirname;
const REPO = path.resolve(HERE, '..', '..');
const PAGES = path.join(HERE, 'pages');

interface Page {
  id: string;
  kind: string;
  lang: string;
  url: string;
  html: string;
  truth: string;
}

interface DomLike {
  nodeType: number;
  localName?: string;
  textContent: string | null;
  parentElement: DomLike | null;
  childNodes: ArrayLike<DomLike>;
  hasAttribute?(name: string): boolean;
}

const BLOCK = /^(?:p|div|section|article|li|ul|ol|h[1-6]|tr|table|thead|tbody|pre|blockquote|dl|dt|dd|figure|br|span)$/;

const RAW_TEXT = /^(?:script|style|noscript|template)$/;

/** Text of an element with line breaks at block boundaries (spans too: the old-style page writes paragraphs as spans). */
function blockText(n: DomLike, out: string[]): void {
  if (n.nodeType === 3) {
    out.push(n.textContent ?? '');
    return;
  }
  // A script or style inside a marked element is never text a reader sees.
  if (n.nodeType !== 1 || RAW_TEXT.test(n.localName ?? '')) return;
  const block = BLOCK.test(n.localName ?? '');
  if (block) out.push('\n');
  if (n.localName === 'td' || n.localName === 'th') out.push(' ');
  for (const c of Array.from(n.childNodes)) blockText(c, out);
  if (block) out.push('\n');
}

function goldText(html: string): string {
  // linkedom's queries do not enter a <template>; an author who marked text inside one (a Wiki.js page's text is in a
  // Vue slot template) expects it, so the marks are read with templates as plain elements.
  const { document } = parseHTML(html.replace(/<(\/?)template(?=[\s/>])/gi, '<$1div')) as unknown as { document: { querySelectorAll(s: string): ArrayLike<DomLike> } };
  const parts: string[] = [];
  for (const el of Array.from(document.querySelectorAll('[data-gold]'))) {
    let nested = false;
    for (let a = el.parentElement; a !== null; a = a.parentElement) if (a.hasAttribute?.('data-gold')) nested = true;
    if (nested) continue;
    const out: string[] = [];
    blockText(el, out);
    parts.push(out.join('').split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter((l) => l !== '').join('\n'));
  }
  return parts.join('\n\n');
}

/**
 * A page file's text: UTF-8 when its bytes are UTF-8 (as their authors wrote them, even under an old page's
 * `<meta charset=windows-1252>`), else decoded as the service decodes a body without a charset header (its <meta
 * charset>): some old pages are ISO-8859-1 or windows-1252 bytes.
 */
function pageText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return decodeHtml(bytes, null).text;
  }
}

export function loadPages(): Page[] {
  return fs.readdirSync(PAGES).filter((f) => f.endsWith('.html')).sort().map((f) => {
    const id = f.slice(0, -5);
    const source = pageText(fs.readFileSync(path.join(PAGES, f)));
    const [kind, lang] = id.split('-');
    return {
      id,
      kind,
      lang,
      url: `https://${id}.example/page`,
      html: source.replace(/\s+data-gold(?:="[^"]*")?(?=[\s>])/g, ''),
      truth: goldText(source),
    };
  });
}

function writeDataDir(pages: Page[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'extraction-broad-'));
  fs.mkdirSync(path.join(dir, 'html'));
  const gt: Record<string, { articleBody: string; url: string }> = {};
  for (const p of pages) {
    gt[p.id] = { articleBody: p.truth, url: p.url };
    fs.writeFileSync(path.join(dir, 'html', `${p.id}.html.gz`), zlib.gzipSync(p.html));
  }
  fs.writeFileSync(path.join(dir, 'ground-truth.json'), JSON.stringify(gt, null, 1));
  return dir;
}

interface PageScore {
  id: string;
  f1: number;
  precision: number;
  recall: number;
}

function score(method: string, data: string, extra: string[]): { line: string; pages: PageScore[] } {
  const scorer = path.join(sharedDir(), 'bench', 'extraction', 'score.mjs');
  const jsonOut = path.join(data, `${method}.json`);
  const cmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(path.join(REPO, 'bench', 'extraction', 'batch.ts'))} ${method} {in} {out}`;
  const r = spawnSync(process.execPath, [scorer, '--data', data, '--batch-cmd', cmd, '--bootstrap', '0', '--json-out', jsonOut, ...extra], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.stderr) process.stderr.write(r.stderr);
  const parsed = parseScoreLine(r.stdout ?? '');
  console.log(`[${method}] ${(r.stdout ?? '').trim()}\n`);
  const pages = fs.existsSync(jsonOut) ? (JSON.parse(fs.readFileSync(jsonOut, 'utf8')) as { pages: PageScore[] }).pages : [];
  return { line: parsed?.line ?? '(no score)', pages };
}

/** Macro P/R/F1 as the scorer computes them (P over pages with output, R over all). */
function macro(list: PageScore[]): [number, number, number] {
  if (list.length === 0) return [NaN, NaN, NaN];
  const withOutput = list.filter((p) => p.precision > 0 || p.recall > 0);
  const P = withOutput.reduce((s, p) => s + p.precision, 0) / Math.max(1, withOutput.length);
  const R = list.reduce((s, p) => s + p.recall, 0) / list.length;
  return [P + R > 0 ? (2 * P * R) / (P + R) : 0, P, R];
}

const f3 = (n: number): string => (Number.isFinite(n) ? n.toFixed(3) : '–');

function main(): number {
  const args = process.argv.slice(2);
  const worst = args.indexOf('--worst');
  const extra = worst >= 0 && args[worst + 1] !== undefined ? ['--worst', args[worst + 1]] : [];
  if (!fs.existsSync(path.join(sharedDir(), 'bench', 'extraction', 'score.mjs'))) {
    console.error(`extraction-broad: no shared scorer under ${sharedDir()} (set SVC_SHARED_DIR to the shared/ folder)`);
    return 2;
  }
  const pages = loadPages();
  const data = writeDataDir(pages);
  try {
    const ours = score('ours', data, extra);
    const base = score('readability', data, []);
    const groups: Array<[string, (p: Page) => boolean]> = [
      ['all', () => true],
      ...[...new Set(pages.map((p) => p.kind))].map((k): [string, (p: Page) => boolean] => [`kind ${k}`, (p) => p.kind === k]),
      ...[...new Set(pages.map((p) => p.lang))].map((l): [string, (p: Page) => boolean] => [`lang ${l}`, (p) => p.lang === l]),
    ];
    console.log(`| pages (${pages.length}) | ours F1 | P | R | Readability F1 | P | R |`);
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const [name, keep] of groups) {
      const ids = new Set(pages.filter(keep).map((p) => p.id));
      const o = macro(ours.pages.filter((p) => ids.has(p.id)));
      const b = macro(base.pages.filter((p) => ids.has(p.id)));
      console.log(`| ${name} (${ids.size}) | ${f3(o[0])} | ${f3(o[1])} | ${f3(o[2])} | ${f3(b[0])} | ${f3(b[1])} | ${f3(b[2])} |`);
    }
    console.log('\n| page | ours F1 | Readability F1 |\n| --- | --- | --- |');
    for (const p of pages) {
      const o = ours.pages.find((x) => x.id === p.id);
      const b = base.pages.find((x) => x.id === p.id);
      console.log(`| ${p.id} | ${f3(o?.f1 ?? NaN)} | ${f3(b?.f1 ?? NaN)} |`);
    }
    return ours.pages.length === pages.length && base.pages.length === pages.length ? 0 : 1;
  } finally {
    fs.rmSync(data, { recursive: true, force: true });
  }
}

if (import.meta.main) process.exit(main());
