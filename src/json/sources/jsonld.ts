// JSON-LD (`<script type="application/ld+json">`): the most trusted page source. Locator null (spec evidence record).
// The entities come from the page's one structured-data read (src/extract/structured.ts), shared with
// `document.product`; this module only ranks them.
import type { JsonObject } from '../../extract/structured.ts';
import { flattenTree, listProvider, type Candidate, type Provider } from './candidate.ts';

// Entities whose values describe the page's subject come before site furniture (a WebSite or Organization `name`
// must not become a product's name).
const PRODUCT_TYPES = /^(Product|ProductGroup|IndividualProduct|ProductModel|Vehicle|Car|Offer|AggregateOffer)$/;
const MAIN_TYPES =
  /^(Article|NewsArticle|BlogPosting|TechArticle|Report|Recipe|Event|JobPosting|Book|Movie|MusicAlbum|SoftwareApplication|Course|Dataset|LocalBusiness|Restaurant|Hotel|Review|VideoObject|Place|Question|HowTo|Service|CreativeWork)$/;
const PAGE_TYPES = /^(WebPage|ItemPage|CollectionPage|ProfilePage|AboutPage|FAQPage|SearchResultsPage)$/;

function typeRank(node: Record<string, unknown>): number {
  const raw = node['@type'];
  const types = (Array.isArray(raw) ? raw : [raw]).map((t) => String(t ?? '').replace(/^https?:\/\/schema\.org\//, ''));
  if (types.some((t) => PRODUCT_TYPES.test(t))) return 0;
  if (types.some((t) => MAIN_TYPES.test(t))) return 1;
  if (types.some((t) => PAGE_TYPES.test(t))) return 3;
  if (types.some((t) => /^(WebSite|Organization|Corporation|BreadcrumbList|SiteNavigationElement|ImageObject|SearchAction|ListItem|Person)$/.test(t))) return 4;
  return 2;
}

/** The page's JSON-LD entities (structured.ts), subject first. */
export function jsonLdNodes(nodes: readonly JsonObject[]): Array<{ node: JsonObject; rank: number }> {
  const ranked = nodes.map((node, order) => ({ node, order, rank: typeRank(node) }));
  // Site furniture (WebSite, Organization, breadcrumbs) describes the site, not the page's subject: it answers only
  // when the page has no subject entity at all.
  const hasSubject = ranked.some((n) => n.rank <= 1);
  return ranked
    .filter((n) => !hasSubject || n.rank < 4)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map((n) => ({ node: n.node, rank: n.rank }));
}

export function jsonLdCandidates(nodes: readonly JsonObject[]): Candidate[] {
  return jsonLdNodes(nodes).flatMap(({ node }, i) =>
    flattenTree(node, { source: 'jsonld', dotDecimal: true, locator: () => null, preferProductish: false, maxNodes: 5000, tier: i }),
  );
}

export function jsonLdProvider(nodes: readonly JsonObject[]): Provider {
  return listProvider('jsonld', jsonLdCandidates(nodes));
}
