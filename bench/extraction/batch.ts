// Batch extractor for the shared scorer (/work/shared/bench/extraction/score.mjs --batch-cmd):
//   node bench/extraction/batch.ts <method> <IN_DIR> <OUT_DIR>
// method: `ours` (src/extract, the code that serves /v1/scrape) or `readability` (@mozilla/readability on linkedom,
// its `content` through turndown: the benchmark README's baseline). Reads IN_DIR/<id>.html and pages.json, writes
// OUT_DIR/<id>.md. The CPU time of the whole HTML → Markdown step of each page (process.cpuUsage, user + system,
// one process for all pages) goes to the JSON file named by env TIMING_OUT, when set. With env WARMUP=1 every page
// is converted once untimed first, so the timed pass measures a warmed-up process (JIT done), as a long-lived
// Worker isolate is; garbage collection stays inside the timed calls.
import fs from 'node:fs';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';
import { extractPage } from '../../src/extract/index.ts';

type Method = (html: string, url: string) => string;

function readabilityMethod(): Method {
  const td = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  td.remove(['script', 'style', 'noscript', 'template']);
  return (html) => {
    const doc = parseHTML(html).document as unknown as ConstructorParameters<typeof Readability>[0];
    const r = new Readability(doc).parse();
    return r?.content ? td.turndown(r.content) : '';
  };
}

const METHODS: Record<string, () => Method> = {
  ours: () => (html, url) => extractPage(html, { url }).markdown,
  readability: readabilityMethod,
};

function main(): void {
  const [method, inDir, outDir] = process.argv.slice(2);
  const make = method === undefined ? undefined : METHODS[method];
  if (make === undefined || inDir === undefined || outDir === undefined) {
    console.error(`usage: node bench/extraction/batch.ts (${Object.keys(METHODS).join('|')}) IN_DIR OUT_DIR`);
    process.exit(2);
  }
  const fn = make();
  const urls = JSON.parse(fs.readFileSync(path.join(inDir, 'pages.json'), 'utf8')) as Record<string, string>;
  fs.mkdirSync(outDir, { recursive: true });
  const timings: Record<string, number> = {};
  const files = fs.readdirSync(inDir).filter((f) => f.endsWith('.html')).sort();
  const pages = files.map((f) => ({ id: f.slice(0, -5), html: fs.readFileSync(path.join(inDir, f), 'utf8') }));
  if (process.env['WARMUP'] === '1') {
    for (const { id, html } of pages) {
      try {
        fn(html, urls[id] ?? '');
      } catch {
        // reported by the timed pass
      }
    }
  }
  for (const { id, html } of pages) {
    try {
      const t0 = process.cpuUsage();
      const md = fn(html, urls[id] ?? '');
      const dt = process.cpuUsage(t0);
      timings[id] = (dt.user + dt.system) / 1000;
      fs.writeFileSync(path.join(outDir, `${id}.md`), md);
    } catch (e) {
      console.error(`${id}: ${e instanceof Error ? e.stack ?? e.message : String(e)}`); // no file → failed page
    }
  }
  const timingOut = process.env['TIMING_OUT'];
  if (timingOut) fs.writeFileSync(timingOut, JSON.stringify(timings));
}

main();
