// Forms that are template whatever their classes say, known by their fields and where they post:
//  a sign-up box, "Sunday Supper, in your inbox" with an e-mail field and a button between a recipe's paragraphs, by
//  a front end whose class names say nothing (Tailwind utilities, a CMS block id): one e-mail field and no text area
//  or password, in a box of a line or two (D352);
//  a shop's buying form (price, variants, quantity, "In den Warenkorb", stock), which posts to the cart (D354);
//  a form of labels alone ("Quantity:", "für … Portionen"), which would leave them standing in the text (D356).
// The forms' fields are removed with the other controls before the template pass, so the box is marked then and
// judged there.
import { nonSpaceLength } from '../io/text.ts';
import { NON_CONTENT_TAGS } from './cues.ts';
import { type DomElement, isElement, TEXT_NODE } from './dom.ts';

/** The attribute such a box carries from removeNonContent to the template pass (never written out). */
const TEMPLATE_FORM_BOX = 'data-extract-template-form';

/** The most text (non-space characters) a sign-up box holds besides its form: a title and a line of promise. */
const BOX_MAX_CHARS = 300;

/** Elements a sign-up box never is: the page's own regions, which hold far more than a form's pitch. */
const NEVER_BOX = new Set(['body', 'html', 'main', 'article']);

/** A form asking for an e-mail address only: a newsletter, a "tell me when it is back in stock". */
function isSignupForm(form: DomElement): boolean {
  if (form.querySelector('textarea, input[type="password"], select') !== null) return false;
  const fields = Array.from(form.querySelectorAll('input')).filter((i) => !/^(?:hidden|submit|button|image|checkbox|radio)$/i.test(i.getAttribute('type') ?? 'text'));
  if (fields.length === 0 || fields.length > 2) return false;
  return fields.some((i) => (i.getAttribute('type') ?? '').toLowerCase() === 'email' || /e-?mail/i.test(i.getAttribute('name') ?? ''));
}

/** A shop's buying form (variants, quantity, "Add to cart"): it posts to the cart. */
/** Words of a form's action URL, each a whole segment, name or value of it (`/cart/add`, `?act=review`). */
const actionWords = (words: string): RegExp => new RegExp(`(?:^|[/?=&._-])(?:${words})(?:$|[/?=&._-])`, 'i');
const CART_ACTION = actionWords('cart|basket|warenkorb|checkout');
const RATING_ACTION = actionWords('bewerten|bewertung|rate|rating|vote|voting|review|rezension');
const POLL_ACTION = actionWords('polls?|umfragen?|abstimmen|abstimmung|voting');

/** Whether the form posts to an address named by `action`. */
const postsTo = (form: DomElement, action: RegExp): boolean => action.test(form.getAttribute('action') ?? '');

function isCartForm(form: DomElement): boolean {
  return postsTo(form, CART_ACTION);
}

/** Choice fields named as a score: a vote on the page. */
const SCORE_FIELD = /^(?:score|rating|rate|vote|stars?|bewertung|note|punkte)$/i;

/**
 * A form that posts a rating or a review of the page ("Dieses Rezept bewerten", stars to click, D385), or whose radio
 * buttons or list choose a score (PostNuke's "Please take a second and vote for this article": `score` from
 * Excellent to Bad, posted to the article's own module, D403).
 */
function isRatingForm(form: DomElement): boolean {
  if (postsTo(form, RATING_ACTION)) return true;
  return Array.from(form.querySelectorAll('input[type="radio" i], select')).some((f) => SCORE_FIELD.test(f.getAttribute('name') ?? ''));
}

/**
 * A reader poll embedded in the text ("Umfrage: Sollte der Campingplatz …?", three answers to tick, D417): it posts
 * to a poll or a vote. Its box, the question above the form and the count of votes under it, goes with it.
 */
function isPollForm(form: DomElement): boolean {
  return postsTo(form, POLL_ACTION) && form.querySelector('input[type="radio" i], input[type="checkbox" i]') !== null;
}

/** The most text a form may show besides its controls to be only their labels ("Quantity:", "Name", "E-Mail"). */
const LABELS_MAX_CHARS = 40;

/**
 * Non-space characters of a form's text outside its controls (button labels, option names, text areas): what stays
 * once removeNonContent has removed them.
 */
function labelChars(el: DomElement): number {
  let n = 0;
  for (let c = el.firstChild; c !== null; c = c.nextSibling) {
    if (c.nodeType === TEXT_NODE) n += nonSpaceLength(c.textContent ?? '');
    else if (isElement(c) && !NON_CONTENT_TAGS.has(c.localName)) n += labelChars(c);
  }
  return n;
}

