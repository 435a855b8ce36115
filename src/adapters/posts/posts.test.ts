import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseLight } from '../../extract/light/build.ts';
import { describe, expect, it } from 'vitest';
import { runAdapters, selectAdapter } from '../registry.ts';
import { PARSE_MODES, evidenceGaps, fixturePage, parseFixture } from '../test-helpers.ts';
import type { AdapterDocument, AdapterName, PostValues } from '../types.ts';

const HOST = 'http://127.0.0.1:8000';

interface Case {
  name: string;
  file: string;
  path: string;
  adapter: AdapterName;
  post: Partial<PostValues>;
  parent?: Partial<NonNullable<PostValues['parent']>> | null;
  replies?: Array<Partial<PostValues['replies'][number]>>;
}

// Microblog and forum posts (issue 18 part 2): three layouts each, in English, German, Japanese and French.
const CASES: Case[] = [
  {
    name: 'timeline article: focal post of a conversation, parent above, reply below',
    file: 'microblog/timeline-thread-en.html', path: '/ada_example/status/1859000000000000042', adapter: 'microblog_post',
    post: {
      authorName: 'Ada Example', authorHandle: '@ada_example', publishedAt: '2026-11-20T09:15:00.000Z',
      text: "Mine held up for 300 km of mud. Photos from Sunday's loop below.", title: null,
      media: ['https://media.example/media/GdX1.jpg?format=jpg&name=small', `${HOST}/media/GdX2.jpg`],
      counts: { replies: 12, reposts: 34, likes: 567, views: 12345 },
    },
    parent: { authorName: 'Grace Sample', authorHandle: '@grace_sample', url: `${HOST}/grace_sample/status/1859000000000000001`, publishedAt: '2026-11-20T08:02:00.000Z' },
    replies: [{ authorHandle: '@lin_demo', text: 'Same pair here, second season and still dry.' }],
  },
  {
    name: 'detailed status (German): counts where shown, grouped count, remote handles',
    file: 'microblog/detailed-status-de.html', path: '/@bernd/113456789012345678', adapter: 'microblog_post',
    post: {
      authorName: 'Bernd Beispiel', authorHandle: '@bernd@social.example', publishedAt: '2026-11-21T06:40:00.000Z',
      media: ['https://files.social.example/media_attachments/files/113/456/789/original/a1.jpeg'],
      counts: { replies: null, reposts: 5, likes: 1024, views: null },
    },
    parent: { authorName: 'Clara Muster', authorHandle: '@clara@bahn.example', url: 'https://bahn.example/@clara/113456789012340000' },
    replies: [{ authorName: 'Dora Test', url: `${HOST}/@dora/113456789012349999`, text: 'Endlich! Danke für die Fotos.' }],
  },
  {
    name: 'h-entry (Japanese): cited parent and comments are not the post itself',
    file: 'microblog/h-entry-ja.html', path: '/notes/9xk2ab3cd4', adapter: 'microblog_post',
    post: {
      authorName: '田中 花子', authorHandle: '@tanaka', publishedAt: '2026-11-22T03:00:00Z',
      text: '朝の伏見稲荷は空いていて最高でした。写真をどうぞ。', media: [`${HOST}/files/inari-1.webp`],
      counts: { replies: 2, reposts: 15, likes: 1204, views: null },
    },
    parent: { authorName: '佐藤 一郎', url: `${HOST}/notes/9xk2aa0001`, text: '冬の京都でおすすめの場所は？' },
    replies: [{ authorName: '鈴木', authorHandle: '@suzuki' }, { authorName: '山本', publishedAt: '2026-11-22T03:25:00Z' }],
  },
  {
    name: 'microdata crawler view: topic opener',
    file: 'forum/microdata-crawler-en.html', path: '/t/backups-fail-after-upgrading-to-3-2/1234', adapter: 'forum_post',
    post: {
      authorName: 'Alice Operator', authorHandle: 'alice_ops', publishedAt: '2026-11-19T10:00:00Z',
      title: 'Backups fail after upgrading to 3.2', media: [`${HOST}/uploads/default/original/2X/a/backup-log.png`],
      counts: { replies: null, reposts: null, likes: 7, views: null },
    },
    parent: null,
    replies: [{ authorHandle: 'bob_dev', url: `${HOST}/t/backups-fail-after-upgrading-to-3-2/1234/2` }, { authorHandle: 'alice_ops', text: 'That was it, thank you!' }],
  },
  {
    name: 'microdata crawler view: a reply addressed by its post number',
    file: 'forum/microdata-crawler-en.html', path: '/t/backups-fail-after-upgrading-to-3-2/1234/2', adapter: 'forum_post',
    post: { authorName: null, authorHandle: 'bob_dev', publishedAt: '2026-11-19T11:30:00Z', media: [], counts: { replies: null, reposts: null, likes: 12, views: null } },
    parent: { authorHandle: 'alice_ops', publishedAt: '2026-11-19T10:00:00Z' },
    replies: [{ authorHandle: 'alice_ops' }],
  },
  {
    name: 'board (German): the post named by p=, thread opener as parent, attachment as media',
    file: 'forum/board-de.html', path: '/viewtopic.php?t=88&p=456', adapter: 'forum_post',
    post: {
      authorHandle: 'Moderatorin_Eva', publishedAt: '2026-11-18T19:05:00+00:00', title: 'Heizung taktet nach Wartung',
      text: 'Prüf mal die Pumpenstufe und die Hysterese im Fachmann-Menü. Foto vom Menü anbei.', media: [`${HOST}/download/file.php?id=77`],
    },
    parent: { authorHandle: 'heizungsfan', url: `${HOST}/viewtopic.php?p=455#p455` },
    replies: [{ authorHandle: 'heizungsfan', text: 'Hysterese stand auf 1 K, jetzt 5 K – läuft. Danke!' }],
  },
  {
    name: 'custom-element thread (French): attributes as values, top-level comments as replies',
    file: 'forum/custom-element-fr.html', path: '/r/velo_exemple/comments/1abc23/quel_velo_pour_traverser_paris_lhiver/', adapter: 'forum_post',
    post: {
      authorName: null, authorHandle: 'marie_ex', publishedAt: '2026-11-18T08:30:00.000000+0000', title: "Quel vélo pour traverser Paris l'hiver ?",
      text: 'Je fais 12 km par jour, pluie comprise. Pneus cloutés ou pas ?', media: ['https://i.media.example/abc123.jpg'],
      counts: { replies: 42, reposts: null, likes: null, views: null },
    },
    parent: null,
    replies: [
      { authorHandle: 'lucas_demo', text: 'Pas besoin de clous à Paris, de bons pneus 4 saisons suffisent.', publishedAt: '2026-11-18T09:02:00.000Z' },
      { authorHandle: 'ines_test', url: `${HOST}/r/velo_exemple/comments/1abc23/comment/k1ccc/` },
    ],
  },
  {
    name: 'message thread (Spanish): the post named by /post-N, opener as parent, quoted text stays in the reply',
    file: 'forum/threads-es.html', path: '/threads/que-aceite-para-una-moto-de-125.4711/post-1002', adapter: 'forum_post',
    post: {
      authorName: null, authorHandle: 'marta_moto', publishedAt: '2026-11-20T11:15:00+0100', title: '¿Qué aceite para una moto de 125?',
      text: '¿Vale cualquier marca?\nSí, mientras cumpla la norma JASO MA2.', media: [],
      counts: { replies: null, reposts: null, likes: null, views: null },
    },
    parent: { authorHandle: 'carlos_ej', url: `${HOST}/threads/que-aceite-para-una-moto-de-125.4711/post-1001` },
    replies: [],
  },
  {
    name: 'message thread (Spanish): the opener with its attached image',
    file: 'forum/threads-es.html', path: '/threads/que-aceite-para-una-moto-de-125.4711/', adapter: 'forum_post',
    post: { authorHandle: 'carlos_ej', media: [`${HOST}/data/attachments/2/2001-manual.jpg`] },
    parent: null,
    replies: [{ authorHandle: 'marta_moto', publishedAt: '2026-11-20T11:15:00+0100' }],
  },
];

