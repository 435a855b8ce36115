import { describe, expect, it } from 'vitest';
import { detectAccessBarrier } from './access.ts';

describe('detectAccessBarrier', () => {
  it.each([
    [200, '<title>Just a moment...</title><div id="cf-browser-verification"></div>', 'challenge'],
    [403, '<title>Attention Required! | Cloudflare</title>', 'challenge'],
    [403, '<form><div class="g-recaptcha"></div></form>', 'challenge'],
    [401, '<h1>Sign in</h1>', 'login_required'],
    [403, '<form><input type="password" name="pw"></form>', 'login_required'],
    [200, '<TITLE>  Just a moment...\n</TITLE>', 'challenge'],
    [200, '<title>Please verify you are human</title>', 'challenge'],
    [200, '<script src="/_Incapsula_Resource?x=1"></script>', 'challenge'],
    [200, '<div id="px-captcha"></div>', 'challenge'],
    [200, '<svg><title>x</title></svg><title>Bot check</title>', 'challenge'],
    // Every marker, in any case (the prefilter of its beginning must let each through).
    [200, '<script>window._CF_CHL_OPT = {}</script>', 'challenge'],
    [200, '<body class="no-js CF-Challenge-Running">', 'challenge'],
    [200, '<div id="distil_r_captcha"></div>', 'challenge'],
    [200, '<script src="/_sec/cp_challenge/sec-4-4.js"></script>', 'challenge'],
    [200, '<div id="PX-Captcha"></div>', 'challenge'],
  ])('blocks %i %s', (status, html, reason) => {
    expect(detectAccessBarrier(status, html)).toEqual({ blocked: true, reason });
  });

  it.each([
    [200, '<title>An article</title><p>Text</p><form><div class="g-recaptcha"></div></form>'],
    [200, '<title>How CAPTCHAs work</title><p>The word captcha appears in the text.</p>'],
    [200, '<form><input type="password"></form>'],
    [404, '<title>Not found</title>'],
    [200, '<title>Just a moment... of silence</title>'],
    [200, '<title>Reading: attention required for these dates</title>'],
    [200, '<title>Just a moment...'],
    [200, '<p class="cf-email">a beginning of a marker is not a marker</p>'],
  ])('lets %i %s through', (status, html) => {
    expect(detectAccessBarrier(status, html)).toEqual({ blocked: false });
  });
});
