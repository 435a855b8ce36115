// Site adapters (issue 18): small read-only modules that run inside runCapture after the lane and before JSON filling.
// Each one is chosen by the URL's path shape plus signals in the page, never by a list of hosts. An adapter reports
// only values that passed its checks; what failed a check is null and explained by an issue that quotes the page.
import type { EvidenceSource } from '../capture/types.ts';

/**
 * The slice of the parsed Document the adapters read. Deliberately without any mutating member (no remove,
 * setAttribute, appendChild...): the pipeline parses the page once and the extractor mutates it afterwards, so the
 * type system keeps every adapter read-only.
 */
/** A node as the text reader walks it (text nodes carry their text in `textContent`). */
export interface AdapterNode {
  readonly nodeType: number;
  readonly textContent: string | null;
}

export interface AdapterElement extends AdapterNode {
  readonly localName: string;
  readonly id: string;
  readonly textContent: string | null;
  readonly parentElement: AdapterElement | null;
  readonly children: ArrayLike<AdapterElement>;
  readonly childNodes: ArrayLike<AdapterNode>;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  querySelector(selector: string): AdapterElement | null;
  querySelectorAll(selector: string): ArrayLike<AdapterElement>;
  closest(selector: string): AdapterElement | null;
  contains(other: AdapterElement): boolean;
}

export interface AdapterDocument {
  querySelector(selector: string): AdapterElement | null;
  querySelectorAll(selector: string): ArrayLike<AdapterElement>;
}

export type AdapterName = 'retail_product' | 'microblog_post' | 'forum_post';

/** Where a value was read: evidence source, a locator a reader can follow on the page, and the text quoted. */
export interface ValueEvidence {
  source: EvidenceSource;
  /** CSS selector of the element (`#productTitle`), or `jsonld[<i>] <path>` for structured data. */
  locator: string;
  /** The page text (or attribute value) the value was read from, trimmed. */
  quote: string;
}

export type IssueCode =
  | 'subject_mismatch'
  | 'subject_conflicting'
  | 'subject_unverified'
  | 'quote_unverified'
  | 'quote_absent_observed'
  | 'quote_conflicting'
  | 'region_unverified'
  | 'currency_unverified';

/**
 * The order issues are listed in: the first one speaks for the page in the preview's single diagnostic (D168).
 * Identity first, then the quote, its currency, and the region.
 */
export const ISSUE_ORDER: readonly IssueCode[] = [
  'subject_mismatch', 'subject_conflicting', 'subject_unverified', 'quote_conflicting', 'quote_absent_observed',
  'quote_unverified', 'currency_unverified', 'region_unverified',
];

export interface AdapterIssue {
  code: IssueCode;
  /** The `document.product` field the issue concerns (`price`, `asin`...), or null for the whole record. */
  field: string | null;
  message: string;
  /**
   * `observed`: the page itself showed the condition (another ASIN, an unavailability notice, two prices);
   * `unobserved`: the expected evidence was missing. Same vocabulary as the preview's `diagnostic.evidence`.
   */
  evidence: 'observed' | 'unobserved';
  /** What was seen on the page, when anything was. */
  quotes: ValueEvidence[];
}

export interface ProductValues {
  title: string | null;
  asin: string | null;
  price: number | null;
  /** ISO 4217 code, only when the price text or the page's structured data settles it. */
  currency: string | null;
  /** The availability text as the page shows it (`In Stock`, `Derzeit nicht verfügbar.`). */
  availability: string | null;
  /** The delivery-context location (`Berlin 10115`), as shown next to "Deliver to". */
  region: string | null;
  seller: string | null;
  rating: number | null;
  reviewCount: number | null;
}

export interface PostRef {
  url: string | null;
  authorName: string | null;
  authorHandle: string | null;
  text: string | null;
  publishedAt: string | null;
}

export interface PostValues {
  authorName: string | null;
  /** `@name` (microblog handle, forum user name), as shown. */
  authorHandle: string | null;
  /** The machine-readable timestamp the page gives (`<time datetime>`, a data attribute), as written. */
  publishedAt: string | null;
  text: string | null;
  /** Thread title (forum topics); null for microblog posts. */
  title: string | null;
  /** Absolute URLs of images and videos attached to the post; [] when the post shows none. */
  media: string[];
  /** The post this one answers, when the page shows it. */
  parent: PostRef | null;
  /** Replies the page shows under the post (not a count). */
  replies: PostRef[];
  counts: { replies: number | null; reposts: number | null; likes: number | null; views: number | null };
}

export interface AdapterResult {
  adapter: AdapterName;
  product?: ProductValues;
  post?: PostValues;
  /** In ISSUE_ORDER: `issues[0]` is the preview's diagnostic. */
  issues: AdapterIssue[];
  /** Evidence per reported (non-null) value, keyed by field path: `price`, `counts.likes`, `media[0]`, `replies[1]`. */
  evidence: Record<string, ValueEvidence>;
  /** The post adapters found a login wall or a challenge instead of the post (never bypassed). */
  access?: { status: 'blocked'; reason: 'login_required' | 'challenge'; evidence: ValueEvidence };
}

/** A `<script>` as the pipeline's parse hands it over (src/extract/dom.ts RawScript): scripts are cut from the tree. */
export interface PageScript {
  type: string;
  text: string;
}

export interface AdapterInput {
  /** The URL as requested: the subject the caller asked for. */
  url: URL;
  /** The URL that answered (after redirects); null when unknown. */
  finalUrl: URL | null;
  /** Parsed once by the pipeline, before the extractor mutates its own copy. Never mutated here. */
  document: AdapterDocument;
  /** The page's scripts when the parse cut them out of `document` (ParsedPage.scripts); absent: read from `document`. */
  scripts?: readonly PageScript[];
  httpStatus: number | null;
}

/**
 * One adapter. `pathMatches` looks at the URL's path shape only (cheap, no DOM); `read` looks for the adapter's page
 * signals and reads the page, or returns null when the page does not carry them.
 */
export interface Adapter {
  name: AdapterName;
  pathMatches(url: URL): boolean;
  read(input: AdapterInput): AdapterResult | null;
}
