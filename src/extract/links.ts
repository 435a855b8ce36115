// The page's links: every <a href> of the whole document (navigation included), resolved against the document
// base (WHATWG HTML §4.2.3), de-duplicated in page order. Fragment-only references point back into the same page
// and are dropped; only http(s) targets are kept (javascript:, mailto:, tel:, data: are not pages to capture),
// see docs/decisions.md.
import { absoluteUrl } from './dom.ts';

export function collectLinks(hrefs: readonly string[], base: string): string[] {
  const seen = new Set<string>();
  // Navigation repeats the same href many times; it resolves to the same URL each time, so it is resolved once.
  const resolved = new Set<string>();
  const out: string[] = [];
  for (const raw of hrefs) {
    const href = raw.trim();
    if (href === '' || href.startsWith('#') || resolved.has(href)) continue;
    resolved.add(href);
    const abs = absoluteUrl(href, base);
    if (abs === null || !/^https?:/i.test(abs) || seen.has(abs)) continue;
    seen.add(abs);
    out.push(abs);
  }
  return out;
}
