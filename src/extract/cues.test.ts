// Class/id cues (issue 17 point 3): whole-word matching and content that carries template-sounding names. Golden
// pages in test/fixtures/extract-cues (see its README).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasPositiveCue, hasStrongNegativeCue, hasWeakNegativeCue, isReaderEntriesHeading, isSectionHeader, isWidgetOnlyCue } from './cues.ts';
import { type DomElement, parseDocument } from './dom.ts';
import { extractPage } from './index.ts';

const DIR = path.resolve(import.meta.dirname, '..', '..', 'test', 'fixtures', 'extract-cues');

function el(html: string) {
  const e = parseDocument(`<html><body>${html}</body></html>`).querySelector('body > *');
  if (e === null) throw new Error('no element');
  return e;
}

describe('cue words', () => {
  it.each([
    ['<div class="comments-area">', true],
    ['<div class="comment-list">', true],
    ['<div class="commentary">', false],
    ['<div class="commentator-bio">', false],
    ['<div class="sharedaddy sd-sharing-enabled">', true],
    ['<div class="shared-content">', false],
    ['<div class="kommentare">', true],
    ['<article class="post hentry category-newsletter tag-x"><h1>T</h1></article>', false],
    // A teaser entry of another post (no <h1>) keeps its taxonomy words.
    ['<article class="post hentry category-news tag-x"><h2>T</h2></article>', true],
    ['<div class="newsletter-box">', true],
    ['<div class="ez-toc-title-container">', true],
    ['<div class="page-feedback">', true],
    ['<div class="wprm-call-to-action">', true],
    ['<div class="cta-box">', true],
    ['<div class="toccata-notes">', false],
    ['<div class="octagon">', false],
    // A subheading goes with its section's container, never alone by its own class (Docusaurus: anchorWithStickyNavbar).
    ['<h2 class="anchor anchorWithStickyNavbar_LWe7">Setup', false],
    ['<div class="navbar">', true],
    // Customers' reviews, by their plural class word (D351); one review's text is not named so.
    ['<table class="reviews">', true],
    // The German author box and byline (D365).
    ['<div class="ccm-block-content autorbox">', true],
    ['<span class="autor">', true],
    ['<div class="autorenrechte-hinweis">', false],
    // Text for subscribers is the story; the box asking for a subscription is not (D353).
    ['<div class="subscriber-only">', false],
    ['<div class="asset-content subscriber-premium">', false],
    ['<div class="subscribe-box">', true],
    ['<div class="subscription-required">', true],
    ['<div id="product-reviews" class="tab-pane">', true],
    ['<div class="review-body">', false],
    // The plural German words for customers' reviews (D368); one "bewertung" may be a test's own verdict.
    ['<div class="bewertungen">', true],
    ['<div id="kundenbewertungen" class="tab-pane">', true],
    ['<div class="bewertung">', false],
    // A React front end names its parts for its tests: the test id says what a part is, as a class would (D423).
    ['<div class="content-container my-16" data-testid="product-reviews">', true],
    ['<div class="content-container" data-testid="product-description">', false],
    // Readers' support appeals under a story (D331).
    ['<div id="slot-body-end" class="contributions-epic">', true],
    ['<div class="support-us-banner">', true],
    ['<div class="epicurean-notes">', false],
    // "print" alone is a styling modifier (a recipe card that hides its image in print); print-only blocks still go.
    ['<div class="mv-create-card mv-recipe-card mv-create-hide-print-image">', false],
    ['<div class="print-only">', true],
    // A BEM modifier of a content container's own class names a variant of it (D298), not a share bar...
    ['<article class="live-entry live-entry--social">', false],
    ['<div class="post post--newsletter">', false],
    // ...but a modifier alone, or one of a block that is not a content container, still counts.
    ['<div class="live-entry--social">', true],
    ['<div class="card card--promo">', true],
    ['<div class="share-bar share-bar--top">', true],
    // WordPress themes' line under a post ("This entry was posted on … You can leave a response, or trackback").
    ['<p class="postmetadata alt">', true],
    ['<div class="postmeta">', true],
    // MediaWiki's section edit links, "From <wiki>" line, categories and "Retrieved from" footer; docs' edit link.
    ['<span class="mw-editsection">', true],
    ['<span class="editsection">', true],
    ['<div id="siteSub">', true],
    ['<div id="catlinks" class="catlinks">', true],
    ['<div class="printfooter">', true],
    ['<div class="theme-edit-this-page">', true],
    ['<div class="editorial-section">', false],
  ])('%s strong negative: %s', (html, want) => {
    expect(hasStrongNegativeCue(el(`${html}</div>`))).toBe(want);
  });

  // Spacing utilities of CSS frameworks name no top or bottom region (D316); a region's own name still does.
  it.each([
    ['margin-top--md', false],
    ['container padding-top--md padding-bottom--lg', false],
    ['mt-3 pb-2 border-top', false],
    ['mt-3 site-bottom', true],
    // Semantic UI's attachment words (D358).
    ['ui bottom attached tab segment', false],
    ['ui top attached segment', false],
    ['bottom-bar attached-files', true],
    // A record's "extra fields" are its own (D437); an extra region is still one.
    ['extra_fields', false],
    ['extra-field product-specs', false],
    ['extra', true],
    ['sidebar-extra', true],
    ['extra-links', true],
    ['extra_fieldset', true],
  ])('class "%s" weak negative: %s', (cls, want) => {
    expect(hasWeakNegativeCue(el(`<div class="${cls}">x</div>`))).toBe(want);
  });

  it('a scrolling <marquee> ticker goes with the template (D319)', () => {
    const text = 'The ferry to the island leaves at seven, and the harbour office opens half an hour before it. '.repeat(4);
    const md = extractPage(`<html><body><marquee>+++ NEU: Teil 3 ist online +++ Bitte ins Gästebuch eintragen +++</marquee><p>${text}</p></body></html>`, { url: 'https://m.example/' }).markdown;
    expect(md).toContain('The ferry to the island');
    expect(md).not.toContain('Teil 3');
  });

  it("a <footer> inside a <blockquote> is the quotation's attribution; the page's footer still goes (D323)", () => {
    const text = 'The council voted to extend the tram line to the new district by the end of the decade. '.repeat(4);
    const html = `<html><body><article><p>${text}</p><blockquote class="quote"><p>We build for the next fifty years, not the next election.</p><footer class="blockquote-footer">Transport councillor Ana Voss</footer></blockquote><p>${text}</p></article><footer><p>Contact the newsroom: Harbour Street 4, Tel. 555 0100</p></footer></body></html>`;
    const md = extractPage(html, { url: 'https://q.example/' }).markdown;
    expect(md).toContain('Transport councillor Ana Voss');
    expect(md).not.toContain('Contact the newsroom');
  });

  it('a weak region word does not remove a table or list, nor a recipe part', () => {
    expect(hasWeakNegativeCue(el('<table class="ingredients-header"><tr><td>x</td></tr></table>'))).toBe(false);
    expect(hasWeakNegativeCue(el('<ul class="footer-links"><li>x</li></ul>'))).toBe(false);
    expect(hasWeakNegativeCue(el('<table><thead class="head"><tr><th class="head">x</th></tr></thead></table>').querySelector('th') as DomElement)).toBe(false);
    expect(hasWeakNegativeCue(el('<h2 class="accordion-header">x</h2>'))).toBe(false);
    // A subheading that opens its panel is the head its class names (D425); a news dek named so is not.
    expect(hasWeakNegativeCue(el('<h3 class="toggle-head"><a href="#">Was wird geprüft?</a></h3>'))).toBe(false);
    expect(hasWeakNegativeCue(el('<h2 class="sub-head">A dek under the headline</h2>'))).toBe(true);
    expect(hasWeakNegativeCue(el('<h2 class="sidebar-title">x</h2>'))).toBe(true);
    expect(hasWeakNegativeCue(el('<div class="recipe-ingredients-header">x</div>'))).toBe(false);
    expect(hasWeakNegativeCue(el('<div class="top-bar">x</div>'))).toBe(true);
    expect(hasPositiveCue(el('<div class="zutaten">x</div>'))).toBe(true);
  });
});

