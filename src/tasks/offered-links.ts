// The links a crawl's pages have already offered to its frontier, as the pages wrote them. A site links the same
// menu, footer and neighbour pages from every page; once a link string went through admission (and the transaction
// that admitted it committed), offering it again cannot change the frontier: it is in it, out of scope, or the
// frontier was full, and all three stay so (units are never deleted, scope and bound never change). Skipping those
// strings saves sending them to the crawl object and parsing and normalising them there: most of every page's links.
//
// Kept by the crawl consumer, in memory per isolate and per crawl, bounded (D300). It filters before the call to the
// crawl object rather than inside it: in a workerd profile the same lookups cost the object about ten times what they
// cost the consumer, on strings that had just crossed the call. An isolate that starts empty, or another isolate of
// the same crawl, only sends links the object has seen; its SQL admission skips them as before.
import { withoutHash } from '../net/url-guard.ts';

/** Link strings remembered at most per crawl (about 2 MB of memory for typical URLs). */
export const OFFERED_LINKS_MAX = 20_000;

/** Crawls remembered at most per isolate, the least recently used forgotten first. */
export const OFFERED_CRAWLS_MAX = 4;

export class OfferedLinks {
  readonly #seen = new Set<string>();
  readonly #max: number;

  constructor(max: number = OFFERED_LINKS_MAX) {
    this.#max = max;
  }

  /**
   * The links of `links` not offered before, in page order, without repeats, each without its fragment: the frontier
   * drops it anyway (it names a place in the same document), and a site's `#comments`, `#top` or per-section menu
   * anchors would otherwise make every page's copy of a link a new string.
   */
  fresh(links: readonly string[]): string[] {
    const out: string[] = [];
    const inPage = new Set<string>();
    for (const raw of links) {
      const link = withoutHash(raw);
      if (this.#seen.has(link) || inPage.has(link)) continue;
      inPage.add(link);
      out.push(link);
    }
    return out;
  }

  /** Call only once the admission of `links` has committed. */
  remember(links: readonly string[]): void {
    for (const link of links) {
      if (this.#seen.size >= this.#max) return;
      this.#seen.add(link);
    }
  }
}

/** One OfferedLinks per crawl, for the few crawls an isolate worked on last. */
export class OfferedLinksByCrawl {
  readonly #byCrawl = new Map<string, OfferedLinks>();
  readonly #crawls: number;
  readonly #links: number;

  constructor(crawls: number = OFFERED_CRAWLS_MAX, links: number = OFFERED_LINKS_MAX) {
    this.#crawls = crawls;
    this.#links = links;
  }

  of(crawlId: string): OfferedLinks {
    const known = this.#byCrawl.get(crawlId);
    // Re-inserted on use: a Map iterates in insertion order, so the first key is the least recently used.
    if (known) this.#byCrawl.delete(crawlId);
    const offered = known ?? new OfferedLinks(this.#links);
    this.#byCrawl.set(crawlId, offered);
    if (this.#byCrawl.size > this.#crawls) this.#byCrawl.delete(this.#byCrawl.keys().next().value as string);
    return offered;
  }
}
