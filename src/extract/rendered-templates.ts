// <template> content a browser shows after all. A template's content is inert (HTML §4.12.3), so the raw-block cut
// (dom.ts) drops it, with two classes of exception that users see on screen:
//  - declarative shadow DOM (`<template shadowrootmode="open">`, formerly `shadowroot`): the parser attaches the
//    content as the shadow root of the element around it (HTML §13.2.6.4.4), so it is rendered with the page;
//  - Vue 2 slot content written into the page (`<template slot="contents">`, `v-slot:name`, `#name`): the app renders
//    it into its component on load. Wiki.js 2 serves every page's text this way, so without this the page is empty.
// Scoped slots (`slot-scope`, `v-slot="props"`) are left inert: they hold per-item placeholders, not text.
// Such a template becomes a <div> named after its slot; its matching </template> a </div>. Other templates are left
// for the raw-block cut.

const TEMPLATE_TAG = /<(\/?)template(?=[\s/>])([^>]*)>/gi;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g;

/** The slot name ('' for a shadow root) when a template with these attributes is rendered; null when it is inert. */
export function renderedSlot(attrs: string): string | null {
  let slot: string | null = null;
  for (const m of attrs.matchAll(ATTR)) {
    const name = m[1].toLowerCase();
    const value = m[2] === undefined ? null : m[2].replace(/^["']|["']$/g, '');
    if (name === 'slot-scope' || name === 'scope') return null;
    if (name === 'shadowrootmode' || name === 'shadowroot') slot ??= '';
    else if (name === 'slot') slot = value ?? '';
    else if (name === 'v-slot' || name.startsWith('v-slot:') || name.startsWith('#')) {
      if (value !== null) return null;
      slot = name.startsWith('#') ? name.slice(1) : name.slice('v-slot:'.length);
    }
  }
  return slot;
}

/** Rewrites rendered templates to <div>s (see above); `html` is returned as is when it has none. */
export function openRenderedTemplates(html: string): string {
  if (!/<template[\s/>]/i.test(html)) return html;
  // One entry per open template: whether it was rewritten.
  const open: boolean[] = [];
  return html.replace(TEMPLATE_TAG, (tag: string, close: string, attrs: string) => {
    if (close === '/') return open.pop() === true ? '</div>' : tag;
    const slot = renderedSlot(attrs);
    open.push(slot !== null);
    if (slot === null) return tag;
    return slot === '' ? '<div>' : `<div class="${slot.replace(/[^\w-]/g, '')}">`;
  });
}
