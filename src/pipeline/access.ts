// Login walls and challenge pages (decision D14): such a page is reported as `blocked` with a reason; it is never
// bypassed (spec "What the service does": no login-wall or CAPTCHA bypass).

/** Interstitial markers specific to anti-bot challenge pages; matched case-insensitively anywhere. */
const CHALLENGE_MARKERS = [
  'cf-browser-verification',
  'cf_chl_opt',
  'cf-challenge-running',
  '_incapsula_resource',
  'distil_r_captcha',
  'px-captcha',
  '/_sec/cp_challenge',
];

/** Titles of challenge pages (the text of a `<title>` element, lower-cased). */
const CHALLENGE_TITLE = /^\s*(?:just a moment\.\.\.\s*$|attention required)|are you a robot|verify you are human|bot check/;

/** The texts of the page's `<title>` elements, lower-cased (`lower` is the page lower-cased). */
function titlesOf(lower: string): string[] {
  const out: string[] = [];
  for (let at = lower.indexOf('<title>'); at !== -1; at = lower.indexOf('<title>', at + 7)) {
    const end = lower.indexOf('<', at + 7);
    if (end === -1) break;
    if (lower.startsWith('</title>', end)) out.push(lower.slice(at + 7, end));
  }
  return out;
}

// Every page passes here, so the page is lower-cased once and searched for plain strings: a handful of
// case-insensitive regular expressions over each whole page cost more than the rest of the verdict.
function isChallengePage(html: string): boolean {
  const lower = html.toLowerCase();
  return CHALLENGE_MARKERS.some((m) => lower.includes(m)) || titlesOf(lower).some((t) => CHALLENGE_TITLE.test(t));
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
