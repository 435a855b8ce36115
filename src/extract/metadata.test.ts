import { describe, expect, it } from 'vitest';
import { parseDocument } from './dom.ts';
import { readMetadata } from './metadata.ts';
import { scanDocument } from './scan.ts';

function meta(head: string, opts: { lang?: string; contentLanguage?: string | null } = {}) {
  const doc = parseDocument(`<html${opts.lang ? ` lang="${opts.lang}"` : ''}><head>${head}</head><body><p>x</p></body></html>`);
  const scan = scanDocument(doc);
  return readMetadata(scan, doc.documentElement?.getAttribute('lang') ?? null, 'https://site.example/a/page', opts.contentLanguage);
}

describe('readMetadata', () => {
  it('is all null for a page that declares nothing', () => {
    expect(meta('')).toEqual({
      title: null, description: null, language: null, keywords: null, robots: null, icon: null, canonical: null,
    });
  });

  it.each([
    ['title', '<title>  A   title </title>', 'title', 'A title'],
    ['empty title', '<title>   </title>', 'title', null],
    ['description', '<meta name="description" content="About it">', 'description', 'About it'],
    ['name is case-insensitive', '<meta name="Description" content="Upper">', 'description', 'Upper'],
    ['empty description', '<meta name="description" content="">', 'description', null],
    ['first non-empty wins', '<meta name="keywords" content=""><meta name="keywords" content="a, b">', 'keywords', 'a, b'],
    ['robots', '<meta name="robots" content="noindex, nofollow">', 'robots', 'noindex, nofollow'],
    ['og:description is not the description', '<meta property="og:description" content="og">', 'description', null],
    ['icon from rel tokens', '<link rel="shortcut icon" href="/fav.ico">', 'icon', 'https://site.example/fav.ico'],
    ['first icon wins', '<link rel="icon" href="a.png"><link rel="icon" href="b.png">', 'icon', 'https://site.example/a/a.png'],
    ['apple-touch-icon is not an icon', '<link rel="apple-touch-icon" href="/t.png">', 'icon', null],
    ['canonical made absolute', '<link rel="canonical" href="/c">', 'canonical', 'https://site.example/c'],
  ])('%s', (_n, head, key, want) => {
    expect(meta(head)[key as keyof ReturnType<typeof meta>]).toBe(want);
  });

  it('takes the language from <html lang>, else from Content-Language', () => {
    expect(meta('', { lang: 'pt-BR', contentLanguage: 'en' }).language).toBe('pt-BR');
    expect(meta('', { contentLanguage: 'en' }).language).toBe('en');
    expect(meta('', { contentLanguage: '  ' }).language).toBeNull();
  });
});