describe('"header" naming the head of a part of the text', () => {
  it.each([
    ['an accordion item\'s bar around its button', '<div class="accordion-header"><button aria-controls="faq-1">Wie lange dauert es?</button></div>', false],
    ['a tab\'s head with a data-bs-target control', '<div class="tab-header"><a href="#t2" data-bs-target="#t2">Preise</a></div>', false],
    ['a CMS section header holding its subheading alone', '<header class="frame-header"><h2><span>Wer kann Wohngeld bekommen?</span></h2></header>', false],
    ['a recipe card header with ratings beside its title', '<header class="mv-create-header"><h2>Flapjacks</h2><div>4.9 from 64 reviews</div></header>', true],
    ['a page header holding a menu toggle and the menu', '<div class="site-top-header"><button aria-controls="menu">Menü</button><ul id="menu"><li><a href="/">Start</a></li></ul></div>', true],
    ['a header region without a control', '<div class="region-header">Willkommen bei der Stadt</div>', true],
  ])('%s: a weak negative cue %s', (_name, html, cue) => {
    expect(hasWeakNegativeCue(el(html))).toBe(cue);
  });
});

describe('a section\'s <header> (D414)', () => {
  const header = (html: string): DomElement => parseDocument(`<html><body>${html}</body></html>`).querySelector('header') as DomElement;
  it.each([
    ['a subheading', '<div><header><h2>Anfahrt</h2></header></div>', true],
    ['the page title outside a section', '<div><header><h1>Anfahrt</h1></header></div>', false],
    ['an h1 right inside a section', '<section><header><h1>Beschreibung</h1></header><p>Text</p></section>', true],
    ['a section header with a link', '<section><header><h1><a href="/">Site</a></h1></header></section>', false],
    ['a section header with a menu', '<section><header><h1>Site</h1><nav>Menu</nav></header></section>', false],
  ])('%s', (_name, html, want) => {
    expect(isSectionHeader(header(html))).toBe(want);
  });
});

