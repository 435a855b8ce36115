// Content outside one block (issue 17 point 3): intro above the container, recipe ingredient lists, articles split
// into several blocks. Golden pages in test/fixtures/extract-structure (see its README).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPage } from './index.ts';

const DIR = path.resolve(import.meta.dirname, '..', '..', 'test', 'fixtures', 'extract-structure');
const read = (name: string): string => fs.readFileSync(path.join(DIR, name), 'utf8');

describe('content structure golden pages', () => {
  it.each(['recipe-de-zwetschgenkuchen', 'blog-en-multiblock', 'layout-table-columns', 'toggle-faq', 'lead-above-picture', 'template-lines-emphasis', 'font-wrapped-layout', 'recipe-tips-aside', 'recipe-linked-ingredients', 'product-spec-tab', 'layout-side-column', 'lead-in-headline-header', 'box-title-remnant', 'code-line-numbers', 'icon-download-list', 'docs-callout-asides', 'trailing-box-headings', 'product-datasheet-list', 'old-paper-story', 'label-value-sheet', 'credit-captions', 'sibling-tab-panels', 'font-intro-paragraph', 'recipe-send-links', 'buy-box-lines', 'press-release-lines', 'cell-paragraph-breaks', 'link-heavy-step', 'teaser-apart-from-text', 'pointer-lines', 'small-print-boxes', 'image-credit-captions', 'card-paragraphs', 'builder-layers-side-column', 'titled-data-table-box', 'recipe-ingredients-cell', 'section-box-headers', 'product-teaser-buy-link', 'loose-link-list-tail', 'api-reference-entries', 'inline-lead-in-runs', 'line-div-ingredients', 'side-column-fact-box', 'fact-box-after-comments', 'footnotes-beside-text', 'linked-member-cells', 'fact-file-side-column', 'featured-product-form', 'picture-credit-caption', 'layers-second-column', 'spacer-gap-menu-column'])('%s', (name) => {
    const got = extractPage(read(`${name}.html`), { url: `https://${name}.example/page` });
    expect(`${got.markdown}\n`).toBe(read(`${name}.md`));
  });

  it('takes no menu column for a lead past a spacer cell (D461)', () => {
    const md = read('spacer-gap-menu-column.md');
    expect(md).toContain('mit den Bohnen und dem Bratensaft servieren.');
    for (const s of ['Startseite', 'Termine 2003', 'Besucher Nr.']) expect(md).not.toContain(s);
  });

  it('keeps the second column of a layered page\'s text, and not its side column (D459)', () => {
    const md = read('layers-second-column.md');
    for (const s of ['**3.** Den Teig', '**6.** Lauwarm mit geschlagener Sahne']) expect(md).toContain(s);
    for (const s of ['Startseite', 'Hofladen: Fr']) expect(md).not.toContain(s);
  });

  it('leaves out a caption that ends with "Picture: <name>" (D456)', () => {
    const md = read('picture-credit-caption.md');
    expect(md).toContain('the weather vane.');
    expect(md).not.toContain('Owen Price');
  });

  it('leaves out another product\'s teaser with its own buy form inside a guide (D455)', () => {
    const md = read('featured-product-form.md');
    for (const s of ['**2\\. Water stones or oil stones?**', 'the stone is flat again.']) expect(md).toContain(s);
    for (const s of ['FEATURED PRODUCT', 'Combination Stone', '£34.50']) expect(md).not.toContain(s);
  });

  it('keeps a side column\'s box titled FACT FILE (D453), and not its most-read box', () => {
    const md = read('fact-file-side-column.md');
    for (const s of ['**FACT FILE**', 'Lives saved since 1867: 312']) expect(md).toContain(s);
    for (const s of ['MOST READ', 'Carnival route', 'Contact us']) expect(md).not.toContain(s);
  });

  it('keeps a data table\'s cells that only link, the members of a class reference (D451)', () => {
    expect(read('linked-member-cells.md')).toContain('| [Trennen](https://linked-member-cells.example/TPegelLogger_Trennen.html) | Schreibt den Puffer');
  });

  it('keeps runs of text that end with a footnote\'s mark or lead into a table or code with a colon (D435, D436)', () => {
    const md = read('inline-lead-in-runs.md');
    for (const s of ['the following fields, separated by blanks:', 'faulty rather than drifting.[1]', 'marks the gauges that need a visit:', '| STAFF | level read on the staff, in metres |']) expect(md).toContain(s);
    for (const s of ['Previous', 'Next']) expect(md).not.toContain(s);
  });

  it('keeps an ingredients box beside the method whose lines are <div>s of their own (D439), and not the side column', () => {
    const md = read('line-div-ingredients.md');
    for (const s of ['**Zutaten für 16 Küchle**', '250 ml helles Bier', 'Puderzucker zum Bestäuben', 'fünfhundert Küchle']) expect(md).toContain(s);
    for (const s of ['Startseite', 'Nächste Termine', 'Impressum']) expect(md).not.toContain(s);
  });

  it('keeps the story\'s fact box at the top of the column beside it (D442), and not the column\'s other boxes', () => {
    const md = read('side-column-fact-box.md');
    for (const s of ['**THE NEW FERRY AT A GLANCE**', '**Crossing time:** about 9 minutes', 'late sailing on Friday']) expect(md).toContain(s);
    for (const s of ['MOST READ', 'Market hall', 'CONTACT THE NEWSROOM', 'Quay Street', 'SECTIONS']) expect(md).not.toContain(s);
  });

  it('keeps the fact box beside a story that readers\' comments end: the cut after them stays in their column (D443)', () => {
    const md = read('fact-box-after-comments.md');
    for (const s of ['**THE NEW SLIPWAY AT A GLANCE**', '**Gradient:** 1 in 5', 'launched at two o\'clock']) expect(md).toContain(s);
    for (const s of ['Reader comments', 'Money well spent', 'Add your comment', 'MOST READ']) expect(md).not.toContain(s);
  });

  it('keeps the footnotes the text\'s marks point to, in a block beside the text (D447)', () => {
    const md = read('footnotes-beside-text.md');
    for (const s of ['## Fußnoten', 'Ein halber Millimeter genügt schon.', 'Johann Kern pflegte']) expect(md).toContain(s);
    for (const s of ['Einen Kommentar schreiben', 'Archiv']) expect(md).not.toContain(s);
  });

  it('keeps the intro, every ingredient group and every block, and no teasers', () => {
    const recipe = read('recipe-de-zwetschgenkuchen.md');
    for (const s of ['Wenn im September', '- 500 g Mehl', '- 2 kg Zwetschgen', '- 175 g kalte Butter', 'Bei 180 °C']) expect(recipe).toContain(s);
    expect(recipe).not.toContain('Apfelkuchen vom Blech');
    const blog = read('blog-en-multiblock.md');
    for (const s of ['Two winters ago', 'Modern epoxy', 'Launch day']) expect(blog).toContain(s);
    expect(blog).not.toContain('Varnish that lasts');
  });

  it('keeps an ingredient table whose names are links, a product\'s specifications tab, and no reviews or nutrition', () => {
    const recipe = read('recipe-linked-ingredients.md');
    for (const s of ['| 250 g | [Tellerlinsen]', '| 2 EL | [Rotweinessig]', 'Die Linsen in einem Sieb']) expect(recipe).toContain(s);
    for (const s of ['kcal 480', 'Erbsensuppe']) expect(recipe).not.toContain(s);
    const product = read('product-spec-tab.md');
    for (const s of ['The K2 boils', '| Power | 2,200 W |', '| Guarantee | 2 years |']) expect(product).toContain(s);
    for (const s of ['Customer Reviews', 'Quiet and quick', 'Related Products']) expect(product).not.toContain(s);
  });

  it('reads an old table layout as its content column: no sidebar column, no page-wide table row', () => {
    const md = read('layout-table-columns.md');
    for (const s of ['Für die Benutzung', '| Reihengrab | 620,00 Euro |', 'Auskunft gibt Ihnen']) expect(md).toContain(s);
    for (const s of ['Aktuelles', 'Grüngutannahme', 'Standesamt']) expect(md).not.toContain(s);
  });

  it('keeps a question list whose toggles are <a> without href, and headings with wrappers whole', () => {
    const md = read('toggle-faq.md');
    for (const s of ['## Curing comes first', '## Your questions', 'Can I store a cut squash?', 'Usually the stalk']) expect(md).toContain(s);
    expect(md).not.toContain('Plaiting onions');
  });

  it('keeps a lead that stands above the article\'s first picture, and none of the page around it', () => {
    const md = read('lead-above-picture.md');
    expect(md.startsWith('Ab dem Fahrplanwechsel im Dezember')).toBe(true);
    for (const s of ['## Umbau der Haltestellen', 'jedes Halbjahr zählen']) expect(md).toContain(s);
    for (const s of ['Jana Birkholz', 'WhatsApp', 'Mehr aus Lokales', 'Wochenmarkt']) expect(md).not.toContain(s);
  });

  it('keeps the lead of a headline block before the article, and not its headline, byline or share bar', () => {
    const md = read('lead-in-headline-header.md');
    expect(md.startsWith('Die Sanierung der Lüftungsanlage dauert länger als geplant.')).toBe(true);
    for (const s of ['Hallenbad bleibt bis Ostern geschlossen', 'Mara Lenz', 'Teilen', 'Foto: Auenbote', 'Kommentare']) expect(md).not.toContain(s);
  });

  it('keeps a lead after the h1 of a headline block named as a header, whatever its tag', () => {
    const body = Array.from({ length: 5 }, (_, i) => `<p>Paragraph ${i} of the story, long enough to count as prose of the text, with a comma or two in it.</p>`).join('');
    const lead = 'The lead of the story says in two sentences what happened and why it matters. It stands between the headline and the byline, above the text.';
    const html = `<html><body><div class="wrap"><div class="ArticleHeader_header__q1"><h1>Headline</h1><p>${lead}</p><div class="byline">By <a href="/a">A. Writer</a></div></div><div class="article-body">${body}</div></div></body></html>`;
    const md = extractPage(html, { url: 'https://lead.example/' }).markdown;
    expect(md.startsWith(lead)).toBe(true);
    for (const s of ['Headline', 'A. Writer']) expect(md).not.toContain(s);
  });

  it('drops the title of a product slider once the slider is gone, and keeps the text blocks around it', () => {
    const md = read('box-title-remnant.md');
    for (const s of ['## Schuhkategorien A bis D', '## Hoch, halbhoch oder niedrig?']) expect(md).toContain(s);
    for (const s of ['Beliebte Wanderschuhe', 'Karwendel']) expect(md).not.toContain(s);
  });

  it('keeps a highlighted script without the line numbers of its gutter (D339)', () => {
    const md = read('code-line-numbers.md');
    expect(md).toContain('```\n#!/bin/sh\nset -eu\n');
    expect(md).not.toMatch(/^[1-4]$/m);
  });

  it('keeps each line of a download list drawn with icons and <br>, and the note after it on its own line (D341)', () => {
    const md = read('icon-download-list.md');
    expect(md).toContain('(PDF, 64 KB)\nMaßgeblich ist');
    expect(md).not.toMatch(/^ \[/m);
  });

  it('drops a template line in italics and a server date with its weekday, and keeps the text above them', () => {
    const md = read('template-lines-emphasis.md');
    expect(md.trimEnd().endsWith('nicht länger als 1,50 Meter.')).toBe(true);
    for (const s of ['Letzte Änderung', 'Last modified']) expect(md).not.toContain(s);
  });

  it('finds the text inside a <font> that wraps the whole page, and leaves the banner and footer tables beside it', () => {
    const md = read('font-wrapped-layout.md');
    expect(md.startsWith('# Gardasee 2003 - Teil 1: Die Anreise')).toBe(true);
    expect(md).toContain('Davon erzählen wir im zweiten Teil.');
    for (const s of ['+++ Neu', 'Copyright', 'optimiert für', 'Startseite']) expect(md).not.toContain(s);
  });

  it('keeps a recipe\'s tips in an <aside> named as a recipe part, and leaves a related-recipes aside out', () => {
    const md = read('recipe-tips-aside.md');
    for (const s of ['## Unser Tipp', 'unter den Grill']) expect(md).toContain(s);
    for (const s of ['Das könnte Ihnen auch schmecken', 'Kaiserschmarrn']) expect(md).not.toContain(s);
  });
});

describe('notes and warnings written as <aside> in the text (D346)', () => {
  const P = (n: number, w = 'text'): string =>
    Array.from({ length: n }, (_, i) => `<p>Paragraph ${i} of the ${w}, long enough to count as a real paragraph, with a comma or two.</p>`).join('');
  const md = (html: string): string => extractPage(`<html><body>${html}</body></html>`, { url: 'https://d.example/' }).markdown;
  const note = (cls: string, body: string): string => `<aside class="${cls}"><section class="${cls}__content">${body}</section></aside>`;

  it('keeps a note between the paragraphs', () => {
    const out = md(`<main><div>${P(3)}${note('starlight-aside starlight-aside--tip', '<p>Run the command twice: the second run only checks what the first one wrote.</p>')}${P(2, 'end')}</div></main>`);
    expect(out).toContain('Run the command twice');
  });

  it('still removes a box of links named as a tip, and a tip beside the main text', () => {
    const links = '<ul><li><a href="/a">Install the client on every machine you use</a></li><li><a href="/b">Restore one file</a></li></ul>';
    const out = md(`<main><div>${P(3)}${note('callout-tip', links)}${P(2, 'end')}</div></main><aside class="sidebar-tip"><p>Tip of the day: our newsletter brings one new trick every week to your inbox.</p></aside>`);
    expect(out).not.toContain('Install the client');
    expect(out).not.toContain('Tip of the day');
  });
});

describe('headings that end the content (D348)', () => {
  const P = (n: number): string => Array.from({ length: n }, (_, i) => `<p>Paragraph ${i} of the text, long enough to count as a real paragraph, with a comma or two.</p>`).join('');
  const md = (inner: string): string => extractPage(`<html><body><div class="entry-content">${inner}</div></body></html>`, { url: 'https://h.example/' }).markdown;

  it('drops the headings of boxes that were removed, and keeps the headings of the text', () => {
    const got = md(`<h2>First part</h2>${P(3)}<h3>Related posts</h3><div class="related"><a href="/a">A post</a> <a href="/b">B post</a></div><h3>Weitere Meldungen</h3>`);
    expect(got).toContain('## First part');
    expect(got).toContain('Paragraph 2 of the text');
    for (const s of ['Related posts', 'Weitere Meldungen']) expect(got).not.toContain(s);
  });

  it('keeps a last heading followed by a picture, and a heading that is all the text there is', () => {
    expect(md(`${P(3)}<h3>The finished bed</h3><p><img src="/bed.jpg" alt=""></p>`)).toContain('### The finished bed');
    expect(extractPage('<html><body><h2>Only a heading here, nothing else at all</h2></body></html>', { url: 'https://h.example/' }).markdown).toContain('Only a heading');
  });
});
