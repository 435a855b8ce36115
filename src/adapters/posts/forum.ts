// Forum post adapter (issue 18 part 2, local beta). Path shapes of topic and post pages: `/t/{slug}/{id}[/{n}]`,
// `/viewtopic.php?t=…|p=…`, `/r/{community}/comments/{id}[/{slug}]`, `/threads/{slug}.{id}`, `/d/{id}[-slug]`.
// Layouts: schema.org microdata crawler view (`.crawler-post`), prosilver-style boards (`div.post`), custom-element
// threads (`shreddit-post`) and message threads (`article.message[data-author]`).
import { all } from '../dom.ts';
import type { AdapterElement } from '../types.ts';
import type { Located, PostElements, PostLayout } from './layout.ts';
import { postAdapter } from './post-adapter.ts';

const PATHS = [
  /^\/t\/[^/]+\/\d+(?:\/\d+)?\/?$/,
  /^\/r\/[\w-]+\/comments\/[0-9a-z]+(?:\/[^/]*)?\/?$/,
  /^\/threads\/[^/]*\.\d+\/?(?:post-\d+\/?)?$/,
  /^\/d\/\d+(?:-[^/]*)?(?:\/\d+)?\/?$/,
];

export function isForumPostPath(url: URL): boolean {
  if (/\/viewtopic\.php$/.test(url.pathname)) return /^\d+$/.test(url.searchParams.get('t') ?? '') || /^\d+$/.test(url.searchParams.get('p') ?? '');
  return PATHS.some((re) => re.test(url.pathname));
}

/** Topic opener first: a focal post other than the opener has the opener as its thread parent. */
function inThread(selector: string, posts: AdapterElement[], focalIndex: number): PostElements | null {
  if (focalIndex < 0 || posts.length === 0) return null;
  const at = (el: AdapterElement, i: number): Located => ({ el, locator: el.id ? `#${el.id}` : `${selector}[${i}]` });
  return {
    focal: at(posts[focalIndex], focalIndex),
    parent: focalIndex > 0 ? at(posts[0], 0) : null,
    replies: posts.slice(focalIndex + 1).map((el, i) => at(el, focalIndex + 1 + i)),
  };
}

const CRAWLER_POST = '.crawler-post';

const microdataCrawler: PostLayout = {
  name: 'microdata_crawler',
  find(doc, url) {
    const posts = all(doc, CRAWLER_POST);
    const n = /^\/t\/[^/]+\/\d+\/(\d+)\/?$/.exec(url.pathname)?.[1];
    const focal = n === undefined ? 0 : posts.findIndex((p) => p.id === `post_${n}`);
    return inThread(CRAWLER_POST, posts, focal);
  },
  authorName: [{ selector: '[itemprop="author"] .full-name' }],
  authorHandle: [{ selector: '[itemprop="author"] [itemprop="name"]' }],
  publishedAt: [{ selector: 'time[itemprop="datePublished"]', attr: 'datetime' }],
  text: [{ selector: '[itemprop="text"]', blocks: true }],
  title: [{ selector: '#topic-title h1', documentScope: true }, { selector: 'meta[itemprop="headline"]', attr: 'content', documentScope: true }],
  url: [{ selector: 'a.post-permalink', attr: 'href' }, { selector: 'link[itemprop="url"]', attr: 'href' }],
  media: [{ selector: '[itemprop="text"] img', attr: 'src' }, { selector: '[itemprop="text"] video source', attr: 'src' }],
  counts: {
    replies: [],
    reposts: [],
    likes: [{ selector: '[itemprop="interactionStatistic"] .post-likes' }],
    views: [],
  },
};

const boardPost: PostLayout = {
  name: 'board_post',
  find(doc, url) {
    const posts = all(doc, 'div.post[id^="p"]');
    const p = url.searchParams.get('p');
    const focal = p === null ? 0 : posts.findIndex((el) => el.id === `p${p}`);
    return inThread('div.post', posts, focal);
  },
  authorName: [],
  authorHandle: [{ selector: '.postprofile a.username' }, { selector: '.postprofile a.username-coloured' }, { selector: '.author a.username' }],
  publishedAt: [{ selector: '.author time', attr: 'datetime' }],
  text: [{ selector: '.content', blocks: true }],
  title: [{ selector: 'h2.topic-title', documentScope: true }],
  url: [{ selector: '.author a[href*="#p"]', attr: 'href' }],
  media: [{ selector: '.attachbox img.postimage', attr: 'src' }, { selector: '.content img.postimage', attr: 'src' }],
  counts: { replies: [], reposts: [], likes: [{ selector: '.post-likes' }], views: [] },
};

const customElementThread: PostLayout = {
  name: 'custom_element_thread',
  find(doc) {
    const focal = doc.querySelector('shreddit-post');
    if (focal === null) return null;
    return {
      focal: { el: focal, locator: 'shreddit-post' },
      parent: null,
      replies: all(doc, 'shreddit-comment[depth="0"]').map((el, i) => ({ el, locator: `shreddit-comment[depth="0"][${i}]` })),
    };
  },
  authorName: [],
  authorHandle: [{ selector: '', attr: 'author' }],
  publishedAt: [{ selector: '', attr: 'created-timestamp' }, { selector: 'time', attr: 'datetime' }],
  text: [{ selector: '[slot="text-body"]', blocks: true }, { selector: '[slot="comment"]', blocks: true }],
  title: [{ selector: '', attr: 'post-title' }, { selector: '[slot="title"]' }],
  url: [{ selector: '', attr: 'permalink' }],
  media: [{ selector: '[slot="post-media-container"] img', attr: 'src' }, { selector: '[slot="post-media-container"] video', attr: 'src' }],
  counts: { replies: [{ selector: '', attr: 'comment-count' }], reposts: [], likes: [], views: [] },
  nested: 'shreddit-comment',
};

const MESSAGE = 'article.message[data-author]';

const messageThread: PostLayout = {
  name: 'message_thread',
  find(doc, url) {
    const posts = all(doc, MESSAGE);
    const n = /\/post-(\d+)$/.exec(url.pathname)?.[1];
    const focal = n === undefined ? 0 : posts.findIndex((el) => el.id === `js-post-${n}`);
    return inThread(MESSAGE, posts, focal);
  },
  authorName: [],
  authorHandle: [{ selector: '', attr: 'data-author' }],
  publishedAt: [{ selector: '.message-attribution time', attr: 'datetime' }],
  text: [{ selector: '.message-body .bbWrapper', blocks: true }],
  title: [{ selector: '.p-title-value', documentScope: true }],
  url: [{ selector: '.message-attribution a[href*="/post-"]', attr: 'href' }],
  media: [{ selector: '.bbWrapper img.bbImage', attr: 'src' }, { selector: '.bbWrapper video source', attr: 'src' }],
  counts: { replies: [], reposts: [], likes: [], views: [] },
};

export const forumPostAdapter = postAdapter('forum_post', isForumPostPath, [microdataCrawler, boardPost, customElementThread, messageThread]);
