// Browser sessions for the browser lanes: a launched Browser Rendering session is kept (keep_alive) and reused by the
// next capture through `puppeteer.connect`, each capture in a fresh browser context (no cookies or storage carried
// over), at most `maxPages` captures at once per isolate. workerd forbids sharing an I/O object between requests, so
// what survives a request is only the session *id*; each capture connects, and disconnects when done. We keep our own
// list of idle ids: locally `sessions()` keeps `connectionId` set after a disconnect, so it cannot say which are free.
import puppeteer, { type Browser, type BrowserContext, type Page } from '@cloudflare/puppeteer';
import { errorMessage } from '../../io/errors.ts';

/** How long Browser Rendering keeps an idle session (its maximum is 10 minutes). */
export const SESSION_KEEP_ALIVE_MS = 10 * 60 * 1000;
/** How often a capture waiting for a free page slot looks again (no cross-request promise in workerd). */
const SLOT_POLL_MS = 25;
/** A kept session that does not accept a connection this fast is given up (a launch is cheaper than waiting). */
const CONNECT_TIMEOUT_MS = 5_000;

/** The binding's shape as @cloudflare/puppeteer takes it. */
export interface BrowserBinding {
  fetch: typeof fetch;
}

/** Per-isolate state: idle session ids and pages open now (module scope outlives a request; ids are plain strings). */
const isolate = { idle: [] as string[], open: 0, launched: 0, reused: 0 };

export class BrowserTimeout extends Error {
  constructor() {
    super('the capture deadline passed while waiting for the browser');
    this.name = 'BrowserTimeout';
  }
}

export interface PageLease {
  page: Page;
  context: BrowserContext;
  browser: Browser;
  /** True when this capture reused a kept session (for the bench and tests). */
  reused: boolean;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * `work` or a rejection when `signal` fires or `ms` pass. A browser that arrives after that is closed, so that no
 * session is left connected (or, for a launch, running) without an owner.
 */
function bounded(work: Promise<Browser>, signal: AbortSignal, ms: number | null): Promise<Browser> {
  return new Promise<Browser>((resolve, reject) => {
    let settled = false;
    const giveUp = (err: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      reject(err);
    };
    const onAbort = () => giveUp(new BrowserTimeout());
    const timer = ms === null ? undefined : setTimeout(() => giveUp(new Error('the kept browser session did not answer')), ms);
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) onAbort();
    work.then(
      (browser) => {
        if (settled) return void browser.close().catch(() => undefined);
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve(browser);
      },
      (err: unknown) => giveUp(err instanceof Error ? err : new Error(String(err))),
    );
  });
}

export class BrowserPool {
  private readonly binding: BrowserBinding;
  readonly maxPages: number;
  /** false = a launch per page and a close after it (the bench's comparison; never used by captures). */
  private readonly reuse: boolean;

  constructor(binding: BrowserBinding, maxPages: number, reuse = true) {
    this.binding = binding;
    this.maxPages = maxPages;
    this.reuse = reuse;
  }

  /** Counters of this isolate: sessions launched and reused, pages open now. */
  static stats(): { launched: number; reused: number; open: number; idle: number } {
    return { launched: isolate.launched, reused: isolate.reused, open: isolate.open, idle: isolate.idle.length };
  }

  private async slot(signal: AbortSignal): Promise<void> {
    while (isolate.open >= this.maxPages) {
      if (signal.aborted) throw new BrowserTimeout();
      await sleep(SLOT_POLL_MS);
    }
    isolate.open++;
  }

  /** A connected browser: a kept idle session when one still answers, else a new launch. */
  private async browser(signal: AbortSignal): Promise<{ browser: Browser; reused: boolean }> {
    while (this.reuse && isolate.idle.length > 0) {
      const id = isolate.idle.pop() as string;
      try {
        const browser = await bounded(puppeteer.connect(this.binding, id), signal, CONNECT_TIMEOUT_MS);
        isolate.reused++;
        return { browser, reused: true };
      } catch (err) {
        if (err instanceof BrowserTimeout) throw err;
        // The session ended (keep_alive ran out, or it crashed) or did not answer: try the next one.
      }
    }
    const launching = puppeteer.launch(this.binding, this.reuse ? { keep_alive: SESSION_KEEP_ALIVE_MS } : {});
    const browser = await bounded(launching, signal, null);
    isolate.launched++;
    return { browser, reused: false };
  }

  /** Gives the session back: kept for the next capture when it is healthy, closed otherwise. */
  private async release(browser: Browser, healthy: boolean): Promise<void> {
    const id = browser.sessionId();
    if (this.reuse && healthy && browser.connected) {
      await browser.disconnect();
      isolate.idle.push(id);
      return;
    }
    await browser.close().catch(() => undefined);
  }

  /**
   * Runs `fn` on a new page of a fresh browser context. The page, its context and the connection are released
   * whatever happens; when `signal` fires, the page is closed at once so that `fn` stops (its calls reject).
   */
  async withPage<T>(signal: AbortSignal, fn: (lease: PageLease) => Promise<T>): Promise<T> {
    await this.slot(signal);
    let browser: Browser | null = null;
    let context: BrowserContext | null = null;
    let healthy = true;
    try {
      const got = await this.browser(signal);
      browser = got.browser;
      context = await browser.createBrowserContext();
      const page = await context.newPage();
      const onAbort = () => void page.close().catch(() => undefined);
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        if (signal.aborted) throw new BrowserTimeout();
        return await fn({ page, context, browser, reused: got.reused });
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    } catch (err) {
      healthy = !/Target closed|Session closed|Connection closed|Protocol error/i.test(errorMessage(err)) || signal.aborted;
      throw err;
    } finally {
      if (context) await context.close().catch(() => (healthy = false));
      if (browser) await this.release(browser, healthy).catch(() => undefined);
      isolate.open--;
    }
  }
}
