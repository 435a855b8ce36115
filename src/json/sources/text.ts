// Numbers read from the delivered page text (source `text`): a line naming the field (`4.6 out of 5 · 1,234
// reviews`, `Weight 2,5 kg`) gives the number next to the name. The evidence quotes the line (spec "Evidence
// sources"); locator `line <N>`, 1-based in the delivered markdown (docs/decisions.md).
import { readNumber } from '../numbers.ts';
import type { NameSet } from '../match-names.ts';
import type { Candidate, Provider } from './candidate.ts';

const NEAR_AFTER = 40;
const NEAR_BEFORE = 60;
const MAX_QUOTE = 200;
const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Markdown markup around words: emphasis, table pipes, headings, links' targets. */
function plain(line: string): string {
  return line
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`|#>]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function textProvider(markdown: string): Provider {
  const lines = markdown.split(/\r?\n/).map(plain);
  const lower = lines.map((l) => l.toLowerCase());
  const byPhrase = new Map<string, Candidate[]>();
  const scan = (phrase: string): Candidate[] => {
    const cached = byPhrase.get(phrase);
    if (cached) return cached;
    const out: Candidate[] = [];
    const words = phrase.split(' ');
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${words.map(escapeRe).join('[\\s_-]+')}(?![\\p{L}\\p{N}])`, 'giu');
    lines.forEach((line, i) => {
      // Cheap prefilter before the Unicode-aware match.
      if (!lower[i].includes(words[0])) return;
      for (const m of line.matchAll(re)) {
        const text = numberNear(line, m.index, m[0].length);
        if (text === null) continue;
        const quote = line.length <= MAX_QUOTE ? line : text;
        out.push({ keys: [], value: text, source: 'text', locator: `line ${i + 1}`, dotDecimal: false, quote });
      }
    });
    byPhrase.set(phrase, out);
    return out;
  };
  return {
    source: 'text',
    find(names: NameSet, wantsNumber: boolean): Candidate[] {
      if (!wantsNumber) return [];
      const out: Candidate[] = [];
      const seen = new Set<string>();
      for (const phrase of names.phrases) {
        for (const c of scan(phrase)) {
          const id = `${c.locator}:${String(c.value)}`;
          if (seen.has(id)) continue;
          seen.add(id);
          out.push(c);
        }
      }
      return out;
    },
  };
}

/**
 * The number written next to a name: right before it (`1,234 reviews`, `4.6 out of 5 stars`), or after it
 * (`Rating: 4.5`, `Price 12,99 €`) within 40 characters with nothing but punctuation, spaces or a currency between.
 */
function numberNear(line: string, index: number, length: number): string | null {
  const before = /((?:[^\p{L}\p{N}\s]{1,3}|[A-Z]{3})?\s?[-−]?\d[\d.,'’ \u00a0\u202f]*)(?:\s*(?:out of|of|\/)\s*\d+(?:[.,]\d+)?)?\s*$/u.exec(
    line.slice(Math.max(0, index - NEAR_BEFORE), index),
  );
  if (before && readNumber(before[1], { dotDecimal: false, count: false }).kind !== 'none') return before[1].trim();
  const after = /^[\s:=–—-]*((?:[^\p{L}\p{N}\s(]{1,3}|[A-Z]{3})?\s?[-−]?\d[\d.,'’ \u00a0\u202f]*(?:[.,][-–])?(?:\s?(?:[^\p{L}\p{N}\s(]{1,3}|[A-Z]{3}))?)/u.exec(
    line.slice(index + length, index + length + NEAR_AFTER),
  );
  if (after && readNumber(after[1], { dotDecimal: false, count: false }).kind !== 'none') return after[1].trim();
  return null;
}
