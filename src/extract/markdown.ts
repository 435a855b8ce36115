// DOM → Markdown with turndown, given an element of the parsed tree (never a string: inside workerd turndown has no HTML
// parser of its own). Output conventions: ATX headings, fenced code with the language from `language-x`/`lang-x`,
// GFM tables (the first row is the header row, as GFM requires one), absolute link and image URLs, and no empty links.
import TurndownService from 'turndown';
import { type DomElement, type DomNode, TEXT_NODE, absoluteUrl, elementChildren, isElement, normalizeSpace } from './dom.ts';
import { codeText } from './code-text.ts';
import { prepareTables } from './tables.ts';
import { isCollapseToggle } from './disclosed.ts';

type TdNode = TurndownService.Node;

function asEl(n: TdNode): DomElement {
  return n as unknown as DomElement;
}

const SAFE_LINK = /^(?:https?:|mailto:|ftp:)/i;

/** The best image URL of an <img>: `src`, else the lazy-loading attributes pages use, else the first srcset entry. */
export function imageSource(img: DomElement): string | null {
  // Lazy loaders keep the real URL in a data-* attribute and a placeholder in src, so those come first.
  for (const attr of ['data-src', 'data-lazy-src', 'data-original', 'data-url', 'src', 'data-srcset', 'srcset']) {
    const v = img.getAttribute(attr);
    if (v === null || v.trim() === '') continue;
    const first = attr.endsWith('srcset') ? v.trim().split(/\s+/)[0] ?? '' : v.trim();
    if (first === '' || first.startsWith('data:')) continue;
    return first;
  }
  return null;
}

// A side given in the style attribute instead: help generators size their icons so
// (`style="width: 16px;height: 16px;"`).
const STYLE_PX = {
  width: /(?:^|;)\s*width\s*:\s*(\d+(?:\.\d+)?)px\s*(?:;|$)/i,
  height: /(?:^|;)\s*height\s*:\s*(\d+(?:\.\d+)?)px\s*(?:;|$)/i,
};

/**
 * A declared size in CSS pixels (`width="12"`, `height=1`, `style="width:16px"`), or null when absent or not a plain
 * number.
 */
function declaredPx(img: DomElement, attr: 'width' | 'height'): number | null {
  const v = img.getAttribute(attr);
  if (v !== null) return /^\s*\d+(?:\.\d+)?(?:px)?\s*$/i.test(v) ? Number.parseFloat(v) : null;
  const style = img.getAttribute('style');
  const m = style === null ? null : STYLE_PX[attr].exec(style);
  return m === null ? null : Number.parseFloat(m[1]);
}

/**
 * Layout images of old templates: spacers and rules (a side of 2 px or less) and icons (both sides 24 px or less, as
 * declared in the markup). They carry no content, and their URLs would stand in the text as words.
 */
export function isDecorativeImage(img: DomElement): boolean {
  const w = declaredPx(img, 'width');
  const h = declaredPx(img, 'height');
  if ((w !== null && w <= 2) || (h !== null && h <= 2)) return true;
  return w !== null && h !== null && w <= 24 && h <= 24;
}

function escapeBrackets(s: string): string {
  return s.replace(/([\\[\]])/g, '\\$1');
}

const DEST_ESCAPES: Record<string, string> = { '(': '%28', ')': '%29', '<': '%3C', '>': '%3E', ' ': '%20' };

/** Percent-encodes the characters that would end a Markdown link destination early (CommonMark §6.3). */
function escapeDestination(url: string): string {
  return url.replace(/[()<> ]/g, (c) => DEST_ESCAPES[c] ?? c);
}

function codeLanguage(pre: DomElement): string {
  const code = pre.querySelector('code');
  for (const el of [code, pre]) {
    const cls = el?.getAttribute('class') ?? '';
    const m = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/i.exec(cls);
    if (m !== null) return m[1].toLowerCase();
  }
  return '';
}

