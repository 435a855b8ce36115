// A capture profile says who is capturing and under which limits. Every surface picks one and hands it to runCapture:
// /v1 (scrape, batch items, crawl pages, monitor runs, /fc, MCP) uses `api`; the anonymous preview uses `preview`.
// Profiles are plain data plus an address policy, so a test can build its own.
import type { CrawlMode, Lane } from './types.ts';

export type { AddressDenial, AddressPolicy, AddressVerdict } from '../net/policy-types.ts';
import type { AddressPolicy } from '../net/policy-types.ts';

export interface CaptureProfile {
  readonly name: 'api' | 'preview';
  /** robots.txt product tokens, most specific first; the first group found replaces `*` (RFC 9309 §2.2.1). */
  readonly robotsTokens: readonly string[];
  /** The User-Agent sent with every request of a capture (robots.txt included). */
  userAgent(mode: CrawlMode, contact: string | null): string;
  /** HTML read per page; a longer page is extracted from its first bytes and reported `partial` / `page_cap`. */
  readonly pageMaxBytes: number;
  /** Upper bound for a file; null = the operator's SVC_MAX_FILE_BYTES (a request may only lower it). */
  readonly fileMaxBytes: number | null;
  /** At most this many links in a result; null = all. */
  readonly linksMax: number | null;
  readonly addressPolicy: AddressPolicy;
  /** Lanes this profile may use, in the order `auto` tries them. */
  readonly lanes: readonly Lane[];
  /** Whether files are stored in R2 (the preview reads and shows files but stores none). */
  readonly storeFiles: boolean;
  /** Whether the JSON model fallback may run. */
  readonly modelFallback: boolean;
}