describe.each(PARSE_MODES)('post adapters (%s parse)', (mode) => {
  it.each(CASES)('$name', (c) => {
    const url = new URL(HOST + c.path);
    const result = runAdapters({ url, finalUrl: url, ...fixturePage(c.file, mode, url.href), httpStatus: 200 })!;
    expect(result.adapter).toBe(c.adapter);
    expect(result.access).toBeUndefined();
    expect(result.post).toMatchObject(c.post);
    if (c.parent === null) expect(result.post?.parent).toBeNull();
    else if (c.parent) expect(result.post?.parent).toMatchObject(c.parent);
    if (c.replies) {
      expect(result.post?.replies).toHaveLength(c.replies.length);
      c.replies.forEach((r, i) => expect(result.post?.replies[i]).toMatchObject(r));
    }
    expect(evidenceGaps(result)).toEqual([]);
  });

  it('each value carries a locator that finds it again on the page', () => {
    const url = new URL(`${HOST}/ada_example/status/1859000000000000042`);
    const result = runAdapters({ url, finalUrl: url, document: parseFixture('microblog/timeline-thread-en.html'), httpStatus: 200 })!;
    expect(result.evidence.likes).toBeUndefined();
    expect(result.evidence['counts.likes']).toEqual({ source: 'text', locator: 'article[data-testid="tweet"][1] [data-testid="like"][aria-label]', quote: '567 Likes. Like' });
    expect(result.evidence.publishedAt).toMatchObject({ source: 'dom', quote: '2026-11-20T09:15:00.000Z' });
  });

  const BLOCKED: Array<{ file: string; path: string; adapter: AdapterName; reason: 'login_required' | 'challenge' }> = [
    { file: 'microblog/login-wall.html', path: '/ada_example/status/1859000000000000042', adapter: 'microblog_post', reason: 'login_required' },
    { file: 'microblog/challenge.html', path: '/@bernd/113456789012345678', adapter: 'microblog_post', reason: 'challenge' },
    { file: 'forum/board-login-required-de.html', path: '/viewtopic.php?t=88', adapter: 'forum_post', reason: 'login_required' },
    { file: 'retail/robot-check.html', path: '/t/backups-fail-after-upgrading-to-3-2/1234', adapter: 'forum_post', reason: 'challenge' },
  ];
  it.each(BLOCKED)('$file at a post path → blocked / $reason', (c) => {
    const url = new URL(HOST + c.path);
    const result = runAdapters({ url, finalUrl: url, ...fixturePage(c.file, mode, url.href), httpStatus: 200 })!;
    expect(result.adapter).toBe(c.adapter);
    expect(result.post).toBeUndefined();
    expect(result.access).toMatchObject({ status: 'blocked', reason: c.reason });
    expect(result.access?.evidence.quote).not.toBe('');
    expect(result.issues).toEqual([]);
  });
});