describe('a box named "tags" (D450)', () => {
  const box = (inner: string): DomElement => parseDocument(`<html><body><div class="tags">${inner}</div></body></html>`).querySelector('div') as DomElement;
  const sentence = 'Amounts are always whole cents; passing a Float raises an error rather than rounding it, so the ledger can be reconciled.';
  it.each([
    ['a blog\'s tag links', 'Tags: <a href="/t/a">garden</a> <a href="/t/b">balcony</a> <a href="/t/c">tomatoes</a>', true],
    ['a label and one tag', 'Schlagwörter: <a href="/t/a">Garten</a>', true],
    ['a documented note', `<p>Note:</p><p>${sentence}</p>`, false],
    ['a note with a link', `<p>Note:</p><p>${sentence} See <a href="/x">Entry</a>.</p>`, false],
  ])('%s', (_name, inner, tagBox) => {
    expect(hasStrongNegativeCue(box(inner))).toBe(tagBox);
  });
});

describe('a block named only "widget" (D449)', () => {
  const el = (cls: string): DomElement => parseDocument(`<html><body><div class="${cls}">x</div></body></html>`).querySelector('div') as DomElement;
  it.each([
    ['a widget CMS text block', 'text-widget', true],
    ['a bare widget', 'widget', true],
    ['WordPress sidebar text box', 'widget widget_text', true],
    ['a widget that is also a share bar', 'widget share-widget', false],
    ['a sidebar widget', 'sidebar-widget', false],
    ['no widget', 'promo-box', false],
  ])('%s', (_name, cls, want) => {
    expect(isWidgetOnlyCue(el(cls))).toBe(want);
  });
});

