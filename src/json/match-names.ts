// Field-name matching (issue 5 rule 2): a schema property matches a page label or key when their normalised forms
// are equal — case, spacing, underscores, hyphens and camelCase boundaries do not matter — or when both belong to one
// synonym group below. The groups are documented in docs/decisions.md (JSON extraction entries).

/** Normalised key: lower case, letters and digits only (Unicode-aware). `product_Name`, `Product name` → `productname`. */
export function normKey(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Words of a name for searching running text: `reviewCount` → `review count`, `unit_price` → `unit price`. */
export function namePhrase(s: string): string {
  return s
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();
}

/**
 * Synonym groups, each written as phrases. The first member names the group. A schema name in a group also matches
 * every other member, after its own spelling.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['title', 'name', 'headline', 'heading', 'product name', 'product title'],
  ['description', 'summary'],
  ['price', 'amount', 'cost', 'current price', 'sale price', 'price amount', 'offer price', 'unit price'],
  ['currency', 'price currency', 'currency code'],
  ['brand', 'brand name', 'manufacturer', 'make'],
  ['sku', 'product id', 'item number', 'article number', 'part number', 'retailer item id'],
  ['mpn', 'model number', 'manufacturer part number'],
  ['gtin', 'gtin13', 'gtin 13', 'gtin12', 'ean', 'upc', 'barcode'],
  ['image', 'images', 'image url', 'photo', 'picture', 'thumbnail'],
  ['url', 'link', 'page url'],
  ['availability', 'stock status', 'in stock'],
  ['rating', 'rating value', 'average rating', 'stars'],
  ['review count', 'reviews', 'number of reviews', 'rating count', 'ratings'],
  ['author', 'byline', 'written by', 'creator'],
  ['date published', 'published', 'publication date', 'published at', 'published time', 'release date'],
  ['date modified', 'updated', 'last updated', 'modified time', 'updated at'],
  ['color', 'colour'],
  ['category', 'product category'],
];

const GROUP_OF = new Map<string, number>();
SYNONYM_GROUPS.forEach((group, i) => {
  for (const member of group) GROUP_OF.set(normKey(member), i);
});

/** Group names whose fields are review counts: a single separator before three digits is grouping (rule 6). */
const COUNT_GROUP = SYNONYM_GROUPS.findIndex((g) => g[0] === 'review count');
const TITLE_GROUP = SYNONYM_GROUPS.findIndex((g) => g[0] === 'title');

export interface NameSet {
  /** Normalised keys in order of preference: the property name, the schema title, then synonyms. */
  keys: string[];
  /** The same as phrases (lower-case words) for searching page text. */
  phrases: string[];
  /** The field is a review count (number rule 6). */
  isCount: boolean;
  /** The field names the content title (`h1[0]` / `title` apply). */
  isTitle: boolean;
}

/** The names one schema property answers to: its key, its `title` annotations, then their synonym groups. */
export function nameSet(names: readonly string[]): NameSet {
  const keys: string[] = [];
  const phrases: string[] = [];
  const add = (phrase: string): void => {
    const key = normKey(phrase);
    if (key === '' || keys.includes(key)) return;
    keys.push(key);
    phrases.push(namePhrase(phrase));
  };
  for (const n of names) add(n);
  const groups = new Set<number>();
  for (const k of [...keys]) {
    const g = GROUP_OF.get(k);
    if (g !== undefined) groups.add(g);
  }
  for (const g of groups) for (const member of SYNONYM_GROUPS[g]) add(member);
  return { keys, phrases, isCount: groups.has(COUNT_GROUP), isTitle: groups.has(TITLE_GROUP) };
}

/** Keys that answer to the content title (`h1[0]`, `<title>`). */
export const TITLE_KEYS: readonly string[] = SYNONYM_GROUPS[TITLE_GROUP].map(normKey);
