import { describe, expect, it } from 'vitest';
import { bodyOf, parseDocument, type DomElement } from './dom.ts';
import { isSmallPrintBeside } from './small-print.ts';

function around(html: string): DomElement {
  return bodyOf(parseDocument(`<html><body><div id="around"><p><font size="3">Text of the page, set in the normal size. <a href="#fn1">1</a></font></p>${html}</div></body></html>`))?.querySelector('#around') as DomElement;
}

describe('small print beside the text (D397)', () => {
  it.each([
    ['an about box in size 1', '<div id="b"><font size="1"><b>About us</b><br>We meet on Thursdays.</font></div>', true],
    ['a box in <small>', '<p id="b"><small>© 2004 The Kitchen. All rights reserved.</small></p>', true],
    ['a box in size -2', '<div id="b"><font size="-2">Last changed in May.</font></div>', true],
    ['a box with text in the normal size too', '<div id="b"><font size="1">Note</font> and normal text</div>', false],
    ['a data table set small', '<table id="b"><tr><td><font size="1">Length</font></td><td><font size="1">9 ft</font></td></tr><tr><td><font size="1">Weight</font></td><td><font size="1">3 oz</font></td></tr></table>', false],
    ['a picture with its caption', '<div id="b"><img src="a.jpg"><br><font size="1">The finished cake</font></div>', false],
    ['a footnote the text links to', '<p id="b"><font size="1"><a name="fn1">1</a>) From May on, peel the stalks.</font></p>', false],
    ['a box with no text', '<div id="b"><font size="1"> </font></div>', false],
  ])('%s', (_name, html, small) => {
    const a = around(html);
    expect(isSmallPrintBeside(a.querySelector('#b') as DomElement, a)).toBe(small);
  });

  it('says nothing on a page whose text is all small print', () => {
    const a = bodyOf(parseDocument('<html><body><div id="around"><font size="1"><p>All the text is small.</p><p id="b">So is this.</p></font></div></body></html>'))?.querySelector('#around') as DomElement;
    expect(isSmallPrintBeside(a.querySelector('#b') as DomElement, a)).toBe(false);
  });
});
