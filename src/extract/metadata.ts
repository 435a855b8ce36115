// The seven metadata values of the spec ("Scrape result, batch item, crawl page"), each null when the page does not
// declare it. An empty or whitespace-only declaration counts as not declared.
import type { PageMetadata } from '../capture/types.ts';
import { absoluteUrl, normalizeSpace } from './dom.ts';
import type { PageScan } from './scan.ts';

export function nonEmpty(s: string | null | undefined): string | null {
  if (s === null || s === undefined) return null;
  const t = normalizeSpace(s);
  return t === '' ? null : t;
}

/** `<meta name=…>` content; names compare case-insensitively (WHATWG HTML §4.2.5.1). First declaration wins. */
export function metaByName(scan: PageScan, name: string): string | null {
  for (const m of scan.metas) {
    if (m.key === name) {
      const v = nonEmpty(m.content);
      if (v !== null) return v;
    }
  }
  return null;
}

/** `<meta property=…>` content (Open Graph uses `property`; some pages put it in `name`). */
export function metaByProperty(scan: PageScan, prop: string): string | null {
  for (const m of scan.metas) {
    if (m.property === prop || m.key === prop) {
      const v = nonEmpty(m.content);
      if (v !== null) return v;
    }
  }
  return null;
}

/** href of the first `<link>` whose rel token list (case-insensitive, WHATWG HTML §4.6.7) contains `rel`. */
function linkHref(scan: PageScan, rel: string, base: string): string | null {
  for (const l of scan.linkRels) {
    if (l.rel.includes(rel) && nonEmpty(l.href) !== null) return absoluteUrl(l.href, base);
  }
  return null;
}

export function readMetadata(
  scan: PageScan,
  htmlLang: string | null,
  base: string,
  contentLanguage: string | null | undefined,
): PageMetadata {
  return {
    title: nonEmpty(scan.title),
    description: metaByName(scan, 'description'),
    language: nonEmpty(htmlLang) ?? nonEmpty(contentLanguage),
    keywords: metaByName(scan, 'keywords'),
    robots: metaByName(scan, 'robots'),
    icon: linkHref(scan, 'icon', base),
    canonical: linkHref(scan, 'canonical', base),
  };
}
