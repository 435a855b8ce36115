// A browser state the user exported from their own logged-in browser (Playwright's storageState shape, which puppeteer
// cookie JSON also fits): cookies, and optionally localStorage per origin. It is validated when stored and applied to
// the fresh browser context of a `browser_local_authed` capture. No login automation (spec boundary).
import type { CookieParam, Page } from '@cloudflare/puppeteer';
import { invalidRequest } from '../../errors.ts';

export interface OriginState {
  origin: string;
  localStorage: { name: string; value: string }[];
}

export interface BrowserState {
  cookies: CookieParam[];
  origins: OriginState[];
}

export const MAX_COOKIES = 500;
const SAME_SITE = new Set(['Strict', 'Lax', 'None']);

function obj(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

function str(v: unknown, where: string): string {
  if (typeof v !== 'string') throw invalidRequest(`${where} must be a string`);
  return v;
}

function parseCookie(raw: unknown, i: number): CookieParam {
  const c = obj(raw);
  if (!c) throw invalidRequest(`cookies[${i}] must be an object`);
  const where = `cookies[${i}]`;
  const cookie: CookieParam = { name: str(c.name, `${where}.name`), value: str(c.value, `${where}.value`) };
  const domain = c.domain === undefined ? undefined : str(c.domain, `${where}.domain`);
  const url = c.url === undefined ? undefined : str(c.url, `${where}.url`);
  if (!domain && !url) throw invalidRequest(`${where} needs a domain (or a url)`);
  if (url !== undefined && !/^https?:\/\/[^/]/i.test(url)) throw invalidRequest(`${where}.url must be an http(s) URL`);
  if (url !== undefined && !URL.canParse(url)) throw invalidRequest(`${where}.url must be an http(s) URL`);
  if (domain) cookie.domain = domain;
  if (url) cookie.url = url;
  if (c.path !== undefined) cookie.path = str(c.path, `${where}.path`);
  if (typeof c.secure === 'boolean') cookie.secure = c.secure;
  if (typeof c.httpOnly === 'boolean') cookie.httpOnly = c.httpOnly;
  if (c.sameSite !== undefined) {
    if (typeof c.sameSite !== 'string' || !SAME_SITE.has(c.sameSite)) throw invalidRequest(`${where}.sameSite must be Strict, Lax or None`);
    cookie.sameSite = c.sameSite as CookieParam['sameSite'];
  }
  // Playwright writes -1 for a session cookie; puppeteer takes seconds since the epoch or nothing.
  if (typeof c.expires === 'number' && c.expires > 0) cookie.expires = c.expires;
  return cookie;
}

function parseOrigin(raw: unknown, i: number): OriginState {
  const o = obj(raw);
  if (!o) throw invalidRequest(`origins[${i}] must be an object`);
  const origin = str(o.origin, `origins[${i}].origin`);
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    throw invalidRequest(`origins[${i}].origin must be an http(s) origin`);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.origin !== origin.replace(/\/$/, '')) {
    throw invalidRequest(`origins[${i}].origin must be an http(s) origin such as https://example.com`);
  }
  const items = o.localStorage === undefined ? [] : o.localStorage;
  if (!Array.isArray(items)) throw invalidRequest(`origins[${i}].localStorage must be a list of {name, value}`);
  const localStorage = items.map((e: unknown, j: number) => {
    const kv = obj(e);
    if (!kv) throw invalidRequest(`origins[${i}].localStorage[${j}] must be {name, value}`);
    return { name: str(kv.name, `origins[${i}].localStorage[${j}].name`), value: str(kv.value, `origins[${i}].localStorage[${j}].value`) };
  });
  return { origin: parsed.origin, localStorage };
}

/** Validates `cookies` and `origins?` of POST /v1/sessions (invalid_request names the first problem). */
export function parseBrowserState(cookies: unknown, origins: unknown): BrowserState {
  if (!Array.isArray(cookies)) throw invalidRequest('cookies must be a list of cookies (Playwright/puppeteer JSON shape)');
  if (cookies.length > MAX_COOKIES) throw invalidRequest(`at most ${MAX_COOKIES} cookies per session`);
  if (origins !== undefined && !Array.isArray(origins)) throw invalidRequest('origins must be a list of {origin, localStorage}');
  const state = { cookies: cookies.map(parseCookie), origins: (origins ?? []).map(parseOrigin) };
  if (state.cookies.length === 0 && state.origins.length === 0) throw invalidRequest('a session needs cookies or origins');
  return state;
}

/** Host names (and origins) a session applies to: its cookies' domains and its listed origins. */
export function sessionOrigins(state: BrowserState): string[] {
  const out = new Set<string>();
  for (const c of state.cookies) {
    const host = c.domain ? c.domain.replace(/^\./, '') : new URL(c.url as string).hostname;
    out.add(host.toLowerCase());
  }
  for (const o of state.origins) out.add(o.origin);
  return [...out];
}

/** A session is used only for URLs on its own origins (a cookie domain covers its subdomains, as in a browser). */
export function sessionAppliesTo(state: BrowserState, url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return sessionOrigins(state).some((o) => (o.includes('://') ? o === url.origin : host === o || host.endsWith(`.${o}`)));
}

export async function applyBrowserState(page: Page, state: BrowserState): Promise<void> {
  if (state.cookies.length > 0) await page.setCookie(...state.cookies);
  const byOrigin: Record<string, [string, string][]> = {};
  for (const o of state.origins) byOrigin[o.origin] = o.localStorage.map((e) => [e.name, e.value]);
  if (state.origins.length === 0) return;
  // Runs before the page's own scripts in every document, so the app finds its storage as in the user's browser.
  await page.evaluateOnNewDocument((entries: Record<string, [string, string][]>) => {
    const w = globalThis as unknown as { location: { origin: string }; localStorage: { setItem(k: string, v: string): void } };
    const mine = entries[w.location.origin];
    if (mine) for (const [k, v] of mine) w.localStorage.setItem(k, v);
  }, byOrigin);
}
