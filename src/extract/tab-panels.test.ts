import { describe, expect, it } from 'vitest';
import { type DomElement, parseDocument } from './dom.ts';
import { isSiblingPanel } from './tab-panels.ts';

/** The first two element children of the first element in the body. */
function pair(html: string): [DomElement, DomElement] {
  const box = parseDocument(`<html><body>${html}</body></html>`).querySelector('body > *') as DomElement;
  const [a, b] = Array.from(box.children);
  return [a, b];
}

describe('panels of one tab or accordion widget (D375)', () => {
  it.each([
    ['Shopsys panels, the open one active', '<div class="in-tab__content"><div class="in-tab__content__item js-tabs-content active"></div><div class="in-tab__content__item js-tabs-content" data-tab-id="lieferumfang"></div></div>', true],
    ['CS-Cart panels, each with a class spelling its id', '<div class="ty-tabs__content"><div id="content_description" class="ty-wysiwyg-content content-description"></div><div id="content_care" class="ty-wysiwyg-content content-care hidden"></div></div>', true],
    ['Bootstrap tab panes', '<div class="tab-content"><div class="tab-pane fade show active" role="tabpanel"></div><div class="tab-pane fade" role="tabpanel"></div></div>', true],
    ['a shipping panel', '<div class="in-tab__content"><div class="in-tab__content__item active"></div><div class="in-tab__content__item" data-tab-id="versand"></div></div>', false],
    ['a reviews pane', '<div class="tab-content"><div class="tab-pane active" id="description"></div><div class="tab-pane" id="reviews"></div></div>', false],
    ['a product question form', '<div class="tab-content"><div class="tab-pane active"></div><div class="tab-pane" id="tab-productquestion-pane"></div></div>', false],
    ['blocks of the same class outside any widget', '<div class="entry"><div class="text-block"></div><div class="text-block"></div></div>', false],
    ['panels of different kinds', '<div class="tabs"><div class="panel-text"></div><div class="panel-links"></div></div>', false],
  ])('%s: %s', (_name, html, same) => {
    const [open, other] = pair(html);
    expect(isSiblingPanel(other, open)).toBe(same);
  });
});
