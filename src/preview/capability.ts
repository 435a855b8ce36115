// The capability hint (spec "Preview host": `/api/capability`): which route a URL would take and its limitation,
// from static rules only. It never contacts the target and spends nothing; DNS answers and redirects are checked by
// the guarded transport during the preview itself, and no hint can say whether a public site will allow access.
import type { AddressPolicy } from '../capture/profile.ts';

export type CapabilityRoute = 'generic' | 'retail_product' | 'microblog_post' | 'forum_post' | 'unsupported';

export interface CapabilityHint {
  url: string;
  route: CapabilityRoute;
  supported: boolean;
  limitation: string;
}

// Regional online stores whose product pages live at `/dp/{ASIN}` (an ASIN is 10 upper-case letters and digits).
const RETAIL_HOST = /^(?:www\.|smile\.)?amazon\.(?:com|ca|com\.mx|com\.br|co\.uk|de|fr|it|es|nl|se|pl|com\.be|com\.tr|ae|sa|eg|in|co\.jp|sg|com\.au|cn|ie)$/;
const ASIN_PATH = /(?:^|\/)(?:dp|gp\/product)\/([A-Z0-9]{10})(?:[/?#]|$)/;

interface PatternRule {
  route: 'microblog_post' | 'forum_post';
  host: RegExp;
  path: RegExp;
}

// Post pages of the common microblog and forum sites; anything else is generic.
const POST_RULES: PatternRule[] = [
  { route: 'microblog_post', host: /^(?:www\.|mobile\.)?(?:twitter\.com|x\.com)$/, path: /^\/[^/]+\/status(?:es)?\/\d+/ },
  { route: 'microblog_post', host: /^bsky\.app$/, path: /^\/profile\/[^/]+\/post\/[^/]+/ },
  { route: 'microblog_post', host: /^(?:www\.)?threads\.(?:net|com)$/, path: /^\/@[^/]+\/post\/[^/]+/ },
  // Mastodon and other fediverse servers: /@user/123456 on any host.
  { route: 'microblog_post', host: /./, path: /^\/@[A-Za-z0-9_]+(?:@[^/]+)?\/\d{6,}\/?$/ },
  { route: 'forum_post', host: /^(?:(?:www|old|new|np)\.)?reddit\.com$/, path: /^\/r\/[^/]+\/comments\/[a-z0-9]+/ },
  { route: 'forum_post', host: /^news\.ycombinator\.com$/, path: /^\/item$/ },
  // Discourse (/t/slug/123), phpBB (viewtopic.php), XenForo and vBulletin (/threads/…), Stack Exchange questions.
  { route: 'forum_post', host: /./, path: /^\/t\/[^/]+\/\d+/ },
  { route: 'forum_post', host: /./, path: /\/viewtopic\.php$/ },
  { route: 'forum_post', host: /./, path: /^\/(?:community\/)?threads\/[^/]+/ },
  { route: 'forum_post', host: /^(?:stackoverflow\.com|superuser\.com|serverfault\.com|[a-z0-9-]+\.stackexchange\.com)$/, path: /^\/questions\/\d+/ },
];

const LIMITATIONS: Record<Exclude<CapabilityRoute, 'unsupported'>, string> = {
  generic: 'Generic extraction of the page (public documentation and articles work best); the site may still block the preview or return little content.',
  retail_product:
    'A regional online-store product page: the retail product adapter (beta) checks the main product, region and currency; its strict reliability gates are open, and a missing price may be correct when the page shows no verifiable offer for the region.',
  microblog_post:
    'A microblog post: adapters exist only as local betas; hosted capture is not established, and policy, login, rendering or a challenge may prevent an anonymous result.',
  forum_post:
    'A forum post: adapters exist only as local betas; hosted capture is not established, and policy, login, rendering or a challenge may prevent an anonymous result.',
};

/** The route of a URL that passed the static address rules. */
export function routeFor(url: URL): Exclude<CapabilityRoute, 'unsupported'> {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (RETAIL_HOST.test(host) && ASIN_PATH.test(url.pathname)) return 'retail_product';
  for (const rule of POST_RULES) {
    if (rule.host.test(host) && rule.path.test(url.pathname)) {
      if (host === 'news.ycombinator.com' && !url.searchParams.has('id')) continue;
      return rule.route;
    }
  }
  return 'generic';
}

/**
 * The hint for a URL the caller has parsed. `policy` is the preview's own address policy, so the hint and the
 * preview refuse the same literals, names, schemes and credentials (and exempt the same origins).
 */
export function capabilityFor(url: URL, policy: AddressPolicy): CapabilityHint {
  const verdict = policy.checkLiteral(url);
  if (!verdict.allowed) {
    return { url: url.href, route: 'unsupported', supported: false, limitation: `This address cannot be previewed: ${verdict.detail}.` };
  }
  const route = routeFor(url);
  return { url: url.href, route, supported: true, limitation: LIMITATIONS[route] };
}