describe('golden pages', () => {
  it.each(['taxonomy-newsletter', 'ingredients-header', 'commentary', 'download-paragraph', 'guestbook-tail', 'live-entry-modifier', 'feedback-widget', 'wiki-edit-links', 'embed-consent', 'accordion-tablist', 'key-points-aside', 'reviews-heading-table', 'reviews-heading-in-cell', 'docs-utility-classes', 'comment-anchor', 'trackbacks', 'reviews-tab', 'your-views', 'heading-backlinks', 'image-reviews-heading', 'meta-fact-table', 'comment-anchor-in-cell', 'reviews-module-table', 'signup-box-utility-classes', 'subscriber-blocks', 'guestbook-questions', 'german-reviews-class', 'labelled-comments-heading', 'prose-header-jsdoc', 'comments-disclaimer', 'layered-page-comments', 'slash-fine-print', 'reviews-count-phrase', 'meta-attribute-list', 'embedded-related-article', 'reviews-heading-two-fonts', 'story-rating-box', 'sidebar-styled-table', 'meta-named-fact-box', 'reader-poll-embed', 'guide-customer-comments', 'repeated-top-entries', 'testid-named-reviews', 'toggle-head-video-placeholder', 'members-say-tail', 'declared-nutrition-table', 'extra-fields-tab', 'reviews-average-heading', 'cookie-notice-words', 'counted-notes-heading', 'widget-blocks', 'doc-tags-code-tokens', 'bare-customer-opinions', 'dash-labelled-comments', 'api-parameters-code-aside', 'meta-styled-factbox', 'phrase-facts-buy-link'])('%s', (name) => {
    const html = fs.readFileSync(path.join(DIR, `${name}.html`), 'utf8');
    const got = extractPage(html, { url: `https://${name}.example/` });
    expect(`${got.markdown}\n`).toBe(fs.readFileSync(path.join(DIR, `${name}.md`), 'utf8'));
  });

  it('keeps the ingredients and leaves the reader comments out', () => {
    const md = (name: string): string => fs.readFileSync(path.join(DIR, `${name}.md`), 'utf8');
    expect(md('ingredients-header')).toContain('| 700 ml | vegetable stock |');
    expect(md('commentary')).toContain('Ridership is low');
    expect(md('meta-fact-table')).toContain('| Gewicht | 640 g |');
    expect(md('meta-fact-table')).not.toContain('Garantie');
    expect(md('comment-anchor-in-cell')).toContain('write the shelf positions down');
    expect(md('comment-anchor-in-cell')).not.toContain('Mika');
    expect(md('commentary')).not.toContain('We walked the same loop');
    expect(md('taxonomy-newsletter')).toContain('bring coins for the car park');
    expect(md('download-paragraph')).toContain('haushaltsplan-2027-uebersicht.pdf');
    expect(md('download-paragraph')).not.toContain('Lesen Sie auch');
    expect(md('guestbook-tail')).toContain('heiß in saubere Flaschen füllen');
    expect(md('guestbook-tail')).not.toContain('Sprudel');
    expect(md('guestbook-questions')).toContain('Geht es auch mit Birnen?');
    expect(md('guestbook-questions')).toContain('Wachstuchheft');
    expect(md('guestbook-questions')).not.toContain('Renate');
    expect(md('german-reviews-class')).toContain('vier bis fünf Minuten ziehen lassen');
    expect(md('german-reviews-class')).not.toContain('Mein Morgentee');
    expect(md('labelled-comments-heading')).toContain('when the new boiler is installed');
    expect(md('labelled-comments-heading')).not.toContain('booklover58');
    expect(md('prose-header-jsdoc')).toContain('kinder to servers');
    expect(md('comments-disclaimer')).toContain('Fischwagen');
    expect(md('comments-disclaimer')).not.toContain('Mitglied seit');
    expect(md('layered-page-comments')).toContain('250 g braune Tellerlinsen');
    expect(md('layered-page-comments')).not.toContain('Moni aus Kassel');
    expect(md('layered-page-comments')).not.toContain('Impressum');
    expect(md('slash-fine-print')).toContain('help with the dock repairs');
    expect(md('slash-fine-print')).not.toContain('lunch trade');
    expect(md('reviews-count-phrase')).toContain('over a campfire');
    expect(md('reviews-count-phrase')).not.toContain('navy beans');
    expect(md('meta-attribute-list')).toContain('BPA-freier Kunststoff');
    expect(md('meta-attribute-list')).not.toContain('5520361');
    expect(md('embedded-related-article')).toContain('rock armour');
    expect(md('embedded-related-article')).not.toContain('storm funds');
    expect(md('reviews-heading-two-fonts')).toContain('leather edge guard');
    expect(md('reviews-heading-two-fonts')).not.toContain('chair spindles');
    expect(md('story-rating-box')).toContain('first Sunday of each month');
    expect(md('story-rating-box')).not.toContain('Article Rating');
    expect(md('sidebar-styled-table')).toContain('| 6 | 3,5 m² | 14 m² |');
    expect(md('sidebar-styled-table')).not.toContain('Heuraufe');
    expect(md('meta-named-fact-box')).toContain('Heckträger');
    expect(md('meta-named-fact-box')).not.toContain('Karin Lenz');
    expect(md('prose-header-jsdoc')).not.toContain('Documentation generated by');
    expect(md('live-entry-modifier')).toContain('closed the slipway to all boats');
    expect(md('live-entry-modifier')).not.toContain('Share on X');
    expect(md('feedback-widget')).toContain('Bearbeitungsdauer');
    // D462, D463: a list of facts told in phrases stays though named "meta"; a teaser whose link says "In den
    // Warenkorb" goes; the byline still goes.
    expect(md('phrase-facts-buy-link')).toContain('Erwachsene 4 €, ermäßigt 2 €');
    for (const s of ['Sternkarte', 'In den Warenkorb', 'Presseamt']) expect(md('phrase-facts-buy-link')).not.toContain(s);
    // D460: a box named a fact box keeps its table whatever "meta" style it shares; the byline still goes.
    expect(md('meta-styled-factbox')).toContain('| 2023 | 61 | 143 |');
    expect(md('meta-styled-factbox')).not.toContain('Jana Brösel');
    // D457, D458: a parameter's head over its description, and the column of code samples beside the endpoint.
    expect(md('api-parameters-code-aside')).toContain('- `sacks`integerRequired');
    expect(md('api-parameters-code-aside')).toContain('"status": "recorded"');
    for (const s of ['List deliveries', 'Was this page helpful', 'Terms']) expect(md('api-parameters-code-aside')).not.toContain(s);
    // D454: "YOUR SAY - 2 comments" opens the comments: a label set off by a spaced dash.
    expect(md('dash-labelled-comments')).toContain('tractors lent by members.');
    for (const s of ['YOUR SAY', 'Dai Morgan', 'Add your comment']) expect(md('dash-labelled-comments')).not.toContain(s);
    // D452: a bare "KUNDENMEINUNGEN" heading opens the customers' entries; the description stays.
    expect(md('bare-customer-opinions')).toContain('mindestens ein Jahr');
    for (const s of ['KUNDENMEINUNGEN', 'Schmeckt nach Sommer', 'Eigene Meinung']) expect(md('bare-customer-opinions')).not.toContain(s);
    // D450: YARD's documented tags and a highlighted token named after the code's word stay; a blog's tag links go.
    expect(md('doc-tags-code-tokens')).toContain('Passing a Float raises an ArgumentError');
    expect(md('doc-tags-code-tokens')).toContain('ledger.head.amount #=> 2500');
    expect(md('doc-tags-code-tokens')).toContain('.freeze\n  head\nend\n');
    expect(md('doc-tags-code-tokens')).not.toContain('accounting');
    // D449: the widget blocks hold most of the prose, so they are the text; the sidebar's widgets still go.
    expect(md('widget-blocks')).toContain('| Erziehungsschnitt | Januar bis März | 15 Euro |');
    expect(md('widget-blocks')).toContain('dürfen stehen bleiben');
    for (const s of ['Zimmer 214', 'Antrag (PDF)', 'Impressum']) expect(md('widget-blocks')).not.toContain(s);
    expect(md('feedback-widget')).not.toContain('hilfreich');
    expect(md('wiki-edit-links')).toContain('## Reading the gauge\n');
    for (const s of ['[edit]', 'Retrieved from', 'Instruments']) expect(md('wiki-edit-links')).not.toContain(s);
    expect(md('embed-consent')).toContain('Arztbesuche auf dem Festland');
    for (const s of ['externen Inhalt', 'einverstanden']) expect(md('embed-consent')).not.toContain(s);
  });
});

