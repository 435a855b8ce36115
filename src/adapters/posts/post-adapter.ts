// One adapter shape for microblog and forum posts: a URL path shape, then the first layout that finds the post; a
// page at such a path that shows a login wall or a challenge instead is reported as blocked (never bypassed).
import type { Adapter, AdapterDocument, AdapterName, AdapterResult } from '../types.ts';
import { detectWall } from './access.ts';
import { readPost, type PostElements, type PostLayout } from './layout.ts';

function findPost(doc: AdapterDocument, url: URL, layouts: PostLayout[]): { layout: PostLayout; found: PostElements } | null {
  for (const layout of layouts) {
    const found = layout.find(doc, url);
    if (found !== null) return { layout, found };
  }
  return null;
}

export function postAdapter(name: Extract<AdapterName, 'microblog_post' | 'forum_post'>, pathMatches: (url: URL) => boolean, layouts: PostLayout[]): Adapter {
  return {
    name,
    pathMatches,
    read({ url, finalUrl, document, httpStatus }): AdapterResult | null {
      // Links on the page are relative to the page that answered.
      const base = finalUrl ?? url;
      const hit = findPost(document, base, layouts);
      if (hit !== null) {
        const { post, evidence } = readPost(document, base, hit.layout, hit.found);
        return { adapter: name, post, issues: [], evidence };
      }
      const wall = detectWall(document);
      if (wall !== null) return { adapter: name, issues: [], evidence: {}, access: wall };
      if (httpStatus === 401) {
        return { adapter: name, issues: [], evidence: {}, access: { status: 'blocked', reason: 'login_required', evidence: { source: 'fetch', locator: 'httpStatus', quote: '401' } } };
      }
      return null;
    },
  };
}
