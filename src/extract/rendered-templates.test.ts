import { describe, expect, it } from 'vitest';
import { openRenderedTemplates, renderedSlot } from './rendered-templates.ts';

describe('renderedSlot (D409)', () => {
  it.each([
    ['a Vue 2 slot', ' slot="contents"', 'contents'],
    ['a Vue 2.6 named slot', ' v-slot:sidebar', 'sidebar'],
    ['the shorthand', ' #footer', 'footer'],
    ['a declarative shadow root', ' shadowrootmode="open"', ''],
    ['the older spelling', ' shadowroot=open', ''],
    ['a scoped slot (slot-scope)', ' slot="row" slot-scope="props"', null],
    ['a scoped slot (v-slot with props)', ' v-slot:item="{ item }"', null],
    ['an ordinary template', ' id="card"', null],
    ['a template with a condition', ' v-if="open"', null],
    ['no attributes', '', null],
  ])('%s', (_name, attrs, slot) => {
    expect(renderedSlot(attrs)).toBe(slot);
  });
});

describe('openRenderedTemplates (D409)', () => {
  it.each([
    ['no template', '<p>a</p>', '<p>a</p>'],
    ['an inert template stays for the raw-block cut', '<template id="t"><p>a</p></template>', '<template id="t"><p>a</p></template>'],
    ['a slot template becomes a div', '<page><template slot="contents"><p>a</p></template></page>', '<page><div class="contents"><p>a</p></div></page>'],
    [
      'nested: the outer close matches the outer open',
      '<TEMPLATE slot=a><tabset><template slot="tabs"><li>x</li></template><template v-if="y">z</template></tabset></TEMPLATE>',
      '<div class="a"><tabset><div class="tabs"><li>x</li></div><template v-if="y">z</template></tabset></div>',
    ],
    ['a shadow root', '<x-card><template shadowrootmode="open"><p>a</p></template></x-card>', '<x-card><div><p>a</p></div></x-card>'],
    ['a slot name is kept to word characters', '<template slot=\'a"b c\'>t</template>', '<div class="abc">t</div>'],
  ])('%s', (_name, html, want) => {
    expect(openRenderedTemplates(html)).toBe(want);
  });
});
