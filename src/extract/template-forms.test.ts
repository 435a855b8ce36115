// Template forms (D352, D354, D356): which forms mark their box, and how far the box reaches.
import { describe, expect, it } from 'vitest';
import { parseDocument } from './dom.ts';
import { isTemplateFormBox, markBuyLink, markTemplateForm } from './template-forms.ts';

const PITCH = '<p>Our weekly letter</p><p>One recipe every Friday. No spam.</p>';
const TEXT = `<p>${'A paragraph of the text, long enough to matter. '.repeat(10)}</p>`;
const WHY = '<p>Tell us which branch you visited and what went wrong, and we will answer within two working days.</p>';

function marked(body: string): string[] {
  const doc = parseDocument(`<html><body><main>${body}</main></body></html>`);
  for (const f of Array.from(doc.querySelectorAll('form'))) markTemplateForm(f);
  for (const a of Array.from(doc.querySelectorAll('a'))) markBuyLink(a);
  return Array.from(doc.querySelectorAll('*')).filter(isTemplateFormBox).map((e) => e.getAttribute('id') ?? e.localName);
}

describe('sign-up boxes (D352)', () => {
  // A sign-up form marks its box; another form with only labels marks itself (D356), never the box.
  it.each([
    ['an e-mail field and a button', '<input type="email" name="email"><button>Subscribe</button>', ['box']],
    ['a text field named for an address, a consent box', '<input type="text" name="EMAIL"><input type="checkbox" name="ok"><input type="submit">', ['box']],
    ['a name and an e-mail field', '<input name="first"><input type="email">', ['box']],
    ['a contact form (a text area)', '<input type="email"><textarea name="msg"></textarea>', ['form']],
    ['a login (a password)', '<input type="email"><input type="password">', ['form']],
    ['a search field', '<input type="search" name="q"><button>Go</button>', ['form']],
    ['three fields', '<input name="a"><input name="b"><input type="email">', ['form']],
  ])('%s', (_name, fields, want) => {
    expect(marked(`${TEXT}<div id="box">${PITCH}<form id="form">${fields}</form></div>`)).toEqual(want);
  });

  it('stops below a block that holds more than a pitch, and never marks <main>', () => {
    expect(marked(`<div id="outer">${TEXT}<div id="box">${PITCH}<form><input type="email"></form></div></div>`)).toEqual(['box']);
    expect(marked(`<form id="bare"><input type="email"></form>`)).toEqual(['bare']);
  });
});

describe('forms of labels alone (D356) and cart forms (D354)', () => {
  it('marks a form with nothing but its fields\' labels, and not one that explains itself', () => {
    expect(marked('<p>Text.</p><form id="servings" action="/r/12">für <input name="n" value="4"> Portionen <button>Umrechnen</button></form>')).toEqual(['servings']);
    expect(marked(`<form id="complaint" action="/feedback">${WHY}<input name="branch"><textarea></textarea></form>`)).toEqual([]);
  });

  it('marks a form that posts to the cart, and only the form', () => {
    const box = (action: string): string[] => marked(`<div id="buy"><p>A short description of the product.</p><form id="cart" action="${action}">${WHY}<input name="qty"><button>Add to cart</button></form></div>`);
    for (const action of ['/shop/cart/update', 'index.php?controller=cart', '/checkout/add', '/warenkorb/hinzufuegen', 'basket.php']) expect(box(action)).toEqual(['cart']);
    for (const action of ['/search', '/cartography/maps', '/contact']) expect(box(action)).toEqual([]);
  });

  it('marks a form that posts a rating or a review (D385)', () => {
    const box = (action: string): string[] => marked(`<div id="rate"><form id="stars" action="${action}">${WHY}<input type="hidden" name="id" value="7"></form></div>`);
    for (const action of ['/bewerten.php', '/cgi-bin/rate.pl?id=7', '/recipes/12/rating', 'index.php?act=review&id=3']) expect(box(action)).toEqual(['stars']);
    for (const action of ['/corporate/rates', '/reviewers/apply', '/search']) expect(box(action)).toEqual([]);
  });

  it('marks a form whose choices are a score, wherever it posts (D403)', () => {
    const form = (fields: string): string[] => marked(`<div id="rate"><form id="vote" action="modules.php?name=News&amp;file=article">${WHY}${fields}</form></div>`);
    expect(form('<input type="radio" name="score" value="5"> Excellent <input type="radio" name="score" value="1"> Bad')).toEqual(['vote']);
    expect(form('<select name="rating"><option>5</option><option>1</option></select>')).toEqual(['vote']);
    expect(form('<input type="radio" name="size" value="s"> S <input type="radio" name="size" value="m"> M')).toEqual([]);
    expect(form('<input name="score">')).toEqual([]);
  });

  it('marks a reader poll\'s box, question and vote count included (D417)', () => {
    const poll = (action: string): string[] => marked(`${TEXT}<div id="poll"><p>Umfrage: Sollte der Platz mehr Urlauber aufnehmen?</p><form action="${action}"><label><input type="radio" name="answer" value="1"> Ja</label><label><input type="radio" name="answer" value="2"> Nein</label><button>Abstimmen</button></form><p>412 Stimmen bisher.</p></div>`);
    for (const action of ['/umfrage/2291/abstimmen', '/polls/vote', 'index.php?mode=poll&id=3', '/cgi-bin/poll.pl']) expect(poll(action)).toEqual(['poll']);
    for (const action of ['/search', '/pollution/report', '/kontakt']) expect(poll(action)).not.toContain('poll');
  });
});

