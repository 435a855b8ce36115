// Where a regional store's product page (`/dp/{ASIN}`) shows each thing. The selectors follow the markup such pages
// use across their regional stores and layouts (desktop, older desktop, mobile); the words follow the languages of
// our fixtures (English, German, Japanese, French, Spanish, Italian, Hindi-English). Nothing here names a host.

/** `/dp/{ASIN}`, optionally after a slug (`/Some-Name/dp/B0…`) and before `/ref=…` or a query. */
export const DP_PATH = /(?:^|\/)dp\/([A-Za-z0-9]{10})(?=[/?#;]|$)/;

export function asinFromUrl(url: URL | null): string | null {
  const m = url === null ? null : DP_PATH.exec(url.pathname);
  return m ? m[1].toUpperCase() : null;
}

/** Product-page markup: at least one must be present for the adapter to run. */
export const PRODUCT_PAGE_SIGNALS = [
  '#productTitle', '#dp-container', 'input#ASIN', 'input[name="ASIN"]', '#buybox', '#add-to-cart-button',
  '#corePrice_feature_div', '#corePrice_mobile_feature_div',
];

export const TITLE_SELECTORS = ['#productTitle', '#title_feature_div h1', '#title'];

/** Places that carry the main product's ASIN (never `data-asin` attributes, which carousel tiles carry too). */
export const ASIN_INPUTS = ['input#ASIN', 'input[name="ASIN"]'];
export const DETAIL_ROWS = [
  '#detailBullets_feature_div li',
  '#productDetails_detailBullets_sections1 tr',
  '#productDetails_techSpec_section_1 tr',
  '#prodDetails tr',
];
export const ASIN_IN_ROW = /\bASIN\b[\s:：\u200e\u200f]*([A-Z0-9]{10})\b/;

/**
 * The selected quote: the price the page offers the buyer for the main product, desktop centre column, buy box,
 * mobile and older layouts. A strike-through list price (`.a-text-price`) is never a selected price.
 */
export const SELECTED_PRICES = [
  '#corePriceDisplay_desktop_feature_div .priceToPay .a-offscreen',
  '#corePrice_feature_div .a-price:not(.a-text-price) .a-offscreen',
  '#corePrice_mobile_feature_div .a-price:not(.a-text-price) .a-offscreen',
  '#apex_desktop .apexPriceToPay .a-offscreen',
  '#price_inside_buybox',
  '#buybox .a-price:not(.a-text-price) .a-offscreen',
  '#desktop_buybox .a-price:not(.a-text-price) .a-offscreen',
  '#newBuyBoxPrice',
  '#priceblock_ourprice',
  '#priceblock_dealprice',
  '#priceblock_saleprice',
];

/**
 * Regions whose prices belong to other products or other offers: recommendation carousels ("customers also
 * bought", "compare with similar items"), sponsored tiles and ad slots, and other sellers' offer lists.
 */
export const NOT_SELECTED = [
  '.a-carousel-container', '.a-carousel', '[data-a-carousel-options]', '[id^="sims"]', '[id*="similarities"]',
  '[id*="purchase-sims"]', '[id*="session-sims"]', '[id^="rhf"]', '[id*="comparison"]',
  '[id^="sp_"]', '[id*="sponsored"]', '[class*="sponsored"]', '[data-ad-details]', '[data-ad-id]', '[id*="-ads-"]',
  '[id^="ad-"]', '[class*="ad-feedback"]',
  '#aod-container', '#aod-offer-list', '#olp_feature_div', '#mbc', '#moreBuyingChoices_feature_div',
  '#all-offers-display', '[id*="other-sellers"]',
].join(', ');

/** A visible "Sponsored" label marks an ad tile even when its markup says nothing else. */
export const SPONSORED_LABEL = /^(?:sponsored|gesponsert|sponsorisé|patrocinado|sponsorizzato|スポンサー|प्रायोजित)(?![\p{L}])/iu;

export const SEE_ALL_BUYING_OPTIONS = ['#buybox-see-all-buying-choices', '#buybox-see-all-buying-choices-announce'];
export const SEE_ALL_TEXT =
  /see all buying options|alle kaufoptionen anzeigen|すべての出品を見る|voir toutes les options d'achat|ver todas las opciones de compra|vedi tutte le opzioni di acquisto/i;

export const AVAILABILITY = ['#availability span', '#availability', '#outOfStock', '#availability_feature_div'];

/** Unavailability in this capture's delivery context (spec `quote_absent_observed`). */
export const UNAVAILABLE_TEXT = new RegExp(
  [
    'currently unavailable', 'cannot be shipped to your selected', 'does not ship to', 'not available for delivery',
    'derzeit nicht verfügbar', 'nicht an den ausgewählten lieferort', 'kann nicht .* geliefert werden',
    '現在お取り扱いできません', '在庫切れ', 'お届け先には発送できません',
    'actuellement indisponible', 'ne peut pas être expédié', 'no disponible', 'no se puede enviar',
    'non disponibile', 'non può essere spedito',
  ].join('|'),
  'i',
);
export const UNDELIVERABLE_BLOCKS = ['#exports_desktop_undeliverable_buybox', '#outOfStock', '#unqualifiedBuyBox_feature_div'];

/** The delivery context ("Deliver to …") of the page's header or buy box. */
export const DELIVER_TO = [
  '#glow-ingress-line2',
  '#glow-ingress-line1',
  '#contextualIngressPtLabel_deliveryShortLine',
  '#nav-global-location-popover-link',
  '#contextualIngressPt',
];
export const DELIVER_LABEL =
  /^(?:hello,?\s*)?(?:deliver(?:ing)? to|liefern an|lieferung an|livrer à|livraison à|enviar a|entregar en|consegna a|spedire a|dostawa do|お届け先|配送先)(?:\s+[^\s:：]+\s+-)?\s*[:：]?\s*/i;
/** A first header line that states the place itself (newer header) rather than greeting the recipient. */
export const DELIVERING_LINE = /^delivering to\s+\S/i;
/** Prompts a header shows when no delivery location is chosen: not a region. */
export const NO_LOCATION =
  /select (?:your|a) (?:address|location)|update location|choose your location|adresse auswählen|standort aktualisieren|住所を選択|お届け先を選択|choisir votre adresse|elige tu dirección|seleziona il tuo indirizzo/i;

export const SELLER = [
  '#sellerProfileTriggerId',
  '#merchantInfoFeature_feature_div .offer-display-feature-text-message',
  '#merchant-info a',
  '#merchant-info',
];

export const RATING = ['#acrPopover .a-icon-alt', '#averageCustomerReviews .a-icon-alt'];
export const REVIEW_COUNT = ['#acrCustomerReviewText'];
