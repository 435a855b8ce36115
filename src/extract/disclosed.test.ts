import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bodyOf, parseDocument, type DomElement } from './dom.ts';
import { disclosedIds, isDisclosed, isDisclosureButton } from './disclosed.ts';
import { extractPage } from './index.ts';

const DIR = path.resolve(import.meta.dirname, '..', '..', 'test', 'fixtures', 'extract-hidden');

function body(html: string): DomElement {
  return bodyOf(parseDocument(`<html><body>${html}</body></html>`)) as DomElement;
}

describe('content shown on demand', () => {
  it.each([
    ['named by aria-controls', '<button aria-controls="x y">Q</button><div id="y" hidden>A</div>', true],
    ['named by data-bs-target', '<a href="#" data-bs-target="#y">Q</a><div id="y" hidden>A</div>', true],
    ['named by an expandable #link', '<a href="#y" aria-expanded="false">Q</a><div id="y" hidden>A</div>', true],
    ['right after its control', '<h3><button aria-expanded="false">Q</button></h3><div id="y" hidden>A</div>', true],
    ['a tab panel', '<div role="tablist"></div><div id="y" role="tabpanel" hidden>A</div>', true],
    ['a plain #link does not open anything', '<a href="#y">Q</a><div id="y" hidden>A</div>', false],
    ['hidden with no control', '<p>Text</p><div id="y" hidden>A</div>', false],
  ])('%s', (_name, html, disclosed) => {
    const root = body(html);
    const el = root.querySelector('#y') as DomElement;
    expect(isDisclosed(el, disclosedIds(root))).toBe(disclosed);
  });

  it('tells a disclosure button from a widget button', () => {
    const root = body('<button aria-expanded="false">Q</button><button>Share</button><h3 class="faq-q"><button>Question?</button></h3>');
    const [toggle, widget, inHeading] = Array.from(root.querySelectorAll('button'));
    expect(isDisclosureButton(toggle)).toBe(true);
    expect(isDisclosureButton(widget)).toBe(false);
    expect(isDisclosureButton(inHeading)).toBe(true);
  });
});

describe('golden pages', () => {
  it('faq-accordion: questions and answers kept, hidden template and unopened text left out', () => {
    const html = fs.readFileSync(path.join(DIR, 'faq-accordion.html'), 'utf8');
    const got = extractPage(html, { url: 'https://faq-accordion.example/' });
    expect(`${got.markdown}\n`).toBe(fs.readFileSync(path.join(DIR, 'faq-accordion.md'), 'utf8'));
    for (const left of ['Session-Cookie', 'Reisepass', 'für niemanden bestimmt']) expect(got.markdown).not.toContain(left);
  });

  it('script-tabs: hidden panels of script-driven tabs beside the open one are kept, the page around them is not', () => {
    const html = fs.readFileSync(path.join(DIR, 'script-tabs.html'), 'utf8');
    const got = extractPage(html, { url: 'https://script-tabs.example/' });
    expect(`${got.markdown}\n`).toBe(fs.readFileSync(path.join(DIR, 'script-tabs.md'), 'utf8'));
    for (const s of ['Das Mahlwerk nie mit Wasser reinigen', '| Gewicht | 620 g |']) expect(got.markdown).toContain(s);
    for (const s of ['Kategorien', 'Impressum']) expect(got.markdown).not.toContain(s);
  });

  it('section-heads: section headers and accordion bars named "…-header" keep their headings and questions', () => {
    const html = fs.readFileSync(path.join(DIR, 'section-heads.html'), 'utf8');
    const got = extractPage(html, { url: 'https://section-heads.example/' });
    expect(`${got.markdown}\n`).toBe(fs.readFileSync(path.join(DIR, 'section-heads.md'), 'utf8'));
    for (const kept of ['## So stellen Sie den Antrag', 'Wie lange dauert die Bearbeitung?']) expect(got.markdown).toContain(kept);
    for (const left of ['Bürgerservice', 'Impressum']) expect(got.markdown).not.toContain(left);
  });
});
