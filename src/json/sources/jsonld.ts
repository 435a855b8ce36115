// JSON-LD (`<script type="application/ld+json">`): the most trusted page source. Locator null (spec evidence record).
import { flattenTree, listProvider, type Candidate, type Provider } from './candidate.ts';
import { all, type DomDocument } from './dom-types.ts';

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

/** Parses one block leniently: HTML comment and CDATA wrappers, raw control characters inside strings. */
export function parseJsonLdBlock(text: string): unknown {
  const body = text.trim().replace(/^<!--|-->$/g, '').replace(/^\s*\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>\s*$/g, '').trim();
  try {
    return JSON.parse(body);
  } catch {
    try {
      return JSON.parse(body.replace(/[\u0000-\u001f]+/g, ' '));
    } catch {
      return undefined;
    }
  }
}

/** The entity nodes of the page's JSON-LD, subject first. */
export function jsonLdNodes(doc: DomDocument): Array<{ node: Record<string, unknown>; rank: number }> {
  const nodes: Array<Record<string, unknown>> = [];
  const push = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(push);
    else if (v !== null && typeof v === 'object') {
      const obj = v as Record<string, unknown>;
      if (Array.isArray(obj['@graph'])) obj['@graph'].forEach(push);
      if ('@type' in obj) nodes.push(obj);
      if (obj.mainEntity !== null && typeof obj.mainEntity === 'object') push(obj.mainEntity);
    }
  };
  for (const script of all(doc, 'script[type="application/ld+json" i]')) push(parseJsonLdBlock(script.textContent ?? ''));
  const ranked = nodes.map((node, order) => ({ node, order, rank: typeRank(node) }));
  // Site furniture (WebSite, Organization, breadcrumbs) describes the site, not the page's subject: it answers only
  // when the page has no subject entity at all.
  const hasSubject = ranked.some((n) => n.rank <= 1);
  return ranked
    .filter((n) => !hasSubject || n.rank < 4)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map((n) => ({ node: n.node, rank: n.rank }));
}

export function jsonLdCandidates(doc: DomDocument): Candidate[] {
  return jsonLdNodes(doc).flatMap(({ node }, i) =>
    flattenTree(node, { source: 'jsonld', dotDecimal: true, locator: () => null, preferProductish: false, maxNodes: 5000, tier: i }),
  );
}

export function jsonLdProvider(doc: DomDocument): Provider {
  return listProvider('jsonld', jsonLdCandidates(doc));
}
