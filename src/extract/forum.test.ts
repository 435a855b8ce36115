// Forum threads (D328): the furniture of each post goes, the posts stay. Golden page in
// test/fixtures/extract-structure (forum-thread).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type DomElement, parseDocument } from './dom.ts';
import { removeForumChrome } from './forum.ts';
import { extractPage } from './index.ts';
import { computeStats } from './stats.ts';

const DIR = path.resolve(import.meta.dirname, '..', '..', 'test', 'fixtures', 'extract-structure');
const read = (name: string): string => fs.readFileSync(path.join(DIR, name), 'utf8');

/** A thread of posts as a table per post: the furniture line `extra` in each post's cell, after its text. */
function thread(panel: (i: number) => string, extra: string): string {
  const post = (i: number): string =>
    `<table><tr><td>${panel(i)}</td><td><div>Post ${i} says something about the smokehouse door, with a sentence long enough to be text. The boards swelled in the wet autumn and dried again in May.</div><div>${extra}</div></td></tr></table>`;
  return `<html><body><div id="posts">${[1, 2, 3].map(post).join('')}</div></body></html>`;
}
const md = (html: string): string => extractPage(html, { url: 'https://forum.example/t' }).markdown;
const PANEL = (i: number): string => `<b>user${i}</b><br>Member<br>Join Date: Apr 2010<br>Posts: ${i * 7}`;

describe('forum threads', () => {
  it('reads the golden thread without author panels, post headers, reply titles, signatures or edit notes', () => {
    const got = extractPage(read('forum-thread.html'), { url: 'https://forum-thread.example/page' });
    expect(`${got.markdown}\n`).toBe(read('forum-thread.md'));
    for (const s of ['Hi all. I built', 'That black layer is creosote', 'Thanks, that worked.']) expect(got.markdown).toContain(s);
    for (const s of ['Join Date', 'Posts: 14', 'Junior Member', '05-02-2010', 'Re: Cedar', 'Low and slow', 'Last edited', 'All times are']) {
      expect(got.markdown).not.toContain(s);
    }
  });

  it('reads an Invision Power Board thread without post numbers, dates, edit notes or quote heads (D415)', () => {
    const got = extractPage(read('ipb-thread.html'), { url: 'https://ipb-thread.example/page' });
    expect(`${got.markdown}\n`).toBe(read('ipb-thread.md'));
    for (const s of ['bodies keep coming out fat. I use', 'Wax the silk lightly', 'Strip one side']) expect(got.markdown).toContain(s);
    for (const s of ['Post #', 'Jan 14 2007', 'This post has been edited', 'QUOTE (', 'Joined:']) expect(got.markdown).not.toContain(s);
  });

  it('reads a mail archive thread without header blocks, quotes, attribution lines or signatures (D333)', () => {
    const got = extractPage(read('mail-thread.html'), { url: 'https://mail-thread.example/page' });
    expect(`${got.markdown}\n`).toBe(read('mail-thread.md'));
    // The third message is short: its header block goes, the message does not.
    for (const s of ['Hello list,', 'That is a deliberate change', 'Thanks, that did it.']) expect(got.markdown).toContain(s);
    for (const s of ['From:', 'Date:', 'wrote:', '&gt;', 'old behaviour back with report.min_coverage = 0_', 'Hafenamt', 'maintainer']) {
      expect(got.markdown).not.toContain(s);
    }
  });

  it.each([
    ['18.08.2008, 08:47 #3', true],
    ['03-21-2009, 06:12 PM #2', true],
    ['Verfasst am: 02.04.2006, 21:12 Titel: Alter Apfelbaum', true],
    ['AW: Omas Zwetschgendatschi - wer hat das Originalrezept?', true],
    ['__________________ Backen ist Liebe, die man essen kann.', true],
    ['Zuletzt bearbeitet von Baumwart_Gerd am 03.04.2006, 12:40, insgesamt 1 mal bearbeitet', true],
    ['Alle Zeiten sind GMT + 1 Stunde', true],
    ['Du kannst keine Beiträge in dieses Forum schreiben.', true],
    ['Post #2', true],
    ['Jan 14 2007, 10:58 PM', true],
    ['This post has been edited by OldPike: Jan 15 2007, 07:02 AM', true],
    ['QUOTE (OldPike @ Jan 14 2007, 09:41 PM)', true],
    ['Post #2 of the thread was wrong, as Ruth wrote.', false],
    ['The door sticks again since 03-21-2009, any idea?', false],
    ['Re the door: it sticks because the boards swelled, as Ruth wrote.', false],
    ['Re: Cedar door. It sticks again since May, any idea why it does that?', false],
  ])('"%s" is furniture in a thread: %s', (line, furniture) => {
    const out = md(thread(PANEL, line));
    expect(out).toContain('Post 3 says something');
    expect(out.includes(line.slice(0, 20))).toBe(!furniture);
  });

  it('removes author panels whose lines are split by <br> alone, and keeps every post', () => {
    const out = md(thread((i) => `user${i}<br>Anmeldungsdatum: 14.03.2006<br>Beiträge: ${i}<br>Wohnort: Hohenlohe`, ''));
    for (const s of ['Anmeldungsdatum', 'Beiträge', 'Wohnort']) expect(out).not.toContain(s);
    for (const i of [1, 2, 3]) expect(out).toContain(`Post ${i} says something`);
  });

  it('needs two author panels or more: one "Posts:" block is no thread', () => {
    const count = (panels: number): number => {
      const blocks = Array.from({ length: 3 }, (_, i) => `<div><p>${i < panels ? PANEL(i) : `Stand ${i}`}</p><p>Text ${i} of the page.</p></div>`);
      const doc = parseDocument(`<html><body><main>${blocks.join('')}</main></body></html>`);
      const body = doc.querySelector('body') as DomElement;
      return removeForumChrome(body, computeStats(body));
    };
    expect(count(1)).toBe(0);
    expect(count(2)).toBe(2);
  });
});
