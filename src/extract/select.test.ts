import { describe, expect, it } from 'vitest';
import { removeBoilerplate, removeNonContent } from './clean.ts';
import { type DomElement, bodyOf, parseDocument } from './dom.ts';
import { pruneInside } from './prune.ts';
import { selectMain } from './select.ts';
import { computeStats } from './stats.ts';

const P = (n: number, word = 'prose') =>
  Array.from({ length: n }, (_, i) => `<p>Paragraph ${i} of ${word}, with enough words and commas, to count as a real sentence here.</p>`).join('');
const NAV = '<ul>' + Array.from({ length: 12 }, (_, i) => `<li><a href="/s${i}">Section ${i}</a></li>`).join('') + '</ul>';
const TEASERS = '<div class="more">' + Array.from({ length: 5 }, (_, i) =>
  `<div class="card"><h3><a href="/t${i}">Headline number ${i} of another story</a></h3><p>An excerpt of that other story, long enough to look like prose at first sight.</p></div>`).join('') + '</div>';

/** The text the pipeline keeps (clean, choose, prune), with whitespace collapsed. */
function chosen(body: string): string {
  const doc = parseDocument(`<html><body>${body}</body></html>`);
  const root = bodyOf(doc) as DomElement;
  removeNonContent(root);
  removeBoilerplate(root, computeStats(root));
  const { root: el, core } = selectMain(root, computeStats(root));
  pruneInside(el, computeStats(el), core);
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

describe('main-content choice', () => {
  it('drops navigation, footer, share bars, comments and cookie banners', () => {
    const text = chosen(`<div id="cookie-banner"><p>We use cookies, accept them please, they are very good for you.</p></div>
      <nav>${NAV}</nav><div class="page"><div class="story">${P(5)}</div>
      <div class="share-tools"><a href="/s">Share</a></div>
      <section id="comments">${P(3, 'comment')}</section></div><footer><p>About this site and its many pages.</p></footer>`);
    expect(text).toContain('Paragraph 4 of prose');
    for (const gone of ['cookies', 'Section 3', 'Share', 'of comment', 'About this site']) expect(text).not.toContain(gone);
  });

  it.each([
    ['3 Kommentare zu diesem Artikel'],
    ['Comments (2)'],
    ['Leserkommentare'],
    ['12 Responses to “A day at the mill”'],
  ])('leaves out a comment section without a class name that opens with "%s"', (heading) => {
    const comments = `<table><tr><td><b>${heading}</b>\n<tr><td><b>Karl</b> schrieb am 11.03.2004 um 20:15:
      <tr><td>Gratuliere, das alte Fahrzeug war wirklich schon lange fällig, wir freuen uns mit euch allen.
      <tr><td><b>Sabine</b> schrieb am 11.03.2004 um 21:02:<tr><td>War ein schönes Fest, vielen Dank an alle Helfer, und an die Jugend.</table>`;
    const text = chosen(`<div><div>${P(5)}</div>${comments}</div>`);
    expect(text).toContain('Paragraph 4 of prose');
    for (const gone of ['Gratuliere', 'schönes Fest', heading]) expect(text).not.toContain(gone);
  });

  it('climbs past a page builder\'s wrappers to a later section of the text, not to the footer beside it', () => {
    const deep = (inner: string, n: number): string => '<div class="w">'.repeat(n) + inner + '</div>'.repeat(n);
    const section = (body: string): string => `<div class="cms-section">${deep(body, 5)}</div>`;
    const faq = '<h2>Häufige Fragen</h2><p>Kann ich den Termin verschieben? Ja, bis zwei Tage vorher, telefonisch oder über das Formular.</p>'
      + '<p>Was kostet eine weitere Abholung? Jede weitere Abholung kostet 45 Euro, die Mehrmenge je Kubikmeter 15 Euro.</p>';
    const footer = '<p>Stadt Auenrode, Marktplatz 1, Telefon 0123 4567, geöffnet montags bis freitags von 8 bis 12 Uhr.</p>';
    const text = chosen(`<main>${section(P(8))}${section(faq)}${section(footer)}</main>`);
    expect(text).toContain('Paragraph 7 of prose');
    expect(text).toContain('Jede weitere Abholung');
    expect(text).not.toContain('Marktplatz 1');
  });

  it('prunes a "more on this" box drawn as a one-column table, keeps a table of links with columns', () => {
    const box = `<table><tr><td><b>Mehr zum Thema</b></td></tr><tr><td>
      &raquo; <a href="/a/1">Kanalsanierung: zweiter Bauabschnitt verzögert sich</a> (02.09.2004)<br>
      &raquo; <a href="/a/2">Kirmes 2003: Schausteller ziehen positive Bilanz</a> (29.09.2003)</td></tr></table>`;
    const data = `<table><tr><th>Formular</th><th>Stand</th></tr><tr><td><a href="/f/1.pdf">Antrag auf Wohngeld, Mietzuschuss</a></td><td>2024</td></tr>
      <tr><td><a href="/f/2.pdf">Mietbescheinigung für den Vermieter</a></td><td>2023</td></tr></table>`;
    const text = chosen(`<table><tr><td>${P(4)}${data}${P(1, 'end')}${box}</td></tr></table>`);
    expect(text).toContain('Paragraph 0 of end');
    expect(text).toContain('Mietbescheinigung für den Vermieter');
    for (const gone of ['Mehr zum Thema', 'Schausteller']) expect(text).not.toContain(gone);
  });

  it.each([['nach oben'], ['Zum Seitenanfang'], ['Back to top']])('prunes "%s" also inside a page-wide <font> wrapper', (label) => {
    const back = `<p align="right"><a href="#top"><font size="1">${label}</font></a>`;
    const text = chosen(`<font face="Verdana" size="2"><div>${P(2)}${back}${P(2)}${back}</div></font>`);
    expect(text).toContain('Paragraph 1 of prose');
    expect(text).not.toContain(label);
  });

  it.each([
    ['a lead <div> of sentences right above the text', '<div class="intro">The harbour office moves the morning ferry forward by half an hour. Riders asked for it for a whole year, and most of them said they wanted it.</div>', true],
    ['a one-line kicker', '<div class="kicker">Ferry timetable</div>', false],
    ['a teaser with a link', '<div class="promo">Read our guide to the island ferries, with every timetable of the year, <a href="/g">here</a>.</div>', false],
  ])('%s before the article container: kept %s', (_name, block, kept) => {
    // A long article: the lead is well under a tenth of its prose, so only the lead rule keeps it.
    const text = chosen(`<div>${block}<div class="story">${P(20)}</div></div>`);
    expect(text).toContain('Paragraph 19 of prose');
    const first = block.replace(/<[^>]+>/g, '').slice(0, 20);
    if (kept) expect(text.startsWith(first)).toBe(true);
    else expect(text).not.toContain(first);
  });

  it('keeps a block after the article that only mentions comments further on', () => {
    const text = chosen(`<div><div>${P(5)}</div><p>Comments from readers helped us correct the timetable, and the harbour office thanked them, too.</p></div>`);
    expect(text).toContain('Comments from readers helped');
  });

  it('keeps the section heading right before the chosen block, not the page title', () => {
    const text = chosen(`<div class="recipe"><h1>Page title</h1><div class="zubereitung"><h2>Zubereitung</h2><ol>${'<li>Step with enough words to be a sentence of the method, stirring and waiting.</li>'.repeat(5)}</ol></div></div>`);
    expect(text).toMatch(/^Zubereitung ?Step with/);
    expect(text).not.toContain('Page title');
  });

  it("keeps an article's own <header> (its standfirst), not the page's header or the byline", () => {
    const text = chosen(`<header><p>Site slogan that is long enough to be read as a sentence of prose, almost.</p></header>
      <article><header><h1>Title</h1><p class="standfirst">The standfirst sums the story up in two sentences, as a lead does, before the body.</p>
      <p class="byline">By Someone Somewhere</p></header><div class="story-body">${P(4)}</div></article>`);
    expect(text).toContain('The standfirst sums the story up');
    expect(text).toContain('Paragraph 3 of prose');
    expect(text).not.toContain('Site slogan');
    expect(text).not.toContain('By Someone');
  });

  it('drops hidden elements', () => {
    const text = chosen(`<div>${P(4)}<p hidden>secret one</p><p style="display: none">secret two</p><p aria-hidden="true">secret three</p></div>`);
    expect(text).not.toContain('secret');
  });

  it('joins an article split around an ad slot, without the ad', () => {
    const text = chosen(`<div class="wrap"><div class="body-part">${P(4, 'first')}</div><div class="ad-slot"><a href="/ad">Buy now</a></div>` +
      `<div class="body-part">${P(3, 'second')}</div></div>${NAV}`);
    expect(text).toContain('of first');
    expect(text).toContain('of second');
    expect(text).not.toContain('Buy now');
    expect(text).not.toContain('Section');
  });

  it('leaves out a list of teaser cards beside the article', () => {
    const text = chosen(`<div class="main"><div class="article">${P(6)}</div>${TEASERS}</div>`);
    expect(text).toContain('Paragraph 5 of prose');
    expect(text).not.toContain('Headline number');
    expect(text).not.toContain('excerpt');
  });

  it('keeps a wrapper whose class sounds like boilerplate when it holds the prose', () => {
    const text = chosen(`<div class="sidebar-layout has-sidebar"><div>${P(6)}</div></div>${NAV}`);
    expect(text).toContain('Paragraph 5 of prose');
  });

  it('prefers the schema.org articleBody container', () => {
    const text = chosen(`<div><div itemprop="articleBody">${P(4, 'body')}</div><div class="x">${P(4, 'other')}</div></div>`);
    expect(text).toContain('of body');
  });

  it('removes paragraphs that are only a link, but keeps a bare URL given as a source', () => {
    const text = chosen(`<div>${P(3)}<p><strong><a href="/other">READ ALSO: ANOTHER STORY ENTIRELY</a></strong></p>` +
      `<p><a href="https://src.example/report">https://src.example/report</a></p>${P(2, 'more')}</div>`);
    expect(text).not.toContain('READ ALSO');
    expect(text).toContain('https://src.example/report');
  });

  it.each([
    ['a report to download', '<p><a href="/media/annual-report-2025.pdf">Download the annual report 2025 (PDF, 2 MB)</a></p>', 'annual report 2025'],
    ['a form, upper-case extension and a query', '<p><strong><a href="https://cdn.example/forms/Antrag.DOCX?v=3">Antragsformular herunterladen</a></strong></p>', 'Antragsformular'],
    ['an address to write to', '<p><a href="mailto:press@example.org">press@example.org, the press office</a></p>', 'press office'],
    ['a file behind a download script', '<p class="download-element"><a href="page.html?file=files/form-2024.pdf">Registration form 2024</a></p>', 'Registration form'],
    ['a link typed as a PDF', '<p><a href="/get/1234" type="application/pdf">Annual statistics 2025</a></p>', 'Annual statistics'],
  ])('keeps a paragraph that is only a link when it offers %s', (_what, para, kept) => {
    const text = chosen(`<div>${P(3)}${para}${P(2, 'more')}</div>`);
    expect(text).toContain(kept);
    expect(text).toContain('of more');
  });

  it('keeps section headers inside the content (TYPO3 frames) and drops the page header', () => {
    const frame = (h: string, word: string) => `<div class="frame frame-default"><header><h2 class="">${h}</h2></header>${P(2, word)}</div>`;
    const text = chosen(`<header><h2><a href="/">Stadt Beispielheim</a></h2><nav>${NAV}</nav></header>` +
      `<div class="content">${frame('Was abgeholt wird', 'one')}${frame('Gebühren', 'two')}</div>`);
    expect(text).toContain('Was abgeholt wird');
    expect(text).toContain('Gebühren');
    expect(text).not.toContain('Stadt Beispielheim');
  });

  it("keeps a recipe's ingredients box of short table rows beside its method", () => {
    const rows = ['250 g|Mehl', '1 Prise|Salz', '125 ml|Wasser', '3 EL|Öl', '1 ½ kg|Äpfel', '80 g|Zucker', '1 TL|Zimt', '60 g|Rosinen'].map((r) => `<tr><td>${r.split('|')[0]}</td><td>${r.split('|')[1]}</td></tr>`).join('');
    const text = chosen(`<div class="recipe"><div class="box recipe-ingredients"><h2>Zutaten</h2><table>${rows}</table>` +
      `<a href="/list">Einkaufsliste</a></div><div class="box recipe-preparation"><h2>Zubereitung</h2>${P(4, 'method')}</div></div>` +
      `<div class="more">${TEASERS}</div>`);
    expect(text).toContain('60 gRosinen');
    expect(text).toContain('of method');
    expect(text).not.toContain('Headline number');
  });

  it('removes widget labels inside the content', () => {
    const text = chosen(`<div>${P(3)}<div>Advertisement</div>${P(2, 'more')}</div>`);
    expect(text).not.toContain('Advertisement');
    expect(text).toContain('of more');
  });
});

describe('a data sheet of label/value rows beside the text (D372)', () => {
  const row = (label: string, value: string) => `<div class="feature"><span>${label}</span><div>${value}</div></div>`;
  const sheet = (rows: string) => `<div class="sheet">${rows}</div>`;
  const rows = [row('Durchmesser:', '28 cm'), row('Gewicht:', '2,9 kg'), row('Material:', 'Grauguss'), row('Randhöhe:', '5 cm')].join('');

  it('continues the text', () => {
    expect(chosen(`<div class="product"><div class="text">${P(4)}</div>${sheet(rows)}</div>`)).toContain('Grauguss');
  });

  it('needs labels that end in a colon, three rows or more', () => {
    const plain = [row('Durchmesser', '28 cm'), row('Gewicht', '2,9 kg'), row('Material', 'Grauguss')].join('');
    expect(chosen(`<div class="product"><div class="text">${P(4)}</div>${sheet(plain)}</div>`)).not.toContain('Grauguss');
    const two = [row('Gewicht:', '2,9 kg'), row('Material:', 'Grauguss')].join('');
    expect(chosen(`<div class="product"><div class="text">${P(4)}</div>${sheet(two)}</div>`)).not.toContain('Grauguss');
  });
});

describe('a paragraph written as text in a <font> between blocks (D376)', () => {
  const intro = 'Wenn im Oktober die Quitten gelb werden, weiß man nicht wohin damit. Gelee und Saft sind schnell gemacht, aber was übrig bleibt, wird bei uns seit jeher zu Quittenbrot, das bis Weihnachten in der Blechdose hält.';
  const steps = `<ol>${Array.from({ length: 8 }, (_, i) => `<li>Schritt ${i}: Die Quitten abreiben, schneiden, weich kochen und durch die Flotte Lotte drehen, dann das Mus mit Zucker einkochen.</li>`).join('')}</ol>`;
  const table = '<table><tr><td>Menge:</td><td>1 Blech</td></tr><tr><td>Zeit:</td><td>2 Tage</td></tr><tr><td>Schwierigkeit:</td><td>mittel</td></tr></table>';

  it('continues the text when it reads as sentences', () => {
    expect(chosen(`<div><table align="right"><tr><td><img src="q.jpg"></td></tr></table><font size="2"><span>${intro}</span></font><br>${table}${steps}</div>`)).toContain('Quitten gelb werden');
  });

  it('does not when it is short or ends without a sentence', () => {
    const short = '<font size="1">Eingestellt am 12.10.2006.</font>';
    expect(chosen(`<div><table align="right"><tr><td><img src="q.jpg"></td></tr></table>${short}<br>${table}${steps}</div>`)).not.toContain('Eingestellt');
  });
});

describe('pieces of a run of text beside the chosen block (D441)', () => {
  /** The body after selection alone, so what selection leaves of a run is seen before any line rule. */
  function selected(body: string): string {
    const root = bodyOf(parseDocument(`<html><body>${body}</body></html>`)) as DomElement;
    const { root: el } = selectMain(root, computeStats(root));
    return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  }
  const notice = '<b>Notice</b>: Undefined variable: prodOpts in <b>/home/shop/viewProd.inc.php</b> on line <b>187</b><br>';

  it('leaves the run whole: its bold pieces are not removed without its text', () => {
    const text = selected(`<div><div class="desc">${P(5)}</div><div class="care">${P(3, 'care')}</div><br>${notice}<div class="box">${NAV}</div></div>`);
    expect(text).toContain('Notice: Undefined variable: prodOpts in /home/shop/viewProd.inc.php on line 187');
  });

  it('still removes an inline block that stands alone between blocks', () => {
    const text = selected(`<div><div class="desc">${P(5)}</div><div class="care">${P(3, 'care')}</div> <b>Hot deals</b> <div class="box">${NAV}</div></div>`);
    expect(text).toContain('Paragraph 2 of care');
    expect(text).not.toContain('Hot deals');
  });
});