function fence(code: string): string {
  let longest = 2;
  for (const m of code.matchAll(/`{3,}/g)) longest = Math.max(longest, m[0].length);
  return '`'.repeat(longest + 1);
}

function cellText(content: string): string {
  return normalizeSpace(content.replace(/\n+/g, ' ')).replace(/\|/g, '\\|');
}

function columnCount(tr: DomElement): number {
  let n = 0;
  for (const c of elementChildren(tr)) {
    if (c.localName !== 'td' && c.localName !== 'th') continue;
    const span = Number.parseInt(c.getAttribute('colspan') ?? '1', 10);
    n += Number.isFinite(span) && span > 0 && span < 50 ? span : 1;
  }
  return n;
}

function firstRowOf(el: DomElement): DomElement | null {
  for (let c = el.firstElementChild; c !== null; c = c.nextElementSibling) {
    if (c.localName === 'tr') return c;
    if (c.localName === 'table') continue;
    const inner = firstRowOf(c);
    if (inner !== null) return inner;
  }
  return null;
}

function isFirstRow(tr: DomElement): boolean {
  let table: DomNode | null = tr.parentNode;
  while (table !== null && isElement(table) && table.localName !== 'table') table = table.parentNode;
  if (table === null || !isElement(table)) return false;
  // The first <tr> in document order: walk down the first children (thead/tbody/tfoot/tr) rather than compile a
  // selector per row.
  return firstRowOf(table) === tr;
}

/** `- ` for bullets; `n. ` for ordered lists, counting from the list's `start` (WHATWG HTML §4.4.5). */
function listPrefix(li: DomElement): string {
  const parent = li.parentElement;
  if (parent === null || parent.localName !== 'ol') return '- ';
  let index = 0;
  for (let c = parent.firstElementChild; c !== null && c !== li; c = c.nextElementSibling) {
    if (c.localName === 'li') index++;
  }
  const start = Number.parseInt(parent.getAttribute('start') ?? '1', 10);
  return `${(Number.isFinite(start) ? start : 1) + index}. `;
}

function buildService(base: string): TurndownService {
  const td = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    strongDelimiter: '**',
    hr: '---',
  });
  td.addRule('image', {
    filter: 'img',
    replacement: (_c, node) => {
      const img = asEl(node);
      // An emoji drawn as a small image (WordPress) keeps its character; other layout images left before (dropLayoutImages).
      if (isDecorativeImage(img)) return (img.getAttribute('alt') ?? '').trim();
      const src = imageSource(img);
      const abs = src === null ? null : absoluteUrl(src, base);
      if (abs === null || !/^https?:/i.test(abs)) return '';
      const alt = normalizeSpace(img.getAttribute('alt') ?? '');
      return `![${escapeBrackets(alt)}](${escapeDestination(abs)})`;
    },
  });
  td.addRule('link', {
    filter: (node) => node.nodeName === 'A',
    replacement: (content, node) => {
      const text = content.trim();
      if (text === '') return '';
      const href = asEl(node).getAttribute('href');
      // A heading's permalink ("¶", "#", a zero-width space) or a "↑" to the top: a mark on this page, not text.
      if (href !== null && href.startsWith('#') && !/[\p{L}\p{N}]/u.test(text)) return '';
      // `href="#"` leads nowhere: the handle of a script (a drop-down's question, a "show more"), read as its text.
      if (href !== null && /^#?$/.test(href.trim())) return content;
      // A collapse control names the panel it opens (`href="#faq1"`, D410): it is that panel's heading, not a link.
      if (isCollapseToggle(asEl(node))) return content;
      const abs = href === null ? null : absoluteUrl(href, base);
      // A link around whole blocks (a teaser card) reads better as its blocks; unsafe schemes lose the link.
      if (abs === null || !SAFE_LINK.test(abs) || /\n\s*\n/.test(text)) return content;
      return `[${text}](${escapeDestination(abs)})`;
    },
  });
  // A code element inside another (Epydoc colours each part of a value, `<code class="variable-quote">`, inside the
  // value's `<code>`) is part of one span of code: only the outermost is delimited (D393).
  td.addRule('nested-code', {
    filter: (node) => node.nodeName === 'CODE' && (asEl(node).parentElement?.closest('code') ?? null) !== null,
    replacement: (content) => content,
  });
  td.addRule('code-block', {
    filter: (node) => node.nodeName === 'PRE',
    replacement: (_c, node) => {
      const pre = asEl(node);
      const code = codeText(pre).replace(/\n+$/, '').replace(/^\n+/, '');
      if (code.trim() === '') return '';
      const f = fence(code);
      return `\n\n${f}${codeLanguage(pre)}\n${code}\n${f}\n\n`;
    },
  });
  td.addRule('list-item', {
    filter: 'li',
    replacement: (content, node) => {
      const li = asEl(node);
      const prefix = listPrefix(li);
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .replace(/\n(?!$)/g, `\n${' '.repeat(prefix.length)}`);
      return prefix + body + (li.nextSibling !== null && !body.endsWith('\n') ? '\n' : '');
    },
  });
  // An ATX heading is one line: wrappers inside it (a hidden anchor <div>, a text <div>) must not split it.
  td.addRule('heading', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content, node) => {
      const text = normalizeSpace(content.replace(/\n+/g, ' '));
      return text === '' ? '' : `\n\n${'#'.repeat(Number(node.nodeName.charAt(1)))} ${text}\n\n`;
    },
  });
  td.addRule('strike', {
    filter: ['del', 's', 'strike'],
    replacement: (content) => (content.trim() === '' ? '' : `~~${content}~~`),
  });
  td.addRule('table-cell', {
    filter: ['th', 'td'],
    replacement: (content) => ` ${cellText(content)} |`,
  });
  td.addRule('table-row', {
    filter: 'tr',
    replacement: (content, node) => {
      const tr = asEl(node);
      const row = `|${content}\n`;
      if (!isFirstRow(tr)) return row;
      const n = Math.max(1, columnCount(tr));
      return `${row}|${' --- |'.repeat(n)}\n`;
    },
  });
  td.addRule('table-section', {
    filter: ['thead', 'tbody', 'tfoot'],
    replacement: (content) => content,
  });
  td.addRule('table', {
    filter: 'table',
    replacement: (content) => `\n\n${content.replace(/\n{2,}/g, '\n').trim()}\n\n`,
  });
  td.addRule('caption', {
    filter: 'caption',
    replacement: (content) => (content.trim() === '' ? '' : `${content.trim()}\n\n`),
  });
  return td;
}

