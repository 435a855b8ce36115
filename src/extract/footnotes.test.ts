// The footnotes a text points to (footnotes.ts, D447): table-driven.
import { describe, expect, it } from 'vitest';
import { bodyOf, holdsNamed, parseDocument, type DomElement } from './dom.ts';
import { footnoteTargets } from './footnotes.ts';

function pair(text: string, block: string): boolean {
  const body = bodyOf(parseDocument(`<html><body><div id="t">${text}</div><div id="b">${block}</div></body></html>`)) as DomElement;
  return holdsNamed(body.querySelector('#b') as DomElement, footnoteTargets(body.querySelector('#t') as DomElement));
}

describe('footnotes the text points to', () => {
  it.each([
    ['a numbered mark and the note\'s id', '<p>Text<a href="#nb1">1</a>.</p>', '<div id="nb1">Note.</div>', true],
    ['a bracketed mark and an anchor\'s name', '<p>Text<sup><a href="#fn2">[2]</a></sup>.</p>', '<p><a name="fn2"></a>Note.</p>', true],
    ['an asterisk', '<p>Text<a href="#star">*</a>.</p>', '<p id="star">Only in summer.</p>', true],
    // A jump to the comments or a section is no footnote mark.
    ['a jump to the comments', '<p>Text. <a href="#comments">3 Kommentare</a></p>', '<section id="comments">Comment.</section>', false],
    ['a mark naming nothing in the block', '<p>Text<a href="#nb1">1</a>.</p>', '<div id="nb9">Note.</div>', false],
    ['no marks at all', '<p>Text.</p>', '<div id="nb1">Note.</div>', false],
  ])('%s', (_name, text, block, expected) => {
    expect(pair(text, block)).toBe(expected);
  });
});
