// What the crawl needs from one page's capture besides the result the caller sees: the formats to ask for (the
// frontier needs links even when the caller did not ask for them) and whether a request reached the host.
import type { FormatRequest } from '../capture/types.ts';
import type { ScrapeResult } from '../pipeline/result.ts';

/** The caller's formats, with `links` added when missing; `strip` says to remove links before delivering. */
export function crawlFormats(asked: readonly FormatRequest[]): { formats: FormatRequest[]; stripLinks: boolean } {
  const wantsLinks = asked.some((f) => f.type === 'links');
  return { formats: wantsLinks ? [...asked] : [...asked, { type: 'links' }], stripLinks: !wantsLinks };
}

/** Whether the capture sent the page request to the host (robots.txt refusals and invalid URLs send none). */
export function wasRequested(result: ScrapeResult): boolean {
  const r = result.evidenceRecord;
  if (r.redirectChain.urls.length > 0) return true;
  if (r.status === 'invalid_url') return false;
  return !(r.status === 'blocked' && (r.reason === 'robots_disallowed' || r.reason === 'robots_unreachable'));
}
