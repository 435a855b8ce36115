// The issue-17 table from the rows run.mjs writes with --json: pages/s of each runner per latency (median run), our
// two rows' service CPU per page (workerd processes, watched by run.mjs) and the native crawl's ratio to the
// hand-rolled pipeline measured in the same run.

export interface BenchRow {
  latency: number | null;
  rep: number;
  runner: string;
  crawl?: { pages: number; pages_per_s: number };
  verify: { ok: boolean; robotsTxt: number; problems: string[] };
  /** CPU seconds of the service's workerd processes during this run (bench/crawl/run.ts). */
  watchCpuS: number | null;
}

const LABELS: Record<string, string> = {
  'raw-fetch': 'raw fetch',
  handrolled: 'hand-rolled (fetch+Readability+turndown)',
  crawlee: 'Crawlee',
  scrape: '/v1/scrape per page',
  crawl: 'native crawl (/v1/crawls)',
};

function median(rows: readonly BenchRow[]): BenchRow | null {
  const ok = rows.filter((r) => r.crawl).sort((a, b) => (a.crawl?.pages_per_s ?? 0) - (b.crawl?.pages_per_s ?? 0));
  return ok.length ? ok[Math.floor((ok.length - 1) / 2)] : null;
}

function cell(r: BenchRow | null): string {
  if (!r?.crawl) return 'no result';
  const notes = r.verify.ok ? [] : [`${r.crawl.pages} pages, FAIL: ${r.verify.problems.join('; ')}`];
  return `${r.crawl.pages_per_s.toFixed(1)}${notes.length ? ` (${notes.join('')})` : ''}`;
}

const cpuMs = (r: BenchRow | null) => (r?.crawl && r.watchCpuS !== null && r.crawl.pages > 0 ? ((r.watchCpuS * 1000) / r.crawl.pages).toFixed(1) : '–');

export function issueTable(rows: readonly BenchRow[], peers: readonly string[], ours: readonly string[] = ['scrape', 'crawl']): string {
  const runners = [...peers, ...ours];
  const head = [
    'latency',
    ...runners.map((r) => LABELS[r] ?? r),
    'native crawl ÷ hand-rolled',
    'service CPU ms/page: scrape',
    'service CPU ms/page: crawl',
    // Per crawl, in run order: the first crawl reads it; later ones within the service's robots cache lifetime read none.
    'robots.txt reads per crawl',
  ];
  const lines = [`| ${head.join(' | ')} |`, `| --- |${' --: |'.repeat(head.length - 1)}`];
  for (const latency of [...new Set(rows.map((r) => r.latency))]) {
    const pick = (runner: string) => median(rows.filter((r) => r.latency === latency && r.runner === runner));
    const crawl = pick('crawl');
    const hand = pick('handrolled');
    const reads = rows.filter((r) => r.latency === latency && r.runner === 'crawl').map((r) => r.verify.robotsTxt);
    const ratio = crawl?.crawl && hand?.crawl ? (crawl.crawl.pages_per_s / hand.crawl.pages_per_s).toFixed(2) : '–';
    lines.push(
      `| ${latency ?? '-'} ms | ${runners.map((r) => cell(pick(r))).join(' | ')} | ${ratio} | ${cpuMs(pick('scrape'))} | ${cpuMs(crawl)} | ${reads.length ? reads.join(', ') : '–'} |`,
    );
  }
  return lines.join('\n');
}