describe('product teasers with a buy link (D421)', () => {
  // The link's words are neutral here, so its address alone decides (its words decide too since D463, below).
  const teaser = (buy: string, more = '') =>
    `${TEXT}<table id="box"><tr><td><a href="/product.asp?id=118"><b>Trailhead Lace-Up</b></a><br>Flat last, unlined suede. $84.95 <a href="${buy}">›</a>${more}</td></tr></table>${TEXT}`;
  it.each([
    ['an add-to-cart address', '/shop/shopaddtocart.asp?id=118', ['box']],
    ['a buy-now action', 'index.php?action=buy_now&products_id=311', ['box']],
    ['WooCommerce\'s parameter', '?add-to-cart=1184', ['box']],
    ['a cart address that adds nothing', '/cart', []],
    ['a link to the product only', '/product.asp?id=119', []],
  ])('%s', (_name, buy, want) => {
    expect(marked(teaser(buy))).toEqual(want);
  });

  it('leaves a grid of products (a buy link each) and the page\'s own product (its <h1>) alone', () => {
    expect(marked(teaser('?add-to-cart=1', ' <a href="/p/2">Other</a> <a href="?add-to-cart=2">Add to cart</a>'))).toEqual([]);
    expect(marked(`<div id="product"><h1>Trailhead</h1><a href="/brand">Brand</a> $84.95 <a href="?add-to-cart=1">Add to cart</a></div>`)).toEqual([]);
  });

  it('marks nothing without a link elsewhere: the buy link alone is no teaser box', () => {
    expect(marked(`${TEXT}<p id="lone">$84.95 <a href="?add-to-cart=1">Add to cart</a></p>`)).toEqual([]);
  });
});

describe('another product\'s teaser with its own buy form (D455)', () => {
  const form = (button: string): string => `<form id="buy" action="agora.cgi"><input type="hidden" name="item" value="1">${button}</form>`;
  const teaser = (inner: string): string => `${TEXT}<table id="box"><tr><td><b>FEATURED PRODUCT</b><br>${inner}<b>Bench Winder</b><br>Our price: £89.50<br>${form('<input type="submit" name="add_to_cart_button" value="Add to Cart">')}</td></tr></table>`;
  it.each([
    ['a picture linking to its page', teaser('<a href="agora.cgi?p_id=TW-0410"><img src="w.jpg" alt=""></a><br>'), ['box']],
    ['a picture linking to a larger picture (the page\'s own product)', teaser('<a href="w_large.jpg"><img src="w.jpg" alt=""></a><br>'), ['buy']],
    ['no picture', teaser(''), ['buy']],
  ])('%s', (_name, body, want) => {
    expect(marked(body)).toEqual(want);
  });

  it('reads the button\'s words: "In den Warenkorb" buys, "Search" does not', () => {
    const box = (button: string): string => `${TEXT}<div id="box"><a href="/p/7"><img src="p.jpg"></a> Salz, 4,90 €<form id="f" action="/shop.pl">${button}</form></div>`;
    expect(marked(box('<button>In den Warenkorb</button>'))).toEqual(['box']);
    expect(marked(box('<input type="submit" value="Search">'))).toEqual(['f']);
  });
});

describe('a buy link known by its words (D463)', () => {
  it.each([
    ['"In den Warenkorb" to a shop script', '<a href="/cgi-bin/shop.cgi?action=add&item=7">In den Warenkorb</a>', ['box']],
    ['"Add to cart" to a plain page', '<a href="/basket.php?id=7">Add to cart</a>', ['box']],
    ['a link that says something else', '<a href="/cgi-bin/shop.cgi?action=info&item=7">Mehr erfahren</a>', []],
  ])('%s', (_name, link, want) => {
    expect(marked(`${TEXT}<div id="box"><a href="/p/7">Sternkarte</a>, 12,90 € ${link}</div>`)).toEqual(want);
  });
});
