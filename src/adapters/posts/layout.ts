// Post layouts as data: where a layout shows the focal post, its parent and replies, and each value inside a post.
// One reader turns a layout into PostValues with evidence, so a new layout is a table, not new code.
import { absoluteUrl, all, blockText, clean, textOf } from '../dom.ts';
import { readCount } from '../price.ts';
import type { AdapterDocument, AdapterElement, PostRef, PostValues, ValueEvidence } from '../types.ts';

/** Where one value sits inside a post element: a selector ('' = the post element itself) and an attribute or text. */
export interface FieldSpec {
  selector: string;
  /** Read this attribute instead of the text. */
  attr?: string;
  /** Read the text block by block (post bodies), lines kept. */
  blocks?: boolean;
  /** Only elements whose value matches (e.g. a handle starting with `@`). */
  match?: RegExp;
  /** Read from the whole document (a thread title), not from inside the post. */
  documentScope?: boolean;
}

export interface Located {
  el: AdapterElement;
  /** A CSS selector that finds this post on the page (`article[data-testid="tweet"]:nth-of-type(2)` style). */
  locator: string;
}

export interface PostElements {
  focal: Located;
  parent: Located | null;
  replies: Located[];
}

export interface PostLayout {
  name: string;
  /** The post elements, or null when the page does not use this layout. */
  find(doc: AdapterDocument, url: URL): PostElements | null;
  authorName: FieldSpec[];
  authorHandle: FieldSpec[];
  publishedAt: FieldSpec[];
  text: FieldSpec[];
  title: FieldSpec[];
  /** Link to the post itself (used for parent and replies). */
  url: FieldSpec[];
  media: FieldSpec[];
  counts: { replies: FieldSpec[]; reposts: FieldSpec[]; likes: FieldSpec[]; views: FieldSpec[] };
  /** Post containers that may sit inside a post (a quoted or cited post): their values are not the outer post's. */
  nested?: string;
  /** Converts a published-time attribute as written into ISO 8601 when it is an epoch in ms (Discourse `data-time`). */
  epochMs?: boolean;
}

interface Hit {
  value: string;
  evidence: ValueEvidence;
}

function valueOf(el: AdapterElement, spec: FieldSpec): string {
  if (spec.attr) return clean(el.getAttribute(spec.attr));
  return spec.blocks ? blockText(el) : textOf(el);
}

/** True when `el` belongs to a post nested inside `root` rather than to `root` itself. */
function inNested(el: AdapterElement, root: AdapterElement, nested: string | undefined): boolean {
  if (nested === undefined || el === root) return false;
  const owner = el.closest(nested);
  return owner !== null && owner !== root && root.contains(owner);
}

/** The first value a list of specs finds inside `root`, with a locator `<focal> <selector>[attr]`. */
export function readField(doc: AdapterDocument, root: AdapterElement, rootLocator: string, specs: FieldSpec[], nested?: string): Hit | null {
  for (const spec of specs) {
    const scope = spec.documentScope ? doc : root;
    const els = spec.selector === '' ? [root] : all(scope, spec.selector);
    for (const el of els) {
      if (!spec.documentScope && inNested(el, root, nested)) continue;
      const value = valueOf(el, spec);
      if (value === '' || (spec.match && !spec.match.test(value))) continue;
      const where = spec.documentScope ? spec.selector : [rootLocator, spec.selector].filter((s) => s !== '').join(' ');
      return { value, evidence: { source: 'dom', locator: `${where}${spec.attr ? `[${spec.attr}]` : ''}`, quote: value } };
    }
  }
  return null;
}

