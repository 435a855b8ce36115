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

/** True when `href` leads to a page to read rather than a file to fetch or an address to write to or call. */
function leadsToPage(href: string): boolean {
  let url: URL;
  try {
    url = new URL(href.trim(), ANY_PAGE);
  } catch {
    return true;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return !FILE_PATH.test(url.pathname);
}

/** A paragraph (or div) whose text is all link text, pointing only at pages: an inserted pointer, not content. */
export function isPointerParagraph(el: DomElement, st: ElementStats): boolean {
  if (st.chars < 15 || st.linkChars < 0.9 * st.chars) return false;
  if (BARE_URL.test(el.textContent ?? '')) return false;
  const anchors = Array.from(el.querySelectorAll('a[href]'));
  return anchors.every((a) => leadsToPage(a.getAttribute('href') ?? ''));
}
