// Microblog post adapter (issue 18 part 2, local beta). Path shapes of single-post pages: `/{handle}/status/{id}`,
// `/@{user}/{id}`, `/notes/{id}`, `/profile/{handle}/post/{id}`. Layouts: a timeline-article layout
// (`article[data-testid="tweet"]`), a detailed-status layout (`.detailed-status`), and microformats h-entry.
import { all } from '../dom.ts';
import type { AdapterElement } from '../types.ts';
import type { Located, PostElements, PostLayout } from './layout.ts';
import { postAdapter } from './post-adapter.ts';

const PATHS = [
  /^\/[A-Za-z0-9_]{1,30}\/status(?:es)?\/(\d{1,25})\/?$/,
  /^\/@[\w.-]+(?:@[\w.-]+)?\/([0-9A-Za-z]{1,30})\/?$/,
  /^\/notes\/([0-9a-z]{6,30})\/?$/,
  /^\/profile\/[\w.:-]+\/post\/([0-9a-z]{6,30})\/?$/,
];

/** The post id of a single-post URL, or null when the path has none of the shapes. */
export function microblogPostId(url: URL): string | null {
  for (const re of PATHS) {
    const m = re.exec(url.pathname);
    if (m) return m[1];
  }
  return null;
}

const at = (selector: string, el: AdapterElement, index: number): Located => ({ el, locator: el.id ? `#${el.id}` : `${selector}[${index}]` });

/** The focal post of a list of post elements, its parent (the post shown just before it) and the replies after it. */
function around(selector: string, posts: AdapterElement[], focalIndex: number): PostElements | null {
  if (focalIndex < 0) return null;
  return {
    focal: at(selector, posts[focalIndex], focalIndex),
    parent: focalIndex > 0 ? at(selector, posts[focalIndex - 1], focalIndex - 1) : null,
    replies: posts.slice(focalIndex + 1).map((el, i) => at(selector, el, focalIndex + 1 + i)),
  };
}

const TWEET = 'article[data-testid="tweet"]';

const timelineArticle: PostLayout = {
  name: 'timeline_article',
  find(doc, url) {
    const posts = all(doc, TWEET);
    const id = microblogPostId(url);
    // The focal post is the one whose own permalink (the link around its time) names the URL's post id.
    const focal = posts.findIndex((p) => all(p, 'a[href*="/status/"]').some((a) => a.querySelector('time') !== null && (a.getAttribute('href') ?? '').endsWith(`/${id}`)));
    return around(TWEET, posts, posts.length === 1 ? 0 : focal);
  },
  authorName: [{ selector: '[data-testid="User-Name"] a span', match: /^[^@]/ }],
  authorHandle: [{ selector: '[data-testid="User-Name"] a span', match: /^@\w+$/ }],
  publishedAt: [{ selector: 'time', attr: 'datetime' }],
  text: [{ selector: '[data-testid="tweetText"]', blocks: true }],
  title: [],
  url: [{ selector: 'a[href*="/status/"]', attr: 'href' }],
  media: [
    { selector: '[data-testid="tweetPhoto"] img', attr: 'src' },
    { selector: '[data-testid="videoPlayer"] video', attr: 'src' },
    { selector: '[data-testid="videoPlayer"] video', attr: 'poster' },
  ],
  counts: {
    replies: [{ selector: '[data-testid="reply"]', attr: 'aria-label' }],
    reposts: [{ selector: '[data-testid="retweet"]', attr: 'aria-label' }],
    likes: [{ selector: '[data-testid="like"]', attr: 'aria-label' }],
    views: [{ selector: 'a[href$="/analytics"]', attr: 'aria-label' }],
  },
};

const detailedStatus: PostLayout = {
  name: 'detailed_status',
  find(doc) {
    const focal = doc.querySelector('.detailed-status');
    if (focal === null) return null;
    const ancestors = all(doc, '.ancestors .status');
    const last = ancestors.length - 1;
    return {
      focal: { el: focal, locator: '.detailed-status' },
      parent: last >= 0 ? { el: ancestors[last], locator: `.ancestors .status[${last}]` } : null,
      replies: all(doc, '.descendants .status').map((el, i) => ({ el, locator: `.descendants .status[${i}]` })),
    };
  },
  authorName: [{ selector: '.display-name__html' }, { selector: '.display-name strong' }],
  authorHandle: [{ selector: '.display-name__account' }],
  publishedAt: [{ selector: 'time', attr: 'datetime' }],
  text: [{ selector: '.status__content', blocks: true }],
  title: [],
  url: [{ selector: 'a.status__relative-time', attr: 'href' }, { selector: 'a.detailed-status__datetime', attr: 'href' }],
  media: [{ selector: '.media-gallery a.media-gallery__item-thumbnail', attr: 'href' }, { selector: '.video-player video', attr: 'src' }],
  counts: {
    replies: [{ selector: '.detailed-status__replies' }],
    reposts: [{ selector: '.detailed-status__reblogs' }],
    likes: [{ selector: '.detailed-status__favorites' }],
    views: [],
  },
};

const hEntry: PostLayout = {
  name: 'h_entry',
  find(doc, url) {
    const entries = all(doc, '.h-entry').filter((e) => e.parentElement?.closest('.h-entry') == null);
    const focalIndex = entries.findIndex((e) => {
      const href = e.querySelector('.u-url')?.getAttribute('href');
      return href != null && new URL(href, url).pathname === url.pathname;
    });
    const index = entries.length === 1 ? 0 : focalIndex;
    if (index < 0) return null;
    const focal = entries[index];
    const parent = focal.querySelector('.u-in-reply-to.h-cite') ?? focal.querySelector('.h-cite.p-in-reply-to');
    return {
      focal: { el: focal, locator: `.h-entry[${index}]` },
      parent: parent ? { el: parent, locator: `.h-entry[${index}] .u-in-reply-to` } : null,
      replies: all(focal, '.p-comment.h-cite, .u-comment.h-cite').map((el, i) => ({ el, locator: `.h-entry[${index}] .p-comment[${i}]` })),
    };
  },
  authorName: [{ selector: '.p-author .p-name' }, { selector: '.p-author' }],
  authorHandle: [{ selector: '.p-author .p-nickname' }],
  publishedAt: [{ selector: '.dt-published', attr: 'datetime' }],
  text: [{ selector: '.e-content', blocks: true }, { selector: '.p-content', blocks: true }],
  title: [],
  url: [{ selector: '.u-url', attr: 'href' }],
  media: [{ selector: '.u-photo', attr: 'src' }, { selector: '.u-video', attr: 'src' }],
  counts: { replies: [{ selector: '.p-reply-count' }], reposts: [{ selector: '.p-repost-count' }], likes: [{ selector: '.p-like-count' }], views: [] },
  nested: '.h-cite, .h-entry',
};

export const microblogPostAdapter = postAdapter('microblog_post', (url) => microblogPostId(url) !== null, [timelineArticle, detailedStatus, hEntry]);