const services = new Map<string, TurndownService>();

function serviceFor(base: string): TurndownService {
  let s = services.get(base);
  if (s === undefined) {
    if (services.size > 16) services.clear();
    s = buildService(base);
    services.set(base, s);
  }
  return s;
}

/** Converts the element's content to Markdown. Layout tables are unwrapped first (tables.ts). */
export function toMarkdown(root: DomElement, base: string): string {
  prepareTables(root);
  dropLayoutImages(root);
  const md = serviceFor(base).turndown(root as unknown as TdNode);
  return tidy(md);
}

/**
 * Layout images leave the tree before conversion rather than turning into '' during it: turndown settles the
 * whitespace around an image as if it were a word, so a line of an old download box (`<br>\n<img> <a>…`) kept a
 * leading space, and a `<br>` whose line held only such images was lost with the break (D341).
 */
function dropLayoutImages(root: DomElement): void {
  for (const img of Array.from(root.querySelectorAll('img'))) {
    // An emoji drawn as a small image (one or two characters of alt text) stays for the image rule to write.
    const alt = [...(img.getAttribute('alt') ?? '').trim()].length;
    if ((alt === 0 || alt > 2) && isDecorativeImage(img)) img.remove();
  }
}

/** Final clean-up: trailing spaces, runs of blank lines, lines that hold only escaped punctuation. */
export function tidy(md: string): string {
  return md
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
