// Outbound fetches of the Worker under test (vitest `workers` project) land here, in Node: a small fixture site on
// the host `fixture.test` (nothing reaches the internet). Pages link to each other so crawls have a frontier.
const HOST = 'fixture.test';

function html(body: string, title = 'Fixture'): Response {
  return new Response(`<!doctype html><html lang="en"><head><title>${title}</title></head><body><main>${body}</main></body></html>`, {
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** `/site/<n>` for n in 0..5: a tree of six pages, each with a heading, a paragraph and links. */
function sitePage(n: number): Response {
  const links = [2 * n + 1, 2 * n + 2].filter((k) => k <= 5).map((k) => `<a href="/site/${k}">Page ${k}</a>`);
  links.push('<a href="/site/0#top">Home again</a>', '<a href="https://elsewhere.test/x">Elsewhere</a>');
  return html(`<h1>Site page ${n}</h1><p>Fixture page number ${n} of the small site, with enough words to be content.</p>${links.join(' ')}`, `Site ${n}`);
}

/** Host whose robots.txt disallows /private/: `/p/<n>` (n 0..9) links to the next page and into /private/. */
export const ROBOTS_HOST = 'robots.test';

function robotsHost(path: string): Response {
  if (path === '/robots.txt') return new Response('User-agent: *\nDisallow: /private/\n', { headers: { 'content-type': 'text/plain' } });
  const m = /^\/p\/(\d+)$/.exec(path);
  if (!m) return html('<h1>Private</h1><p>A page no crawler may fetch, which says so in robots.txt.</p>', 'Private');
  const n = Number(m[1]);
  const next = n < 9 ? `<a href="/p/${n + 1}">Next ${n + 1}</a>` : '';
  return html(`<h1>Page ${n}</h1><p>Robots fixture page ${n}, with a paragraph of ordinary words.</p><a href="/private/${n}">Private ${n}</a> <a href="/private/${n}-b">Private ${n} b</a> ${next}`, `P ${n}`);
}

export async function fixtureOutbound(req: Request): Promise<Response> {
  const url = new URL(req.url);
  if (url.hostname === ROBOTS_HOST) return robotsHost(url.pathname);
  if (url.hostname !== HOST) return new Response('no such host in the fixture', { status: 502 });
  const path = url.pathname;
  if (path === '/robots.txt') return new Response('not found', { status: 404 });
  let m = /^\/site\/(\d+)$/.exec(path);
  if (m) return sitePage(Number(m[1]));
  m = /^\/slow\/(\d+)$/.exec(path);
  if (m) {
    await sleep(Number(m[1]));
    return html(`<h1>Slow page</h1><p>This page answered after ${m[1]} milliseconds, which is on purpose.</p>`);
  }
  if (path === '/big') {
    const para = '<p>' + 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. '.repeat(40) + '</p>';
    return html(`<h1>Big page</h1>${para.repeat(400)}`, 'Big');
  }
  m = /^\/item\/(\d+)$/.exec(path);
  if (m) return html(`<h1>Item ${m[1]}</h1><p>Batch fixture item ${m[1]} with a short paragraph of text.</p>`, `Item ${m[1]}`);
  return new Response('not found', { status: 404 });
}
