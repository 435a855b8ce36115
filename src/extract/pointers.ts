// "Read this too" pointers: a paragraph that is nothing but a link, inserted into an article to send the reader to
// another page of the same site. Such paragraphs are cut from the main content. A link-only paragraph that offers a
// file (the report, the form, the data sheet: public-sector and press pages are full of them) or a way to write or
// call is part of the text, and so is a bare URL given as a source.
import type { DomElement } from './dom.ts';
import type { ElementStats } from './stats.ts';

/** Paths of documents a page offers for download rather than pages to read next. */
const FILE_PATH = /\.(?:pdf|docx?|xlsx?|pptx?|odt|ods|odp|rtf|csv|txt|zip|epub|ics|vcf|mp3|mp4)$/i;
const BARE_URL = /^\s*(?:https?:\/\/|www\.)/i;

// Only the scheme and the path matter here, so a relative link is resolved against any http base.
const ANY_PAGE = 'http://page.invalid/';

type LinkTarget = 'page' | 'file' | 'address';

/** What a link leads to: a page to read, a file to fetch, or an address to write to or call. */
function targetOf(a: DomElement): LinkTarget {
  // The page's own word: a `download` attribute, or a media type that is not a web page.
  if (a.hasAttribute('download')) return 'file';
  const type = (a.getAttribute('type') ?? '').trim().toLowerCase();
  if (type !== '' && !type.startsWith('text/html') && !type.startsWith('application/xhtml')) return 'file';
  let url: URL;
  try {
    url = new URL((a.getAttribute('href') ?? '').trim(), ANY_PAGE);
  } catch {
    return 'page';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'address';
  if (FILE_PATH.test(url.pathname)) return 'file';
  // A download script naming the file in its query (`…/page.html?file=files/form.pdf`).
  for (const value of url.searchParams.values()) if (FILE_PATH.test(value)) return 'file';
  return 'page';
}

/** Whether a block's text is all link text (≥ 15 characters), and then what it is. */
export type LinkOnly = 'pointer' | 'file' | 'source' | null;

/**
 * `pointer`: all link text, pointing only at pages: an inserted "read this too" pointer, not content. `file`: it
 * offers a file (a report, a form). `source`: an address to write to or call, or a bare URL given as a source.
 * null: the block has text of its own.
 */
export function linkOnlyKind(el: DomElement, st: ElementStats): LinkOnly {
  if (st.chars < 15 || st.linkChars < 0.9 * st.chars) return null;
  const targets = Array.from(el.querySelectorAll('a[href]'), targetOf);
  if (targets.includes('file') && !targets.includes('page')) return 'file';
  if (BARE_URL.test(el.textContent ?? '') || targets.some((t) => t !== 'page')) return 'source';
  return 'pointer';
}
