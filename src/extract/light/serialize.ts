// HTML text of a light DOM subtree (`toString`, `outerHTML`, `innerHTML`), written as linkedom wrote it: tests
// compare tree shapes through it. Text escapes `& < >` and no-break spaces; attribute values escape only `"`;
// the boolean-style attributes linkedom lists print bare when empty (and an empty id, class or style not at all);
// void elements have no end tag; <title>, <textarea>, <script> and <style> hold their text unescaped.
import type { LightElement } from './element.ts';
import { COMMENT_NODE, ELEMENT_NODE, type LightComment, type LightNode, TEXT_NODE, type LightText } from './nodes.ts';

const VOID = /^(?:area|base|br|col|embed|hr|img|input|keygen|link|menuitem|meta|param|source|track|wbr)$/i;

// linkedom's `emptyAttributes` (shared/attributes.js).
const BARE_WHEN_EMPTY = new Set([
  'allowfullscreen', 'allowpaymentrequest', 'async', 'autofocus', 'autoplay', 'checked', 'class', 'contenteditable',
  'controls', 'default', 'defer', 'disabled', 'draggable', 'formnovalidate', 'hidden', 'id', 'ismap', 'itemscope',
  'loop', 'multiple', 'muted', 'nomodule', 'novalidate', 'open', 'playsinline', 'readonly', 'required', 'reversed',
  'selected', 'style', 'truespeed',
]);
const DROPPED_WHEN_EMPTY = new Set(['id', 'class', 'style']);
// linkedom's TextElement subclasses.
const RAW_TEXT = new Set(['title', 'textarea', 'script', 'style']);

const TEXT_ESCAPES: Record<string, string> = { '\u00a0': '&#160;', '&': '&amp;', '<': '&lt;', '>': '&gt;' };

export function escapeText(s: string): string {
  return s.replace(/[<>&\u00a0]/g, (c) => TEXT_ESCAPES[c] ?? c);
}

function startTag(el: LightElement): string {
  let out = `<${el.localName}`;
  const a = el.attrs;
  for (let i = 0; i < a.length; i += 2) {
    const [name, value] = [a[i], a[i + 1]];
    if (value === '' && BARE_WHEN_EMPTY.has(name)) {
      if (!DROPPED_WHEN_EMPTY.has(name)) out += ` ${name}`;
    } else {
      out += ` ${name}="${value.replace(/"/g, '&quot;')}"`;
    }
  }
  return `${out}>`;
}

function write(n: LightNode, out: string[]): void {
  if (n.nodeType === TEXT_NODE) out.push(escapeText((n as LightText).data));
  else if (n.nodeType === COMMENT_NODE) out.push(`<!--${(n as LightComment).data}-->`);
  else if (n.nodeType === ELEMENT_NODE) {
    const el = n as LightElement;
    out.push(startTag(el));
    if (el.firstChild === null && VOID.test(el.localName)) return;
    if (RAW_TEXT.has(el.localName)) out.push(el.textContent);
    else writeChildren(el, out);
    out.push(`</${el.localName}>`);
  } else {
    writeChildren(n, out);
  }
}

function writeChildren(n: LightNode, out: string[]): void {
  for (let c = n.firstChild; c !== null; c = c.nextSibling) write(c, out);
}

/** The node as HTML (a document or element with its children). */
export function outerHtml(n: LightNode): string {
  const out: string[] = [];
  write(n, out);
  return out.join('');
}

/** The node's children as HTML. */
export function innerHtml(n: LightNode): string {
  if (n.nodeType === ELEMENT_NODE && RAW_TEXT.has((n as LightElement).localName)) return n.textContent ?? '';
  const out: string[] = [];
  writeChildren(n, out);
  return out.join('');
}
