// Login walls and challenges shown instead of a post (issue 18 part 2). They are reported, never bypassed (spec
// "What the service does"). Only consulted when the page shows no post, so a login link in an ordinary page header
// does not count.
import { all, clean, domEvidence, textOf } from '../dom.ts';
import type { AdapterDocument, AdapterResult, ValueEvidence } from '../types.ts';

const CHALLENGE_TITLE = /^(?:just a moment|attention required|verify you are human|are you a robot|bot check|one more step|security check)/i;
const CHALLENGE_MARKUP = ['#challenge-form', '#challenge-running', '#cf-challenge-running', '.cf-browser-verification', '#px-captcha', '#captcha-container', 'form[action*="captcha" i]', 'input[name*="captcha" i]'];

const LOGIN_TEXT = new RegExp(
  [
    'log ?in to (?:continue|see|view|read|x|twitter)', 'sign in to (?:continue|see|view|read)', "don.t miss what.s happening",
    'you must (?:be logged in|log in|sign in)', 'registered and logged in', 'angemeldet sein', 'anmelden, um', 'melde dich an', 'connectez-vous pour', 'inicia sesión para',
    'ログインして', 'ログインが必要', 'registrati o accedi',
  ].join('|'),
  'i',
);
const LOGIN_MARKUP = ['input[type="password"]', '[data-testid="loginButton"]', 'form[action*="login"]', 'form[action*="signin"]', '#login-form'];

type Access = NonNullable<AdapterResult['access']>;

/**
 * A wall page carries little text of its own. A page with more than this shows content (of a layout we do not read),
 * and its header login form or comment CAPTCHA is no wall (D167); skipping the scans also keeps large pages cheap.
 */
const WALL_TEXT_MAX = 5000;

function challengeTitle(doc: AdapterDocument): ValueEvidence | null {
  const title = textOf(doc.querySelector('title'));
  return CHALLENGE_TITLE.test(title) ? domEvidence('title', title) : null;
}

function challengeMarkup(doc: AdapterDocument): ValueEvidence | null {
  for (const selector of CHALLENGE_MARKUP) {
    const el = doc.querySelector(selector);
    if (el !== null) return domEvidence(selector, textOf(el).slice(0, 200) || selector);
  }
  return null;
}

function loginWall(doc: AdapterDocument): ValueEvidence | null {
  for (const selector of ['h1', 'h2', 'h3', '[role="dialog"]', 'p', 'span']) {
    const el = all(doc, selector).find((e) => LOGIN_TEXT.test(textOf(e)) && textOf(e).length <= 300);
    if (el !== undefined) return domEvidence(selector, textOf(el));
  }
  for (const selector of LOGIN_MARKUP) {
    const el = doc.querySelector(selector);
    if (el !== null) return domEvidence(selector, clean(el.getAttribute('name') ?? el.getAttribute('aria-label')) || selector);
  }
  return null;
}

/** What keeps the post from being shown: a challenge first (it may also ask to log in), then a login wall. */
export function detectWall(doc: AdapterDocument): Access | null {
  const titled = challengeTitle(doc);
  if (titled) return { status: 'blocked', reason: 'challenge', evidence: titled };
  if (textOf(doc.querySelector('body')).length > WALL_TEXT_MAX) return null;
  const c = challengeMarkup(doc);
  if (c) return { status: 'blocked', reason: 'challenge', evidence: c };
  const l = loginWall(doc);
  return l ? { status: 'blocked', reason: 'login_required', evidence: l } : null;
}