function readAll(root: AdapterElement, rootLocator: string, specs: FieldSpec[], base: URL, nested?: string): Hit[] {
  const out: Hit[] = [];
  const seen = new Set<string>();
  for (const spec of specs) {
    for (const el of spec.selector === '' ? [root] : all(root, spec.selector)) {
      if (inNested(el, root, nested)) continue;
      const raw = valueOf(el, spec);
      const url = absoluteUrl(raw, base);
      if (url === null || seen.has(url)) continue;
      seen.add(url);
      // The value is absolute; the quote keeps the reference as the page wrote it.
      out.push({ value: url, evidence: { source: 'dom', locator: `${rootLocator} ${spec.selector}${spec.attr ? `[${spec.attr}]` : ''}`, quote: raw } });
    }
  }
  return out;
}

function published(hit: Hit | null, layout: PostLayout): Hit | null {
  if (hit === null || !layout.epochMs || !/^\d{12,14}$/.test(hit.value)) return hit;
  return { value: new Date(Number(hit.value)).toISOString(), evidence: hit.evidence };
}

function readRef(doc: AdapterDocument, el: AdapterElement, locator: string, layout: PostLayout, base: URL): { ref: PostRef; evidence: ValueEvidence } {
  const url = readField(doc, el, locator, layout.url, layout.nested);
  const ref: PostRef = {
    url: url === null ? null : absoluteUrl(url.value, base),
    authorName: readField(doc, el, locator, layout.authorName, layout.nested)?.value ?? null,
    authorHandle: readField(doc, el, locator, layout.authorHandle, layout.nested)?.value ?? null,
    text: readField(doc, el, locator, layout.text, layout.nested)?.value ?? null,
    publishedAt: published(readField(doc, el, locator, layout.publishedAt, layout.nested), layout)?.value ?? null,
  };
  return { ref, evidence: { source: 'dom', locator, quote: clean(ref.text ?? ref.url ?? '').slice(0, 200) } };
}

const COUNT_NAMES = ['replies', 'reposts', 'likes', 'views'] as const;

/** Reads a post in `layout`; every value it reports has evidence keyed by its path in PostValues. */
export function readPost(doc: AdapterDocument, url: URL, layout: PostLayout, found: PostElements): { post: PostValues; evidence: Record<string, ValueEvidence> } {
  const evidence: Record<string, ValueEvidence> = {};
  const focal = found.focal.el;
  const focalLocator = found.focal.locator;
  const take = (name: string, hit: Hit | null): string | null => {
    if (hit === null) return null;
    evidence[name] = hit.evidence;
    return hit.value;
  };
  const post: PostValues = {
    authorName: take('authorName', readField(doc, focal, focalLocator, layout.authorName, layout.nested)),
    authorHandle: take('authorHandle', readField(doc, focal, focalLocator, layout.authorHandle, layout.nested)),
    publishedAt: take('publishedAt', published(readField(doc, focal, focalLocator, layout.publishedAt, layout.nested), layout)),
    text: take('text', readField(doc, focal, focalLocator, layout.text, layout.nested)),
    title: take('title', readField(doc, focal, focalLocator, layout.title, layout.nested)),
    media: readAll(focal, focalLocator, layout.media, url, layout.nested).map((h, i) => take(`media[${i}]`, h) as string),
    parent: null,
    replies: [],
    counts: { replies: null, reposts: null, likes: null, views: null },
  };
  for (const name of COUNT_NAMES) {
    const hit = readField(doc, focal, focalLocator, layout.counts[name], layout.nested);
    const n = hit === null ? null : readCount(hit.value);
    if (hit !== null && n !== null) {
      post.counts[name] = n;
      evidence[`counts.${name}`] = { ...hit.evidence, source: 'text' };
    }
  }
  if (found.parent) {
    const r = readRef(doc, found.parent.el, found.parent.locator, layout, url);
    post.parent = r.ref;
    evidence.parent = r.evidence;
  }
  found.replies.forEach((reply, i) => {
    const r = readRef(doc, reply.el, reply.locator, layout, url);
    post.replies.push(r.ref);
    evidence[`replies[${i}]`] = r.evidence;
  });
  return { post, evidence };
}
