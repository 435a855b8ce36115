// robots.txt parser (RFC 9309 §2.1–2.2). Pure: text in, groups out.
//
// Grouping follows RFC 9309 §2.1 and Google's reference parser: consecutive user-agent lines form one group, and
// only an allow/disallow line ends that run. Sitemap, Crawl-delay and unknown lines never end it (RFC 9309 §2.2.4
// "MUST NOT interfere"), which is one of robots-parser 3.0.1's fail-open bugs. Rules before the first user-agent
// line belong to no group and are ignored.

import { compilePattern, type CompiledPattern } from './pattern.ts';

export interface RobotsRule {
  allow: boolean;
  /** The value as written in robots.txt (after comment and whitespace removal), for diagnostics. */
  source: string;
  pattern: CompiledPattern;
}

export interface RobotsGroup {
  /** Lower-case product tokens of the group's user-agent lines; `*` for the catch-all group. */
  agents: string[];
  rules: RobotsRule[];
  /** Largest valid Crawl-delay given in this group, in milliseconds; null when none. */
  crawlDelayMs: number | null;
}

export interface RobotsRules {
  groups: RobotsGroup[];
  sitemaps: string[];
}

type Directive = 'user-agent' | 'allow' | 'disallow' | 'crawl-delay' | 'sitemap';

// Directive names are case-insensitive (RFC 9309 §2.2). The misspellings are the ones Google's parser accepts;
// site owners test their files against Google, so a file that "works" there should not fail open here.
const DIRECTIVES = new Map<string, Directive>([
  ['user-agent', 'user-agent'],
  ['useragent', 'user-agent'],
  ['user agent', 'user-agent'],
  ['allow', 'allow'],
  ['disallow', 'disallow'],
  ['dissallow', 'disallow'],
  ['dissalow', 'disallow'],
  ['disalow', 'disallow'],
  ['diasllow', 'disallow'],
  ['disallaw', 'disallow'],
  ['crawl-delay', 'crawl-delay'],
  ['sitemap', 'sitemap'],
  ['site-map', 'sitemap'],
]);

const CRAWL_DELAY = /^\d+(?:\.\d+)?$/;
const PRODUCT_TOKEN = /^[A-Za-z_-]+/;

/** Splits one line into a lower-case key and its value; null for blank, comment-only or unparseable lines. */
function splitLine(line: string): { key: string; value: string } | null {
  const hash = line.indexOf('#');
  const text = (hash >= 0 ? line.slice(0, hash) : line).trim();
  if (text === '') return null;
  const colon = text.indexOf(':');
  if (colon >= 0) return { key: text.slice(0, colon).trim().toLowerCase(), value: text.slice(colon + 1).trim() };
  // A missing colon is accepted when the line is exactly two words ("disallow /"), as Google's parser does; the
  // author's intent is plain and ignoring the line could fail open.
  const words = /^(\S+)[ \t]+(\S+)$/.exec(text);
  return words ? { key: words[1].toLowerCase(), value: words[2] } : null;
}

/**
 * Product token named by a user-agent value (RFC 9309 §2.2.1: `[a-zA-Z_-]+`), lower-cased; `*` for the catch-all.
 * A value such as `svc-capture/1.0` or `Foo Bar` is read up to the first other character, like Google does, so a
 * group written with a version or a comment still applies. null when the value names no token.
 */
function agentToken(value: string): string | null {
  if (value === '*' || /^\*\s/.test(value)) return '*';
  const m = PRODUCT_TOKEN.exec(value);
  return m ? m[0].toLowerCase() : null;
}

function crawlDelayMs(value: string): number | null {
  if (!CRAWL_DELAY.test(value)) return null;
  const ms = Math.round(Number(value) * 1000);
  return Number.isFinite(ms) ? ms : null;
}

/** Parses robots.txt text (already decoded as UTF-8, RFC 9309 §2.3). A leading BOM is skipped. */
export function parseRobots(body: string): RobotsRules {
  const text = body.charCodeAt(0) === 0xfeff ? body.slice(1) : body;
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  let current: RobotsGroup | null = null;
  let ruleSeen = false;

  for (const line of text.split(/\r\n|\r|\n/)) {
    const kv = splitLine(line);
    if (!kv) continue;
    const directive = DIRECTIVES.get(kv.key);
    if (directive === 'user-agent') {
      if (current === null || ruleSeen) {
        current = { agents: [], rules: [], crawlDelayMs: null };
        groups.push(current);
        ruleSeen = false;
      }
      const token = agentToken(kv.value);
      if (token !== null && !current.agents.includes(token)) current.agents.push(token);
    } else if (directive === 'allow' || directive === 'disallow') {
      if (current === null) continue;
      ruleSeen = true;
      // An empty value matches nothing (RFC 9309 §2.2.2 "empty-pattern"), but the line still ends the agent run.
      if (kv.value !== '') {
        current.rules.push({ allow: directive === 'allow', source: kv.value, pattern: compilePattern(kv.value) });
      }
    } else if (directive === 'crawl-delay') {
      if (current === null) continue;
      const ms = crawlDelayMs(kv.value);
      if (ms !== null && (current.crawlDelayMs === null || ms > current.crawlDelayMs)) current.crawlDelayMs = ms;
    } else if (directive === 'sitemap') {
      if (kv.value !== '') sitemaps.push(kv.value);
    }
  }
  return { groups, sitemaps };
}
