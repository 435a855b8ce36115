// The JSON side of an adapter result: its verified values as candidates for the JSON filler (src/json), and the
// fields the adapter withheld because their check failed. A withheld field must not be filled from another page
// source either: prices are never substituted from recommendations (spec "Preview response"), and a currency the
// adapter could not verify is not re-read from elsewhere (D170).
import type { JsonIssue } from '../capture/types.ts';
import type { Candidate } from '../json/sources/candidate.ts';
import { nameSet, normKey } from '../json/match-names.ts';
import type { AdapterIssue, AdapterResult, ProductValues, ValueEvidence } from './types.ts';

/** Names each value answers to besides its own (normalised with match-names' normKey; synonym groups apply too). */
const PRODUCT_KEYS: Record<keyof ProductValues, string[]> = {
  title: ['title', 'name', 'productTitle', 'productName'],
  asin: ['asin'],
  price: ['price'],
  currency: ['currency'],
  availability: ['availability'],
  region: ['region', 'deliverTo', 'deliveryRegion', 'deliveryLocation'],
  seller: ['seller', 'soldBy', 'merchant'],
  rating: ['rating'],
  reviewCount: ['reviewCount'],
};

const POST_KEYS: Record<string, string[]> = {
  authorName: ['authorName', 'author'],
  authorHandle: ['authorHandle', 'handle', 'username', 'userHandle'],
  publishedAt: ['publishedAt', 'datePublished', 'postedAt', 'createdAt'],
  text: ['text', 'content', 'body', 'postText'],
  title: ['title', 'threadTitle', 'topicTitle'],
  media: ['media', 'mediaUrls', 'attachments'],
  parent: ['parent', 'inReplyTo', 'parentPost'],
  replies: ['replies', 'replyList', 'comments'],
  'counts.replies': ['replyCount', 'repliesCount', 'replies', 'commentCount', 'comments'],
  'counts.reposts': ['repostCount', 'reposts', 'retweets', 'shares', 'boosts'],
  'counts.likes': ['likeCount', 'likes', 'favorites'],
  'counts.views': ['viewCount', 'views'],
};

/** Product fields an issue code takes away (a failed subject check takes every value of the product but its region). */
const WITHHOLDS: Record<AdapterIssue['code'], Array<keyof ProductValues>> = {
  subject_mismatch: ['title', 'asin', 'price', 'currency', 'availability', 'seller', 'rating', 'reviewCount'],
  subject_conflicting: ['title', 'asin', 'price', 'currency', 'availability', 'seller', 'rating', 'reviewCount'],
  subject_unverified: ['title', 'asin', 'price', 'currency', 'availability', 'seller', 'rating', 'reviewCount'],
  quote_unverified: ['price', 'currency', 'seller'],
  quote_absent_observed: ['price', 'currency', 'seller'],
  quote_conflicting: ['price', 'currency', 'seller'],
  currency_unverified: ['currency'],
  region_unverified: ['region'],
};

export interface WithheldField {
  /** Normalised names (as Candidate.keys) of the field: a schema field answering to one gets no page value. */
  keys: string[];
  field: keyof ProductValues;
  /** The issue to report for the field: a required field → record `incomplete` with this code (D171). */
  issue: JsonIssueSeed;
}

/** A JsonIssue without the path, which only the filler knows (the schema field's pointer). */
export type JsonIssueSeed = Omit<JsonIssue, 'path'>;

export interface AdapterJson {
  candidates: Candidate[];
  withheld: WithheldField[];
}

const keysOf = (names: string[]): string[] => [...new Set(names.map(normKey).filter((k) => k !== ''))];

/**
 * A withheld field blocks its names and their synonym groups (match-names.ts): whichever name a schema gives the
 * field (`name`, `amount`, `sku`…), no other source fills it. The ASIN also blocks product-id names.
 */
function withheldKeys(field: keyof ProductValues): string[] {
  return nameSet(field === 'asin' ? [...PRODUCT_KEYS.asin, 'productId'] : PRODUCT_KEYS[field]).keys;
}

function candidate(keys: string[], value: unknown, ev: ValueEvidence): Candidate {
  // Numbers read from page text quote it (spec "JSON extraction"); other sources carry their locator only.
  return { keys, value, source: ev.source, locator: ev.locator, dotDecimal: false, ...(ev.source === 'text' ? { quote: ev.quote } : {}) };
}

function postValue(result: AdapterResult, path: string): unknown {
  const post = result.post;
  if (post === undefined) return null;
  if (path.startsWith('counts.')) return post.counts[path.slice(7) as keyof typeof post.counts];
  if (path === 'media') return post.media.length > 0 ? post.media : null;
  if (path === 'replies') return post.replies.length > 0 ? post.replies : null;
  return (post as unknown as Record<string, unknown>)[path] ?? null;
}

/** Candidates for the JSON filler: only values the adapter reports (a value that failed its check is null there). */
export function adapterJsonCandidates(result: AdapterResult): AdapterJson {
  const candidates: Candidate[] = [];
  const withheld: WithheldField[] = [];
  if (result.product) {
    const product = result.product;
    for (const field of Object.keys(PRODUCT_KEYS) as Array<keyof ProductValues>) {
      const ev = result.evidence[field];
      if (product[field] !== null && ev) candidates.push(candidate(keysOf(PRODUCT_KEYS[field]), product[field], ev));
    }
    for (const issue of result.issues) {
      for (const field of WITHHOLDS[issue.code]) {
        if (product[field] !== null || withheld.some((w) => w.field === field)) continue;
        withheld.push({ keys: withheldKeys(field), field, issue: { code: issue.code, message: issue.message, ...(issue.quotes[0] ? { quote: issue.quotes[0].quote } : {}) } });
      }
    }
  }
  if (result.post) {
    for (const [path, names] of Object.entries(POST_KEYS)) {
      const value = postValue(result, path);
      const ev = path === 'media' ? result.evidence['media[0]'] : path === 'replies' ? result.evidence['replies[0]'] : result.evidence[path];
      if (value !== null && ev) candidates.push(candidate(keysOf(names), value, ev));
    }
  }
  return { candidates, withheld };
}
