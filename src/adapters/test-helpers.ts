// Shared by the adapter tests: fixture pages parsed the way the pipeline parses them (the light DOM, once).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLight } from '../extract/light/build.ts';
import { parsePage } from '../extract/page.ts';
import type { AdapterDocument, AdapterResult, PageScript } from './types.ts';

const ROOT = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'adapters');

export function fixtureHtml(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8');
}

export function parseFixture(path: string): AdapterDocument {
  return parseLight(fixtureHtml(path)) as unknown as AdapterDocument;
}

/**
 * The two ways a page reaches an adapter: a plain parse (scripts stay in the tree, as in a rendered DOM), and the pipeline's one
 * parse (src/extract/page.ts: scripts cut out and handed over, tree repaired).
 */
export const PARSE_MODES = ['plain', 'pipeline'] as const;
export type ParseMode = (typeof PARSE_MODES)[number];

export function fixturePage(path: string, mode: ParseMode, url = 'http://127.0.0.1:8000/'): { document: AdapterDocument; scripts?: PageScript[] } {
  if (mode === 'plain') return { document: parseFixture(path) };
  const page = parsePage(fixtureHtml(path), { url });
  return { document: page.document as unknown as AdapterDocument, scripts: [...page.scripts] };
}

/** Every reported value has evidence and every evidence quote is non-empty: the adapters' own contract. */
export function evidenceGaps(result: AdapterResult): string[] {
  const gaps: string[] = [];
  const values: Record<string, unknown> = { ...(result.product ?? {}) };
  if (result.post) {
    const { counts, media, replies, ...rest } = result.post;
    Object.assign(values, rest);
    for (const [k, v] of Object.entries(counts)) values[`counts.${k}`] = v;
    media.forEach((m, i) => (values[`media[${i}]`] = m));
    replies.forEach((r, i) => (values[`replies[${i}]`] = r));
  }
  for (const [k, v] of Object.entries(values)) {
    if (v !== null && !result.evidence[k]) gaps.push(`${k}: no evidence`);
  }
  for (const [k, ev] of Object.entries(result.evidence)) {
    if (ev.quote === '' || ev.locator === '') gaps.push(`${k}: empty quote or locator`);
  }
  return gaps;
}
