import { describe, expect, it } from 'vitest';
import { extractPage } from './index.ts';
import { cutReaderComments, opensReaderComments } from './comment-tail.ts';
import { bodyOf, parseDocument, type DomElement } from './dom.ts';

describe('opensReaderComments', () => {
  it.each([
    'Ihre Meinung zum Artikel (3 Kommentare)',
    '12 Kommentare',
    '3 Comments',
    'Comments (2):',
    'Die letzten Einträge im Gästebuch:',
    'Aus unserem Gästebuch zu diesem Rezept:',
    'Sign our guestbook',
    'What folk have said about this recipe',
    'What readers say',
    'Was andere zu diesem Rezept sagen',
    'Was Leser geschrieben haben',
    'Einträge zu diesem Bericht (4)',
    'Reviews of this recipe:',
    // D448: any word for them, counted, about this very entry.
    'Notes on this entry (3)',
    'Thoughts on this post (12)',
    'Kommentare zu diesem Artikel',
    'Bewertungen (31)',
    'Eure Kommentare zum Rezept:',
    'Kommentare zum Rezept',
    'Your comments',
    'Reaktionen zur Sanierung:',
    'YOUR VIEWS ON THIS STORY',
    'Ihre Meinung zum Thema',
    'What our customers say',
    'Was unsere Kunden sagen',
    'Current Reviews: 3',
    'Customer reviews (8)',
    'Kundenbewertungen (12)',
    'Kundenmeinungen (4)',
    // D431: members and guests, and the words the other way round.
    'Das sagen unsere Mitglieder:',
    "Here's what our members say",
    'What our guests say',
    'Kundenstimmen (7)',
    'Ratings & comments',
    'Reviews and ratings (12)',
    'Bewertungen und Kommentare',
    'What customers are saying',
    // D359: a label before it, and the readers' own section named as such.
    'READER FORUM: What readers are saying',
    'Reader forum',
    "Readers' comments",
    'Leserforum',
    'Leser-Kommentare (7)',
    // D366: the call to discuss, with its exclamation mark.
    'LESER-FORUM: Diskutieren Sie mit!',
    'Join the discussion!',
    'Have your say!',
    // D374: a section label before the opening.
    'YOUR VIEW: Reader Comments (5)',
    'FORUM: 3 Kommentare',
    // D384: the comment disclaimer of portal scripts.
    'Für den Inhalt der Kommentare sind die jeweiligen Autoren verantwortlich.',
    "The comments are owned by the poster. We aren't responsible for their content.",
    'Comments are property of their posters.',
    // D419: whose entries, then about this very page.
    'Customer comments on this guide',
    'User reviews of this recipe:',
    // D454: a label set off by a spaced dash or bar.
    'YOUR SAY - 2 comments',
    'Leserforum | 4 Kommentare',
    // D452: customers' entries by their name alone.
    'KUNDENMEINUNGEN',
    'Kundenstimmen:',
    'Customer Reviews',
    'Customer comments',
  ])('"%s" opens readers\' comments', (line) => {
    expect(opensReaderComments(line)).toBe(true);
  });

  it.each([
    'Comments', // a documentation section may be called so
    'Kommentare',
    'What the figures say', // a subheading of the text
    'Notes on this recipe:', // the recipe's own notes: no count
    'Notes on this entry (see below)',
    'What experts say about the new rules',
    'Ein Kommentar von Anna Berg',
    'Wir freuen uns über jeden Eintrag in unserem Gästebuch, schreiben Sie uns gern, wie Ihnen das Rezept gelungen ist.',
    'Danke für die 3 Kommentare.',
    'Reviews',
    'Bewertungen der Stiftung Warentest für diese Geräte im Vergleich der letzten zehn Jahre',
    'Kommentar zum Rezept', // the author's own note on the recipe
    'Das sagen unsere Mitglieder zur neuen Satzung, die im März beschlossen wurde, und das sind ihre Gründe', // a sentence
    'Customer comments on the new opening hours were mixed', // a sentence of the text
    'Kommentare zum Rezept und zur Zubereitung der Streusel aus unserer Testküche',
    'Your views matter to us.', // a sentence
    'What our experts say', // the text's own sources
    'Reviews: what the tests measured', // no count
    'Reviews and comments from the trade press', // a section of the text
    'What the experts are saying', // the text's own sources
    'Analysis: what the figures say', // a label before a subheading of the text
    'Leserbriefe', // letters printed by the paper are part of its pages
    'Diskutieren Sie mit uns über die Zukunft der Innenstadt!', // a sentence of the text
    'Join the discussion.',
    // D367: the author's answers to visitors' questions.
    'Fragen aus dem Gästebuch:',
    'Varianten und Fragen aus dem Gästebuch',
    'Questions from the guestbook',
    'Kommentar: Warum die Stadt jetzt handeln muss',
    'Update: Comments on the draft close Friday',
    'Update - Comments on the draft close Friday',
    'Rezensionen', // a publisher's press reviews of the book
    'Kundenmeinungen zählen für uns', // a sentence
  ])('"%s" does not', (line) => {
    expect(opensReaderComments(line)).toBe(false);
  });
});

