import { describe, expect, it } from 'vitest';
import { EXTRACTOR_NAME, EXTRACTOR_VERSION, extractPage } from './index.ts';

const PROSE = Array.from({ length: 6 }, (_, i) =>
  `<p>Paragraph ${i} tells the story at length, with clauses, commas and enough words to be prose, as articles do.</p>`).join('');

const PAGE = `<!DOCTYPE html><html lang="fr"><head><title>Le titre</title></head><body>
  <nav><a href="/rubrique">Rubrique</a> <a href="/autre">Autre</a></nav>
  <article><h1>Titre de l'article</h1><div class="texte">${PROSE}</div></article>
  <div hidden><p>invisible</p></div>
  <script>document.write('x')</script><style>p{}</style><noscript>no js</noscript><template><p>tpl</p></template>
  <footer><a href="/contact">Contact</a></footer></body></html>`;

describe('extractPage', () => {
  it('names itself extract-tf/4', () => {
    expect(EXTRACTOR_NAME).toBe('extract-tf');
    expect(EXTRACTOR_VERSION).toBe('extract-tf/4');
  });

  it('returns the main content by default, links of the whole page, metadata and document info', () => {
    const r = extractPage(PAGE, { url: 'https://presse.example/a/1' });
    expect(r.markdown).toContain('Paragraph 5 tells the story');
    expect(r.markdown).not.toContain('Rubrique');
    expect(r.markdown).not.toContain('Contact');
    expect(r.links).toEqual(['https://presse.example/rubrique', 'https://presse.example/autre', 'https://presse.example/contact']);
    expect(r.metadata.title).toBe('Le titre');
    expect(r.metadata.language).toBe('fr');
    expect(r.document.title).toBe("Titre de l'article");
    expect(r.document.title).not.toBe(r.metadata.title);
    expect(r.document.pageType).toBe('article');
  });

  it('onlyMainContent=false keeps the whole body minus scripts, styles, noscript, templates and hidden parts', () => {
    const r = extractPage(PAGE, { url: 'https://presse.example/a/1', onlyMainContent: false });
    expect(r.markdown).toContain('[Rubrique](https://presse.example/rubrique)');
    expect(r.markdown).toContain('[Contact](https://presse.example/contact)');
    expect(r.markdown).toContain('# Titre de l\'article');
    for (const gone of ['invisible', 'document.write', 'p{}', 'no js', 'tpl']) expect(r.markdown).not.toContain(gone);
  });

  it('falls back to a looser choice when the cue-based one leaves almost nothing', () => {
    // Every container carries a boilerplate-sounding name; the text must still come out.
    const html = `<html><body><div class="sidebar"><div class="widget">${PROSE}</div></div>` +
      `<div class="footer"><a href="/a">A</a></div></body></html>`;
    const r = extractPage(html, { url: 'https://x.example/' });
    expect(r.markdown).toContain('Paragraph 3 tells the story');
  });

  it('converts a page that is only a list of links whole, with a warning (issue 11 point 7)', () => {
    const items = Array.from({ length: 12 }, (_, i) => `<li><a href="/p${i}">Page number ${i} of the site</a></li>`).join('');
    const r = extractPage(`<html><body><div class="wrap"><h1>Sitemap</h1><ul>${items}</ul></div></body></html>`, { url: 'https://x.example/' });
    expect(r.markdown).toContain('# Sitemap');
    expect(r.markdown).toContain('- [Page number 11 of the site](https://x.example/p11)');
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatch(/^main_content_fallback: .*the page body was converted whole/);
  });

  it('keeps a short text as it was chosen when the rest of the page is not a link list', () => {
    const html = `<html><body><nav><a href="/">Home</a> <a href="/news">News</a></nav><article><h1>Notice</h1>
      <p>The office is closed on Friday, the first of March, for the move to the new building.</p>
      <div class="share"><a href="/s">Share on Mastodon</a></div></article></body></html>`;
    const r = extractPage(html, { url: 'https://x.example/' });
    expect(r.warnings).toEqual([]);
    expect(r.markdown).toBe('# Notice\n\nThe office is closed on Friday, the first of March, for the move to the new building.');
  });

  it.each([
    ['empty input', ''],
    ['text only', 'just some words'],
    ['markup without body text', '<html><head><title>T</title></head><body><div></div></body></html>'],
  ])('copes with %s', (_n, html) => {
    const r = extractPage(html, { url: 'https://x.example/' });
    expect(typeof r.markdown).toBe('string');
    expect(r.links).toEqual([]);
    expect(['article', 'product', 'listing', 'docs', 'forum', 'other']).toContain(r.document.pageType);
  });

  it('takes the first heading as the document title when the page has no h1', () => {
    const r = extractPage(`<html><body><div><h2>Sub title</h2>${PROSE}</div></body></html>`, { url: 'https://x.example/' });
    expect(r.document.title).toBe('Sub title');
  });
});
