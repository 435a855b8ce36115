// The links a crawl object has already offered to its frontier, as the pages wrote them. A site links the same
// menu, footer and neighbour pages from every page; once a link string went through admission (and the transaction
// that admitted it committed), offering it again cannot change the frontier: it is in it, out of scope, or the
// frontier was full, and all three stay so (units are never deleted, scope and bound never change). Skipping those
// strings saves parsing and normalising most of every page's links. Kept in memory per object instance, bounded: an
// evicted object simply starts again with an empty set.

/** Link strings remembered at most (about 2 MB of memory for typical URLs). */
export const OFFERED_LINKS_MAX = 20_000;

export class OfferedLinks {
  readonly #seen = new Set<string>();
  readonly #max: number;

  constructor(max: number = OFFERED_LINKS_MAX) {
    this.#max = max;
  }

  /** The links of `links` not offered before, in page order, without repeats. */
  fresh(links: readonly string[]): string[] {
    const out: string[] = [];
    const inPage = new Set<string>();
    for (const link of links) {
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