/**
 * The highest ancestor of `el` with no more than a pitch of text (BOX_MAX_CHARS), below the page's own regions: the
 * box a sign-up form, a poll or a product teaser's buy link stands in. Null when even the parent holds more.
 */
function pitchBox(el: DomElement): DomElement | null {
  let box: DomElement | null = null;
  for (let a = el.parentElement; a !== null && !NEVER_BOX.has(a.localName); a = a.parentElement) {
    if (nonSpaceLength(a.textContent ?? '') > BOX_MAX_CHARS) break;
    box = a;
  }
  return box;
}

/**
 * Marks a template form's box: a cart form itself (the product's short description often shares its parent), a
 * sign-up form's or a poll's highest ancestor with no more than a pitch of text.
 */
export function markTemplateForm(form: DomElement): void {
  if (isSignupForm(form) || isPollForm(form)) {
    (pitchBox(form) ?? form).setAttribute(TEMPLATE_FORM_BOX, '');
    return;
  }
  const teaser = isBuyForm(form) ? productTeaserBox(form) : null;
  if (teaser !== null) {
    teaser.setAttribute(TEMPLATE_FORM_BOX, '');
    return;
  }
  // A form with nothing but its fields' labels leaves those labels standing alone once its fields are gone (D356).
  if (isCartForm(form) || isRatingForm(form) || labelChars(form) <= LABELS_MAX_CHARS) form.setAttribute(TEMPLATE_FORM_BOX, '');
}

/** A button that puts the product in the cart ("Add to Cart", `name="add_to_cart_button"`, "In den Warenkorb"). */
const BUY_BUTTON = /add[\s_-]*to[\s_-]*(?:cart|basket|bag)|buy[\s_-]*now|in\s+den\s+warenkorb|warenkorb[\s_-]*legen/i;

/** A form that posts to the cart, or whose button says it puts the product there. */
function isBuyForm(form: DomElement): boolean {
  if (isCartForm(form)) return true;
  return Array.from(form.querySelectorAll('input[type="submit" i], input[type="image" i], button')).some((b) =>
    BUY_BUTTON.test(`${b.getAttribute('name') ?? ''} ${b.getAttribute('value') ?? ''} ${b.getAttribute('alt') ?? ''} ${b.textContent ?? ''}`));
}

/** A link to an image file: a product picture's zoom, not a link to another product's page. */
const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp)(?:$|[?#])/i;

/**
 * Another product's teaser with its own buy form inside a text (a buying guide's "FEATURED PRODUCT: [picture] Bench
 * Mainspring Winder, £89.50 [Add to Cart]", D455): the form's highest ancestor with no more than a pitch of text,
 * when it holds a picture that links to a page (the product's) and no `<h1>`. The page's own product keeps its form
 * beside its title, and its picture links to a larger picture.
 */
function productTeaserBox(form: DomElement): DomElement | null {
  const box = pitchBox(form);
  if (box === null || box.querySelector('h1') !== null || box.querySelectorAll('form').length > 1) return null;
  const pictured = Array.from(box.querySelectorAll('a[href]')).some((a) => a.querySelector('img') !== null && !IMAGE_FILE.test(a.getAttribute('href') ?? ''));
  return pictured ? box : null;
}

/** A link that puts a product in the cart (`shopaddtocart.asp?id=118`, `?action=buy_now&products_id=311`). */
const ADD_TO_CART = /add[-_]?to[-_]?(?:cart|basket)|buy[-_]?now|cart\/add(?:$|[/?])/i;

/**
 * A product teaser with its own buy link inside a text ("Staff pick: Trailhead Lace-Up … $84.95 [Add to cart]",
 * D421): the buy link's highest ancestor with no more than a pitch of text, when it holds that one buy link, also
 * links elsewhere (to the product's page) and holds no `<h1>` (the page's own product keeps its buy link beside its
 * title).
 */
export function markBuyLink(a: DomElement): void {
  if (!isBuyLink(a)) return;
  const box = pitchBox(a);
  if (box === null || box.querySelector('h1') !== null) return;
  const links = Array.from(box.querySelectorAll('a[href]'));
  const buys = links.filter(isBuyLink).length;
  // One product: a grid of them (a buy link each) goes as a whole by its links, with its heading.
  if (buys === 1 && links.length > buys) box.setAttribute(TEMPLATE_FORM_BOX, '');
}

/** A link that puts a product in the cart, by its address or by its words ("In den Warenkorb", D463). */
function isBuyLink(a: DomElement): boolean {
  return ADD_TO_CART.test(a.getAttribute('href') ?? '') || BUY_BUTTON.test((a.textContent ?? '').trim());
}

export function isTemplateFormBox(el: DomElement): boolean {
  return el.hasAttribute(TEMPLATE_FORM_BOX);
}
