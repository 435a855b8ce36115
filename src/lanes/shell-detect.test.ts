import { describe, expect, it } from 'vitest';
import { detectScriptShell, visibleTextLength } from './shell-detect.ts';

const LONG_TEXT = 'This paragraph is real content that a reader sees without any script at all. '.repeat(4);

const CASES: { name: string; html: string; shell: boolean; signal?: string }[] = [
  {
    name: 'React-style shell: empty #root and a bundle',
    html: '<!doctype html><html><head><title>App</title><script src="/static/js/main.js" defer></script></head><body><div id="root"></div></body></html>',
    shell: true,
    signal: 'root:#root',
  },
  {
    name: 'Next.js shell with whitespace and a comment inside the mount point',
    html: '<html><body><div id="__next">\n  <!-- app -->\n</div><script src="/_next/app.js"></script></body></html>',
    shell: true,
    signal: 'root:#__next',
  },
  {
    name: 'Angular root element',
    html: '<html><body><app-root></app-root><script type="module" src="main.js"></script></body></html>',
    shell: true,
    signal: 'root:<app-root>',
  },
  {
    name: 'no app root, but a noscript asking for JavaScript',
    html: '<html><body><noscript>You need to enable JavaScript to run this app.</noscript><div class="x"></div><script>boot()</script></body></html>',
    shell: true,
    signal: 'noscript:javascript',
  },
  {
    name: 'server-rendered page inside #root is not a shell',
    html: `<html><body><div id="root"><article><p>${LONG_TEXT}</p></article></div><script src="/hydrate.js"></script></body></html>`,
    shell: false,
  },
  {
    name: 'short static page without scripts is not a shell',
    html: '<html><body><div id="root"></div><p>Coming soon</p></body></html>',
    shell: false,
  },
  {
    name: 'empty page with a script but no app root is not a shell',
    html: '<html><body><script>console.log(1)</script></body></html>',
    shell: false,
  },
  {
    name: 'JSON-LD and import maps are not programs',
    html: '<html><body><div id="app"></div><script type="application/ld+json">{"@type":"Thing"}</script><script type="importmap">{}</script></body></html>',
    shell: false,
  },
  {
    name: 'text in the head (title, style) does not count as visible text',
    html: `<html><head><title>${LONG_TEXT}</title><style>body{color:red}</style></head><body><div id="app"></div><script src="a.js"></script></body></html>`,
    shell: true,
  },
];

describe('detectScriptShell', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const v = detectScriptShell(c.html);
      expect(v.shell).toBe(c.shell);
      if (c.signal) expect(v.signals).toContain(c.signal);
    });
  }

  it('reports the visible text length and the script count among the signals', () => {
    const v = detectScriptShell('<body><div id="root"></div><script src="a.js"></script><script src="b.js"></script></body>');
    expect(v.signals).toEqual(['text:0', 'scripts:2', 'root:#root']);
  });
});

describe('visibleTextLength', () => {
  it('ignores scripts, styles, comments, tags and whitespace', () => {
    expect(visibleTextLength('<p> a b </p><script>var x = "hidden";</script><!-- c --><style>.d{}</style>&nbsp;e')).toBe(3);
  });

  it.each([
    ['a lone < is text, as the tokenizer reads it', 'a < b', 3],
    ['an unclosed script counts as a tag only', '<script>abc', 3],
    ['head contents are never visible', '<head><title>t</title></head><body>xy</body>', 2],
    ['<header> is not <head>', '<header>xy</header>', 2],
    ['non-breaking and ideographic spaces are whitespace', 'a\u00a0b\u3000c&#160;d', 4],
  ])('%s', (_name, html, n) => {
    expect(visibleTextLength(html)).toBe(n);
  });

  it('stops counting once the bound is reached (a page with text is decided early)', () => {
    const page = `<p>${'word '.repeat(10_000)}</p>`;
    expect(visibleTextLength(page)).toBe(40_000);
    const bounded = visibleTextLength(page, 200);
    expect(bounded).toBeGreaterThanOrEqual(200);
    expect(bounded).toBeLessThan(40_000);
  });
});
