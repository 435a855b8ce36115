// What a browser capture observed of its main frame, fed by puppeteer's request/response events and CDP's
// Page.frameNavigated. The evidence rules (spec "Evidence record"): every main-frame document response is a hop —
// HTTP redirects, script navigations (`location.href = …`) and meta refresh alike; history-API changes make no
// request and are no hop. The chain is not complete when its first answer is not requestedUrl or a document was
// committed without a response we saw (the evidence builder also cuts a long chain to first + last 20).
import type { RobotsDecision } from '../../capture/types.ts';
import { REDIRECT_STATUSES } from '../../io/redirects.ts';
import type { Ending } from '../http.ts';
import { MAX_REDIRECTS } from '../http.ts';
import { isHtmlMediaType } from '../../files/detect.ts';
import { withoutHash } from '../../net/url-guard.ts';

/** Main-frame documents a capture may request: the first and MAX_REDIRECTS more, as on the HTTP lane. */
export const MAX_DOCUMENTS = 1 + MAX_REDIRECTS;

export interface FileAnswer {
  url: string;
  contentType: string | null;
}

/** Types a browser shows as a page; anything else (PDF, CSV, octet-stream, an attachment) goes to the HTTP lane. */
export function isPageType(contentType: string | null, disposition: string | null): boolean {
  if (disposition && /^\s*attachment\b/i.test(disposition)) return false;
  return isHtmlMediaType(contentType);
}

export class MainFrameTrack {
  readonly urls: string[] = [];
  complete = true;
  status: number | null = null;
  headers: Record<string, string> = {};
  /** Why the capture stopped before a page could be shown (robots.txt, policy), first one wins. */
  ending: Ending | null = null;
  file: FileAnswer | null = null;
  keptMoving = false;
  robots: RobotsDecision | null = null;
  documentsRequested = 0;
  /** The User-Agent the page's requests carry, once set. */
  userAgent: string | null = null;
  /** Called once the capture must stop waiting for the page (refused, a file, a page that keeps moving). */
  onStop: () => void = () => undefined;
  readonly warnings: string[] = [];

  private readonly requestedUrl: string;

  constructor(requestedUrl: string) {
    this.requestedUrl = requestedUrl;
  }

  /** A main-frame document is about to be requested: may it go (the budget of a page that keeps moving)? */
  admitDocument(): boolean {
    if (this.documentsRequested >= MAX_DOCUMENTS) {
      this.keptMoving = true;
      this.onStop();
      return false;
    }
    this.documentsRequested++;
    return true;
  }

  stop(ending: Ending): void {
    this.ending ??= ending;
    this.onStop();
  }

  /** A main-frame document response (a redirect hop or the document itself). */
  onResponse(rawUrl: string, status: number, headers: Record<string, string>): void {
    const url = withoutHash(rawUrl);
    if (this.urls.length === 0 && url !== withoutHash(this.requestedUrl)) this.complete = false;
    this.urls.push(url);
    this.status = status;
    this.headers = headers;
    if (REDIRECT_STATUSES.has(status) && headers.location !== undefined) return;
    if (!isPageType(headers['content-type'] ?? null, headers['content-disposition'] ?? null)) {
      this.file ??= { url, contentType: headers['content-type'] ?? null };
      this.onStop();
    }
  }

  /** A main-frame document was committed (CDP Page.frameNavigated, which excludes history-API changes). */
  onCommitted(rawUrl: string): void {
    const url = withoutHash(rawUrl);
    if (url === 'about:blank' && this.urls.length === 0) return;
    if (url.startsWith('chrome-error:')) return;
    if (this.urls.at(-1) !== url) this.complete = false;
  }

  /** Response headers as a Headers object (puppeteer joins repeated headers with a newline). */
  headersObject(): Headers {
    const h = new Headers();
    for (const [k, v] of Object.entries(this.headers)) {
      try {
        h.set(k, v.replace(/\n/g, ', '));
      } catch {
        // A header value a Headers object refuses is left out (the page itself is unaffected).
      }
    }
    return h;
  }
}