describe('cutting readers\' comments from the content', () => {
  const P = (n: number, word = 'prose'): string =>
    Array.from({ length: n }, (_, i) => `<p>Paragraph ${i} of ${word}, long enough to count as a real paragraph of the text, with a comma or two.</p>`).join('');
  const md = (html: string): string => extractPage(`<html><body><div>${html}</div></body></html>`, { url: 'https://c.example/' }).markdown;

  it('cuts from a bold line between line breaks to the end', () => {
    const out = md(`${P(4)}<br><font size="2"><b>Die letzten Einträge im Gästebuch:</b></font><br><i>Rolf (12.06.2001):</i> Super Seite, weiter so, wir schauen bald wieder vorbei!<br>`);
    expect(out).toContain('Paragraph 3 of prose');
    expect(out).not.toContain('Gästebuch');
    expect(out).not.toContain('Rolf');
  });

  it('takes a bold line followed by a <font> that opens with a paragraph as a line of its own', () => {
    const out = md(`${P(4)}<font size="3"><b>What folks are saying in my Guestbook about this pie:</b></font> <font size="2"><p><i>"Better than my mother's!"</i><br>-- Lorene, Tulsa OK</p></font>`);
    expect(out).toContain('Paragraph 3 of prose');
    expect(out).not.toContain('Lorene');
  });

  it('keeps such a line when it is not a line of its own', () => {
    const out = md(`${P(4)}<p>Sie finden <b>3 Kommentare</b> weiter unten auf dieser Seite, und die Antworten der Redaktion darauf.</p>${P(1, 'end')}`);
    expect(out).toContain('Paragraph 0 of end');
  });

  it('cuts from an empty anchor named for the comments inside the text block (D338)', () => {
    const out = md(`${P(4)}<a name="comments"></a><b>comments</b><br><b>Jonah</b> said on Feb 15: what a lovely first attempt, keep going!<br>`);
    expect(out).toContain('Paragraph 3 of prose');
    expect(out).not.toContain('Jonah');
  });

  it('cuts at a readers\' forum box headed by a call to discuss (D366)', () => {
    const out = md(`${P(4)}<table><tr><td><b>LESER-FORUM: Diskutieren Sie mit!</b></td></tr><tr><td><i>"Man hätte die Brücke schon vor zehn Jahren prüfen müssen."</i> - <b>hafenkind62</b>, 13.05.2002</td></tr></table>`);
    expect(out).toContain('Paragraph 3 of prose');
    expect(out).not.toContain('hafenkind62');
  });

  it('does not cut at a tab bar\'s label, one list item among others (D362)', () => {
    const out = md(`${P(4)}<ul><li>Beschreibung</li><li>Pflege</li><li>Bewertungen (12)</li></ul>${P(2, 'panels')}`);
    expect(out).toContain('Paragraph 1 of panels');
  });

  it('cuts from an empty anchor named for the reviews (D357)', () => {
    const out = md(`${P(4)}<a name="reviews"></a><b>Customer Reviews</b> (4 reviews, average <img src="s.gif" alt="">)<br><b>Great rod</b><br><i>Reviewer: Glen H.</i><br>Casts dries beautifully and handled a big brown trout without any drama.<br>`);
    expect(out).toContain('Paragraph 3 of prose');
    expect(out).not.toContain('Glen');
  });

  it('cuts at such an anchor before a bare "Reviews" heading too: a shop\'s, unlike a bare "Comments" in docs', () => {
    const out = md(`${P(4)}<a name="reviews"></a><h2>Reviews</h2><p>Bought it for my son, and he was catching fish on the next weekend already.</p>`);
    expect(out).not.toContain('catching fish');
  });

  it('keeps a documentation section called "Comments" behind its named anchor', () => {
    const out = md(`${P(4)}<a name="comments"></a><h2>Comments</h2><p>A comment starts with a hash sign and runs to the end of the line; the parser skips it.</p>`);
    expect(out).toContain('starts with a hash sign');
  });

  it('keeps a guestbook page whose entries are the text (no article before the heading)', () => {
    const out = md(`<p><b>Unser Gästebuch</b></p><p>Rolf (12.06.2001): Super Seite, weiter so, wir schauen bald wieder vorbei! Viele Grüße an alle.</p>${P(3, 'entries')}`);
    expect(out).toContain('Paragraph 2 of entries');
  });
});