describe('adapter selection', () => {
  const ROWS: Array<{ file: string; path: string; adapter: AdapterName | null }> = [
    // Product markup without a /dp/ path, and a /dp/ path without product markup (a robot check), get no adapter.
    { file: 'retail/us-desktop-carousels.html', path: '/gp/bestsellers/shoes', adapter: null },
    { file: 'retail/robot-check.html', path: '/dp/B0C1X2Y3Z4', adapter: null },
    { file: 'retail/us-desktop-carousels.html', path: '/dp/B0C1X2Y3Z4', adapter: 'retail_product' },
    // A post path whose page shows neither a post nor a wall, and a post page under another path shape.
    { file: 'retail/us-desktop-carousels.html', path: '/ada_example/status/1859000000000000042', adapter: null },
    { file: 'microblog/timeline-thread-en.html', path: '/ada_example/likes', adapter: null },
    { file: 'forum/board-de.html', path: '/viewforum.php?f=2', adapter: null },
    { file: 'forum/board-de.html', path: '/viewtopic.php?t=88', adapter: 'forum_post' },
    { file: 'microblog/h-entry-ja.html', path: '/notes/9xk2ab3cd4', adapter: 'microblog_post' },
  ];
  it.each(ROWS)('$path with $file → $adapter', (r) => {
    expect(selectAdapter(new URL(HOST + r.path), parseFixture(r.file))?.name ?? null).toBe(r.adapter);
  });

  it('selects by the final URL when the requested one has no known shape (a redirect to the post)', () => {
    const result = runAdapters({
      url: new URL(`${HOST}/s/abc`), finalUrl: new URL(`${HOST}/notes/9xk2ab3cd4`), document: parseFixture('microblog/h-entry-ja.html'), httpStatus: 200,
    });
    expect(result?.adapter).toBe('microblog_post');
  });
});

describe('walls are walls, not pages with a login box', () => {
  const posts = Array.from({ length: 12 }, (_, i) => `<div class="postbit"><b>user${i}</b><blockquote>${'A reply with enough words to be real content on the page. '.repeat(8)}</blockquote></div>`).join('');
  const page = (body: string): string => `<!doctype html><html><head><title>Topic - Board</title></head><body>${body}</body></html>`;
  const login = '<form action="/login.php" id="navbar_loginform"><input name="vb_login_username"><input type="password" name="vb_login_password"></form>';

  it('a topic of a layout we do not read, with a header login form: no adapter, generic extraction', () => {
    const document = parseLight(page(login + posts)) as unknown as AdapterDocument;
    const url = new URL(`${HOST}/threads/heizung-taktet.4711/`);
    expect(runAdapters({ url, finalUrl: url, document, httpStatus: 200 })).toBeNull();
  });

  it('the same form alone on the page is a login wall', () => {
    const document = parseLight(page(login)) as unknown as AdapterDocument;
    const url = new URL(`${HOST}/threads/heizung-taktet.4711/`);
    expect(runAdapters({ url, finalUrl: url, document, httpStatus: 200 })?.access?.reason).toBe('login_required');
  });
});

describe('any fixture at any adapter path', () => {
  const FILES = ['retail', 'microblog', 'forum'].flatMap((dir) =>
    readdirSync(join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'adapters', dir)).map((f) => `${dir}/${f}`));
  const PATHS = ['/dp/B0C1X2Y3Z4', '/ada_example/status/1859000000000000042', '/@bernd/113456789012345678', '/notes/9xk2ab3cd4', '/t/x/1234/2', '/viewtopic.php?p=456', '/r/x/comments/1abc23/', '/plain/page'];
  it.each(FILES)('%s: reads without throwing, names an adapter of the path\'s kind, and keeps its evidence contract', (file) => {
    for (const path of PATHS) {
      const url = new URL(HOST + path);
      const result = runAdapters({ url, finalUrl: url, document: parseFixture(file), httpStatus: 200 });
      if (result === null) continue;
      const kind = path.startsWith('/dp/') ? 'retail_product' : /^\/(t|viewtopic|r)\b/.test(path) ? 'forum_post' : 'microblog_post';
      expect(result.adapter, path).toBe(kind);
      expect(evidenceGaps(result), path).toEqual([]);
    }
  });
});
