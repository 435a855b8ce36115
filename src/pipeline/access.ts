// Login walls and challenge pages (decision D14): such a page is reported as `blocked` with a reason; it is never
// bypassed (spec "What the service does": no login-wall or CAPTCHA bypass).

/** Interstitial markers specific to anti-bot challenge pages; matched case-insensitively anywhere. */
const CHALLENGE_MARKER =
  /cf-browser-verification|cf_chl_opt|cf-challenge-running|_Incapsula_Resource|distil_r_captcha|px-captcha|\/_sec\/cp_challenge/i;

// What every marker begins with. V8 scans this short alternation about four times faster than the markers themselves
// (case-insensitive, seven long alternatives); only a page that has one of these beginnings is scanned for markers.
const MARKER_START = /cf[-_]|_incapsula_|distil_r_|px-captcha|\/_sec\//i;

/** Titles of challenge pages (the text of a `<title>` element). */
const CHALLENGE_TITLE = /^\s*(?:just a moment\.\.\.\s*$|attention required)|are you a robot|verify you are human|bot check/i;

const TITLE = /<title>([^<]*)<\/title>/gi;

// Every page passes here: two scans of the page (the markers, then the titles) instead of one per pattern.
function isChallengePage(html: string): boolean {
  if (MARKER_START.test(html) && CHALLENGE_MARKER.test(html)) return true;
  for (const m of html.matchAll(TITLE)) if (CHALLENGE_TITLE.test(m[1])) return true;
  return false;
}

/** CAPTCHA widgets also sit on ordinary pages (comment forms), so they count only on an error status. */
const CAPTCHA_WIDGET = /class=["'][^"']*\b(g-recaptcha|h-captcha|cf-turnstile)\b/i;

const LOGIN_FORM = /<input[^>]+type\s*=\s*["']?password/i;

export type AccessVerdict = { blocked: false } | { blocked: true; reason: 'challenge' | 'login_required' };

/** `httpStatus` null: not observed (a rendering provider); only the page itself can then show a barrier. */
export function detectAccessBarrier(httpStatus: number | null, html: string): AccessVerdict {
  const errorStatus = httpStatus === 403 || httpStatus === 429 || httpStatus === 503;
  if (isChallengePage(html) || (errorStatus && CAPTCHA_WIDGET.test(html))) {
    return { blocked: true, reason: 'challenge' };
  }
  if (httpStatus === 401 || (httpStatus === 403 && LOGIN_FORM.test(html))) {
    return { blocked: true, reason: 'login_required' };
  }
  return { blocked: false };
}
