// Broken-markup robustness: `node_modules/.bin/node bench/extraction-broad/robustness.ts` (Node 24).
//
// Takes the 181 pages of the shared article benchmark (../shared/bench/extraction, or SVC_SHARED_DIR) and breaks each
// the ways real pages are broken (issue 17 point 3): no <body> and no </head>, a PHP warning before the document,
// a <meta>/<base> before <html>, a second <head>; and writes it the way 1990s editors did, tag and attribute names
// in upper case (D309). A browser shows every variant like the original; the extractor must too. Prints, per variant,
// the pages whose Markdown falls under 200 characters, the pages whose Markdown differs from the unbroken page's and
// the total characters against the unbroken pages; exits 1 when a variant loses pages.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { extractPage } from '../../src/extract/index.ts';
import { sharedDir } from '../extraction/run.ts';

const VARIANTS: Record<string, (h: string) => string> = {
  'as is': (h) => h,
  'no body, no </head>': (h) => h.replace(/<\/?body[^>]*>/gi, '').replace(/<\/head\s*>/gi, ''),
  'PHP warning first': (h) => `<br />\n<b>Warning</b>: Undefined variable $x in <b>/srv/page.php</b> on line <b>3</b><br />\n${h}`,
  '<meta>, <base> before <html>': (h) => `<meta charset="utf-8"><base href="https://x.example/">${h}`,
  'second <head>': (h) => h.replace(/<\/head\s*>/i, '<head><meta name="x" content="y">'),
  'upper-case names': upperCaseNames,
};

/** `<a href="x" class=y>` → `<A HREF="x" CLASS=y>`: names only, values and text as they were (script text too). */
function upperCaseNames(html: string): string {
  const attr = /(\s)([^\s"'<>\/=]+)(?=\s*=|\s|\/?>|$)/g;
  return html.replace(/<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g, (_m, slash: string, name: string, rest: string) => {
    // Quoted values are left alone: only the names between them change.
    const parts = rest.split(/("[^"]*"|'[^']*')/);
    const named = parts.map((p, i) => (i % 2 === 1 ? p : p.replace(attr, (_a, sp: string, n: string) => sp + n.toUpperCase())));
    return `<${slash}${name.toUpperCase()}${named.join('')}>`;
  });
}

function main(): number {
  const dir = path.join(sharedDir(), 'bench', 'extraction', 'html');
  if (!fs.existsSync(dir)) {
    console.error(`robustness: no pages under ${dir} (set SVC_SHARED_DIR to the shared/ folder)`);
    return 2;
  }
  const pages = fs.readdirSync(dir).filter((f) => f.endsWith('.html.gz')).map((f) => zlib.gunzipSync(fs.readFileSync(path.join(dir, f))).toString('utf8'));
  console.log(`| variant (${pages.length} pages) | pages under 200 chars | pages with other Markdown | Markdown chars vs as is |`);
  console.log('| --- | --- | --- | --- |');
  let base = 0;
  let lost = false;
  const unbroken: string[] = [];
  for (const [name, breakIt] of Object.entries(VARIANTS)) {
    let short = 0;
    let chars = 0;
    let other = 0;
    pages.forEach((html, i) => {
      const md = extractPage(breakIt(html), { url: 'https://x.example/a' }).markdown;
      if (md.trim().length < 200) short++;
      chars += md.length;
      if (name === 'as is') unbroken.push(md);
      else if (md !== unbroken[i]) other++;
    });
    if (name === 'as is') base = chars;
    else if (short > 0) lost = true;
    console.log(`| ${name} | ${short} | ${other} | ${(chars / base).toFixed(3)} |`);
  }
  return lost ? 1 : 0;
}

if (import.meta.main) process.exit(main());