describe('a comment section named by its head block or its tab (D343, D344)', () => {
  const P = (n: number): string =>
    Array.from({ length: n }, (_, i) => `<p>Paragraph ${i} of the text, long enough to count as a real paragraph, with a comma or two.</p>`).join('');
  const md = (html: string): string => extractPage(`<html><body>${html}</body></html>`, { url: 'https://c.example/' }).markdown;

  it('cuts the comments after a head block that a class cue would remove', () => {
    const out = md(`<main><article>${P(5)}<section class="reviews"><div class="reviews__head"><h2>Ratings &amp; comments</h2><span>58 ratings</span></div><ol><li><p>Made this twice already and the whole family loved it, thank you so much!</p></li></ol></section></article></main>`);
    expect(out).toContain('Paragraph 4 of the text');
    expect(out).not.toContain('Made this twice');
  });

  it('removes the panel a plain tab bar names as reviews', () => {
    const tabs = '<ul><li><a href="#t1">Beschreibung</a></li><li><a href="#t2">Daten</a></li><li><a href="#t3">Bewertungen (2)</a></li></ul>';
    const review = '<div class="review"><div class="review_text">Pfeift laut genug, dass man es im Garten hört. Schöne Farbe, genau wie auf dem Bild, und nach einem Jahr noch ohne jede Abplatzung.</div></div>';
    const table = '<table><tr><td>Inhalt</td><td>2,5 Liter</td></tr><tr><td>Material</td><td>Stahl</td></tr><tr><td>Griff</td><td>Holz</td></tr></table>';
    const out = md(`<div id="tabs">${tabs}<div id="t1">${P(6)}</div><div id="t2">${table}</div><div id="t3"><div class="reviews">${review}${review}</div></div></div>`);
    expect(out).toContain('Paragraph 5 of the text');
    expect(out).toContain('2,5 Liter');
    expect(out).not.toContain('Pfeift laut');
  });

  it('removes the panel a bar of plain links names as reviews (OpenCart, D363)', () => {
    const tabs = '<div id="tabs" class="htabs"><a href="#tab-description">Beschreibung</a> <a href="#tab-review">Bewertungen (3)</a></div>';
    const review = '<div class="author"><b>Matthias R.</b> am 14.02.2012</div><div class="text">Endlich eine Handmühle, die auch für Espresso fein genug mahlt, und das seit einem Jahr ohne Ausfall.</div>';
    const out = md(`<div id="content">${tabs}<div id="tab-description" class="tab-content">${P(6)}</div><div id="tab-review" class="tab-content">${review}${review}</div></div>`);
    expect(out).toContain('Paragraph 5 of the text');
    expect(out).not.toContain('Endlich eine Handmühle');
  });

  it('keeps the section a table of contents elsewhere names "Responses"', () => {
    const toc = '<aside><ul><li><a href="#request">Request</a></li><li><a href="#responses">Responses</a></li></ul></aside>';
    const out = md(`${toc}<main><div id="request">${P(4)}</div><div id="responses"><p>A successful call returns the created shipment with status 201 and its rates, cheapest first.</p></div></main>`);
    expect(out).toContain('returns the created shipment');
  });
});

describe('the cut after the comments\' heading in a table layout (D443)', () => {
  function afterCut(html: string): string {
    const root = bodyOf(parseDocument(`<html><body>${html}</body></html>`)) as DomElement;
    cutReaderComments(root);
    return (root.textContent ?? '').replace(/\s+/g, ' ').trim();
  }
  const paragraphs = Array.from({ length: 4 }, (_, i) => `<p>Paragraph ${i}: the slipway opened on Saturday, after eleven months of launches from the beach, with a tractor.</p>`).join('');
  const story = `${paragraphs}<p><b>Reader comments (2)</b></p><p>Mary: Well done.</p>`;

  it('leaves the cell beside the comments\' cell, and cuts the rows below', () => {
    const text = afterCut(`<table><tr><td>${story}</td><td><b>THE SLIPWAY AT A GLANCE</b> Length: 64 metres</td></tr><tr><td>Dave: Money well spent.</td></tr></table>`);
    expect(text).toContain('THE SLIPWAY AT A GLANCE');
    expect(text).toContain('Paragraph 3: the slipway');
    for (const gone of ['Reader comments', 'Mary', 'Dave']) expect(text).not.toContain(gone);
  });
});
