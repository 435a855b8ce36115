// The light DOM's own contract: links stay consistent under the edits the extractor and turndown make, child arrays
// follow changes, clones are independent, and selectors answer as the adapters expect.
import { describe, expect, it } from 'vitest';
import { parseLight } from './build.ts';
import type { LightDocument } from './document.ts';
import type { LightElement } from './element.ts';
import type { LightNode } from './nodes.ts';

function doc(body: string): LightDocument {
  return parseLight(`<html><head></head><body>${body}</body></html>`);
}

function el(d: LightDocument, selector: string): LightElement {
  const e = d.querySelector(selector);
  if (e === null) throw new Error(`no ${selector}`);
  return e;
}

/** Every parent/sibling link below `root` agrees with its counterpart. */
function linksConsistent(root: LightNode): boolean {
  let prev: LightNode | null = null;
  for (let c = root.firstChild; c !== null; c = c.nextSibling) {
    if (c.parentNode !== root || c.previousSibling !== prev || !linksConsistent(c)) return false;
    prev = c;
  }
  return root.lastChild === prev;
}

describe('light DOM tree', () => {
  it('builds elements, text and comments with linkedom-style names', () => {
    const d = doc('<div id="a" class=" x  y x ">one &amp; two<!--c--><br></div>');
    const div = el(d, '#a');
    expect([div.nodeName, div.localName, div.tagName, div.id]).toEqual(['DIV', 'div', 'DIV', 'a']);
    expect(div.getAttribute('class')).toBe('x y');
    expect(div.childNodes.map((n) => n.nodeName)).toEqual(['#text', '#text', '#text', '#comment', 'BR']);
    expect(div.textContent).toBe('one & two');
    expect(el(d, 'br').getAttribute('class')).toBe('');
    expect(el(d, 'br').hasAttribute('class')).toBe(false);
    expect(d.documentElement?.localName).toBe('html');
    expect(d.body?.localName).toBe('body');
    expect(linksConsistent(d)).toBe(true);
  });

  it('keeps links and child arrays right through moves and removals', () => {
    const d = doc('<ul><li>a</li><li>b</li><li>c</li></ul><ol></ol>');
    const [ul, ol] = [el(d, 'ul'), el(d, 'ol')];
    const before = ul.children;
    const [a, b, c] = before;
    ol.appendChild(b);
    ul.insertBefore(c, a);
    expect(before).toHaveLength(3);
    expect(ul.children.map((x) => x.textContent)).toEqual(['c', 'a']);
    expect(ol.childNodes).toEqual([b]);
    a.replaceWith(...Array.from(a.childNodes), d.createTextNode('!'));
    expect(ul.childNodes.map((n) => n.textContent)).toEqual(['c', 'a', '!']);
    expect(a.parentNode).toBeNull();
    ul.removeChild(c);
    expect(ul.firstElementChild).toBeNull();
    expect(linksConsistent(d)).toBe(true);
    expect(() => ul.insertBefore(d.createElement('p'), c)).toThrow();
    expect(() => ul.appendChild(d.documentElement as LightElement)).toThrow();
  });

  it('sets text and attributes', () => {
    const d = doc('<p title="t">x<b>y</b></p>');
    const p = el(d, 'p');
    p.setAttribute('lang', 'de');
    p.setAttribute('title', 'u');
    p.removeAttribute('missing');
    expect(p.getAttributeNames()).toEqual(['lang', 'title']);
    expect(p.getAttribute('title')).toBe('u');
    p.textContent = 'plain';
    expect(p.childNodes.map((n) => n.nodeType)).toEqual([3]);
    p.textContent = '';
    expect(p.firstChild).toBeNull();
  });

  it('clones deeply and independently', () => {
    const d = doc('<div class="k"><p>a<i>b</i></p></div>');
    const div = el(d, 'div');
    const copy = div.cloneNode(true);
    expect(copy.parentNode).toBeNull();
    expect(copy.textContent).toBe('ab');
    copy.setAttribute('class', 'other');
    copy.querySelector('i')?.remove();
    expect([div.getAttribute('class'), div.textContent]).toEqual(['k', 'ab']);
    expect(linksConsistent(copy)).toBe(true);
    expect(copy.getElementsByTagName('P')).toHaveLength(1);
  });

  it('answers selectors as the adapters write them', () => {
    const d = doc(`<div id="buybox"><span class="a-price a-text-price"><span class="a-offscreen">1</span></span>
      <span class="a-price"><span class="a-offscreen">2</span></span></div><div id="sims-1"><a href="/x/status/9">t</a></div>
      <form action="/CAPTCHA/x"></form><template><p class="in-template">t</p></template>`);
    const texts = (s: string): string[] => d.querySelectorAll(s).map((e) => e.textContent);
    expect(texts('#buybox .a-price:not(.a-text-price) .a-offscreen')).toEqual(['2']);
    expect(texts('#buybox > span > .a-offscreen')).toEqual(['1', '2']);
    expect(texts('[id^="sims"] a[href*="/status/"], #nothing')).toEqual(['t']);
    expect(d.querySelector('form[action*="captcha" i]')).not.toBeNull();
    expect(d.querySelector('.in-template')).toBeNull();
    const offscreen = el(d, '.a-offscreen');
    expect(offscreen.closest('[id^="sims"], #buybox')?.id).toBe('buybox');
    expect(el(d, 'body').contains(offscreen)).toBe(true);
    expect(offscreen.matches('span')).toBe(true);
  });
});