describe('a place of the page named on many siblings (D422)', () => {
  const para = (n: number): string => `<p>Entry ${n} of the module: a sentence of documentation long enough to count as prose, with a comma.</p>`;
  const intro = `<div class="intro"><p>${'The module reads the station files, and it checks every reading before it is stored. '.repeat(4)}</p></div>`;
  const page = (entries: number): string =>
    `<html><body><div class="top"><a href="/">Home</a> <a href="/docs">Docs</a></div><main>${intro}<div class="list">${Array.from({ length: entries }, (_, i) => `<div class="top">${para(i + 1)}</div>`).join('')}</div></main></body></html>`;

  it('keeps three or more entries named "top" when together they hold the prose guard\'s share', () => {
    const md = extractPage(page(4), { url: 'https://t.example/' }).markdown;
    expect(md).toContain('Entry 4 of the module');
    expect(md).not.toContain('Docs');
  });

  it('still removes two such entries, and the page\'s own top bar', () => {
    const md = extractPage(page(2), { url: 'https://t.example/' }).markdown;
    expect(md).not.toContain('Entry 2 of the module');
    expect(md).not.toContain('Docs');
  });
});

describe('words of a sentence', () => {
  const text = (html: string): string => extractPage(`<html><body><div class="topic">${html}</div></body></html>`, { url: 'https://h.example/' }).markdown;
  const sentence = (inner: string): string =>
    `<p>Choose ${inner} in the window that opens, then confirm the booking with the button at the bottom of the dialog.</p>`;

  it.each([
    ['<strong class="f_Menu">Bookings › Recurring</strong>', 'Bookings › Recurring'],
    ['<span class="menu-item">Recurring</span>', 'Recurring'],
    ['<b class="nav-label">Recurring</b>', 'Recurring'],
  ])('keeps %s inside running text', (inner, words) => {
    const md = text(sentence(inner).repeat(3));
    expect(md).toContain(words);
  });

  it.each([
    ['<span class="sr-only">(opens a dialog)</span>', '(opens a dialog)'],
    ['<span class="visually-hidden">(opens a dialog)</span>', '(opens a dialog)'],
  ])('still drops %s: its class hides it', (inner, words) => {
    expect(text(sentence(inner).repeat(3))).not.toContain(words);
  });

  it('still drops a region of that name standing on its own', () => {
    expect(text(`${sentence('Recurring').repeat(3)}<span class="menu">Home Bookings Members</span>`)).not.toContain('Home Bookings');
  });
});


describe('headings of readers\' entries', () => {
  it.each([
    ['Customer Reviews', true],
    ['Kommentare (3)', true],
    ['3 Comments on this post', true],
    // D440: a count or an average in parentheses, ending the line.
    ['Customer reviews (average from 6 reviews)', true],
    ['Customer Reviews (4 reviews, average 4.5/5)', true],
    ['Kundenbewertungen (Durchschnitt 4,7 von 5 Sternen)', true],
    ['Reviews (2004–2006) of the first edition were kind', false],
    ['Reviews (2004–2006)', false],
    ['Reviews (by critics) mattered', false],
    ['Comments', false],
  ])('%s → %s', (line, expected) => {
    expect(isReaderEntriesHeading(line)).toBe(expected);
  });
});
