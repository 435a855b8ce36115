import { describe, expect, it } from 'vitest';
import { dropChromeParagraphs, isChromeLine } from './chrome-lines.ts';

describe('chrome lines', () => {
  it.each([
    ['Letzte Änderung: 17.01.2006', true],
    // A print bar with arrows around its back link, or opening with one (D434).
    ['Rezept drucken | [« zurück zur Rezeptliste](a) | [Rezept weiterempfehlen](b)', true],
    ['[« zurück zur Übersicht](a) | Drucken', true],
    ['« Zurück zum Kapitel über den Sauerteig, in dem wir das Anstellgut beschreiben', false],
    // A publisher's notice of its rights (D432); a module's licence text stays.
    ['Copyright © 2004 Harrow Valley Herald. All rights reserved. This material may not be published, broadcast, rewritten or redistributed.', true],
    ['© 2003 Gemeindeverwaltung Talheim – alle Rechte vorbehalten', true],
    ['Copyright (C) 2004-2006 Ledgerworks GmbH. Internal use only. This module is not distributed outside the company.', false],
    ['Copyright law reserves all rights to the author, as the court said in 2004.', false],
    // PHP's messages printed into the page (D364).
    ['**Notice**: Undefined variable: text\\_tax\\_class in **/home/kontor/public\\_html/catalog/view/theme/kontor/template/product/product.tpl** on line **214**', true],
    ['Warning: mysql_connect(): Too many connections in /var/www/html/includes/db.php on line 12', true],
    ['Notice: the office is closed on 24 December; please use the online form in the meantime.', false],
    // Word's settings pasted as text (D360).
    ['Normal 0 21 false false false DE X-NONE X-NONE MicrosoftInternetExplorer4', true],
    ['Normal 0 false false false EN-US X-NONE X-NONE', true],
    ['Normal 0 is the lowest setting of the dial; false readings are rare.', false],
    ['Sie befinden sich hier: [Home](a) > [Rathaus](b) > [Bekanntmachungen](c)', true],
    ['Sie sind hier: [Startseite](a) » [Presse](b) » Pressemitteilung 47/2003', true],
    ['You are here: [Home](a) / [News](b)', true],
    ['Sie sind hier: im Herzen der Altstadt, wo sich die Gassen zum Markt hin öffnen und der Brunnen steht.', false],
    ['You are here because the council asked for your views on the plan.', false],
    ['Seite zuletzt geändert am 07.05.2009 von Bauamt kl', true],
    ['Page created 11/2/98 · last updated 9/14/99', true],
    ['Last updated: March 3, 2024', true],
    ['You are visitor to this page.', true],
    ['Sie sind Besucher Nr. 004711', true],
    ['Besucher: 12.345 seit 1999', true],
    ['[Druckversion](http://x.example/p?print=1)', true],
    ['\\[ [Previous](a) \\| [Next](b) \\| [Random](c) \\| [List Sites](d) \\]', true],
    ['Seite drucken \\| zurück \\| [nach oben](http://x.example/#top)', true],
    ['Created in 1998, the museum moved twice.', false],
    ['Last updated his will in 2001, the duke died a year later at the castle he had built.', false],
    ['Besucher: Bitte beachten Sie die Öffnungszeiten.', false],
    ['Zurück zur Natur: warum immer mehr Familien aufs Land ziehen, und was sie dort erwartet.', false],
    ['\\[ [Rezept drucken](a) \\] \\[ [Rezept weiterempfehlen](b) \\] \\[ [zurück zu den Mehlspeisen](c) \\]', true],
    ['E-mail this story Printer-friendly version Write a letter to the editor', true],
    ['Printing presses in the town closed in 1998.', false],
    ['Bitte drucken Sie das Formular aus und senden Sie es an uns zurück.', false],
    ['Back to the drawing board: the council rejects the plan for the third time in a row.', false],
    ['Previous | Next', false],
    ['_Letzte Änderung: 24.04.2002_', true],
    ['*Last updated: March 3, 2024*', true],
    ['Last modified: Sun Mar 14 21:07:33 CET 1999', true],
    ['Zuletzt aktualisiert: Montag, 3. Mai 2004', true],
    ['_Last updated his will in 2001, the duke died a year later._', false],
    ['Last updated: Sunny weather all week, said the forecast for the coast and the islands.', false],
    ['since January 1, 1998', true],
    ['Since 1998, the museum has moved twice and lost half of its collection.', false],
    ['Best viewed with Netscape 4.0 at 800x600. © 1998 Dave K. All pictures are mine, please don\'t steal them!', true],
    ['Am besten zu sehen mit Internet Explorer 5', true],
    ['_This page is always under construction! Last updated April 12, 1998_', true],
    ['This **Small Engine Repair Ring** site is owned by [Dave](mailto:d@x.example).', true],
    ['Want to join the ring? [Click here!](http://ring.example/add)', true],
    ['\\[ [Prev](a) | [Skip](b) | [Next](c) | [Random](d) \\]', true],
    ['The viewing platform is best viewed from the harbour at low tide.', false],
    ['Under the bridge the river is deep enough for barges, the council said.', false],
    // Long in Markdown, short as read: link targets, image alt text, emphasis, escapes and runs of spaces do not count.
    [`[Druckversion](http://x.example/${'p'.repeat(200)}?print=1)`, true],
    [`![${'a counter digit '.repeat(12)}](c.gif) Besucher: 4711`, true],
    [`**Letzte**  ${' '.repeat(150)}  **Änderung:** 17.01.2006`, true],
    [`${'\\_'.repeat(70)} Last updated: March 3, 2024`, true],
    [`_Last updated_ ${'*'.repeat(130)} March 3, 2024`, true],
    [`Last updated: ${'x'.repeat(120)}`, false],
    // A breadcrumb trail without "You are here" (D370).
    ['[Home](https://p.example/) \\> [Local News](https://p.example/news/) \\> Story', true],
    ['[Startseite](a) » [Lokales](b) » [Wendelsheim](c)', true],
    ['[Kochtreff](a) \\> [Rezepte](b) \\> [Herzhaft backen](c) \\> Zwiebelkuchen nach Oma Hildegard', true],
    ['[Home](a) \\> Story', false], // one link
    ['[Einstellungen](a) \\> [Entwickler](b) \\> API-Schlüssel anlegen und speichern.', false], // a sentence
    ['[Ventile](a) > [Dichtungen](b) und alles, was dazwischen liegt, prüfen Sie vor dem Winter.', false],
    // A press release's number and dateline (D381).
    ['**Pressemitteilung Nr. 47/2002**', true],
    ['Press release no. 12/2024', true],
    ['Magdeburg, 14.08.2003', true],
    ['Wendelsbrück, 23. August 2002', true],
    ['Wiesental, den 7. Mai 2009', false], // an official notice's own closing line
    ['Pressemitteilungen des Landesamts erscheinen montags.', false],
    // A shop's buying box (D379).
    ['inkl. 19% MwSt., zzgl. [Versandkosten](a)', true],
    ['8,40 € / 100 g inkl. 7% MwSt.', true],
    ['Sofort lieferbar, Lieferzeit 1–3 Werktage', true],
    ['In stock: ships in 5–7 working days', true],
    ['Menge:', true],
    ['Art.-Nr.: DG-2210  |  Hersteller: Kornfeld Schmiedewerk', true],
    ['Artikelnummer: HL-SK-5030W · EAN: 4099887766553', true],
    ['189,00 €', false],
    ['46,00 Euro', false],
    ['Die Lieferzeit beträgt in der Regel zwei bis drei Werktage, im Dezember kann es länger dauern.', false],
    ['Inklusive Mehrwertsteuer kostet der Ausweis 28,80 Euro.', false],
    // Recipe communities' send and keep links (D377).
    ['[Rezept an Freunde schicken](a)', true],
    ['[In mein Kochbuch legen](b)', true],
    ['Add to my recipe box', true],
    ['Rezept drucken · [Auf die Einkaufsliste](c)', true],
    ['In meinem Kochbuch stehen die Rezepte meiner Großmutter.', false],
    // A byline block (D371).
    ['By **DALE PRUETT**', true],
    ['By Ruth Penrose, 14 May 2004', true],
    ['_Ledger Staff Writer_', true],
    ['Published: Thursday, October 12, 2006 10:14 AM CDT', true],
    ['Veröffentlicht am 12.03.2004', true],
    ['By the time the firefighters arrived, the roof had collapsed.', false],
    ['By 2030 the county wants every bridge rated fair or better', false],
    ['Published reports put the cost at $4 million, twice the estimate.', false],
    // Where the story breaks for an advertisement (D370).
    ['Story continues below', true],
    ['ADVERTISEMENT', true],
    ['Anzeige', true],
    ['Lesen Sie nach der Anzeige weiter', true],
    ['The story continues below the waterline, where divers found the hull intact.', false],
    ['Printer-friendly version    [E-mail this story](a)    [Reader comments (6)](b)', true],
    // A pointer to another story or a gallery: a label and one link (D396).
    ['**» Lesen Sie auch:** [Backfest 2005: 400 Brote in sechs Stunden](a)', true],
    ['**Read more:** [Tencent profit falls as Alibaba threat weighs](a)', true],
    ['**READ MORE: [China plague outbreak confirmed](a)**', true],
    ['**Related:** [**The 15 Weirdest Galaxies in Our Universe**](a)', true],
    ['» Bilder: [Fotoalbum Backfest 2005 (48 Bilder)](a)', true],
    ['**SEE MORE**: [Hong Kong protests: 800 students under siege](a)', true],
    ['**Siehe auch:** [Installation unter Windows](a)', false],
    ['See also: [Configuration reference](a)', false],
    ['Read more: the council publishes the full report on [its website](a)', false],
    ['**Related:** [one](a) and [two](b)', false],
  ])('%s → %s', (line, chrome) => {
    expect(isChromeLine(line)).toBe(chrome);
  });

  it('drops such a line only when it stands as a paragraph of its own, outside code', () => {
    const md = [
      'The article text, with a sentence or two of its own.',
      '',
      'Letzte Änderung: 17.01.2006',
      '',
      '```',
      'Last updated: 2024-03-01',
      '',
      'Letzte Änderung: 17.01.2006',
      '```',
      '',
      '- Letzte Änderung: 17.01.2006',
      '',
      'A closing paragraph.',
      'Letzte Änderung: 17.01.2006',
    ].join('\n');
    expect(dropChromeParagraphs(md)).toBe(md.replace('\n\nLetzte Änderung: 17.01.2006\n\n```', '\n\n```'));
  });

  it('drops a paragraph of chrome lines and images (a counter, a webring, badges), not one with a line of text', () => {
    const md = [
      'The article text, with a sentence or two of its own.',
      '',
      '![counter](http://c.example/c.gif)',
      'since January 1, 1998',
      '',
      '![Ring](http://r.example/logo.gif)',
      'This **Engine Ring** site is owned by [Dave](mailto:d@x.example).',
      '\\[ [Prev](a) | [Skip](b) | [Next](c) | [Random](d) \\]',
      'Want to join the ring? [Click here!](http://r.example/add)',
      '',
      '![Sign my guestbook](http://g.example/b.gif)',
      '',
      'A closing paragraph.',
      'Best viewed with Netscape 4.0 at 800x600.',
    ].join('\n');
    expect(dropChromeParagraphs(md)).toBe([
      'The article text, with a sentence or two of its own.',
      '',
      '![Sign my guestbook](http://g.example/b.gif)',
      '',
      'A closing paragraph.',
      'Best viewed with Netscape 4.0 at 800x600.',
    ].join('\n'));
  });

  it('drops a bar of print and send links laid out as a table of one row, not a table of data (D370)', () => {
    const bar = '| Printer-friendly version | E-mail this story to a friend | [Write a letter to the editor](a) |\n| --- | --- | --- |';
    const data = '| Printer | Price |\n| --- | --- |';
    expect(dropChromeParagraphs(`Text.\n\n${bar}`)).toBe('Text.');
    expect(dropChromeParagraphs(`Text.\n\n${data}`)).toBe(`Text.\n\n${data}`);
  });

  it('leaves Markdown without such lines as it is', () => {
    const md = 'One paragraph.\n\nAnother one.';
    expect(dropChromeParagraphs(md)).toBe(md);
  });

  it('drops loose lines of links under a bold title, three or more, and nothing less (D424)', () => {
    const links = (n: number, bullet = '• '): string => Array.from({ length: n }, (_, i) => `${bullet}[Story ${i + 1}](/s/${i + 1})`).join('\n');
    expect(dropChromeParagraphs(`Text.\n\n**More News**\n${links(4)}`)).toBe('Text.');
    expect(dropChromeParagraphs(`Text.\n\n${links(3, '')}`)).toBe('Text.');
    expect(dropChromeParagraphs(`Text.\n\n**Siehe auch:**\n${links(3, '![](/punkt.gif) ')}`)).toBe('Text.');
    // Two links, a line of text among them, a list in list markup, or a long title: the text's own.
    for (const kept of [
      `**More News**\n${links(2)}`,
      `${links(2)}\nThe third story is not online yet.\n${links(1)}`,
      `- [Story 1](/s/1)\n- [Story 2](/s/2)\n- [Story 3](/s/3)`,
      `**${'A bold line far too long to be the title of a list of links on an old page, a sentence'}**\n${links(3)}`,
    ]) expect(dropChromeParagraphs(`Text.\n\n${kept}`)).toBe(`Text.\n\n${kept}`);
  });
});
