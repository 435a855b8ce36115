import { describe, expect, it } from 'vitest';
import { detectAccessBarrier } from './access.ts';

describe('detectAccessBarrier', () => {
  it.each([
    [200, '<title>Just a moment...</title><div id="cf-browser-verification"></div>', 'challenge'],
    [403, '<title>Attention Required! | Cloudflare</title>', 'challenge'],
    [403, '<form><div class="g-recaptcha"></div></form>', 'challenge'],
    [401, '<h1>Sign in</h1>', 'login_required'],
    [403, '<form><input type="password" name="pw"></form>', 'login_required'],
  ])('blocks %i %s', (status, html, reason) => {
    expect(detectAccessBarrier(status, html)).toEqual({ blocked: true, reason });
  });

  it.each([
    [200, '<title>An article</title><p>Text</p><form><div class="g-recaptcha"></div></form>'],
    [200, '<title>How CAPTCHAs work</title><p>The word captcha appears in the text.</p>'],
    [200, '<form><input type="password"></form>'],
    [404, '<title>Not found</title>'],
  ])('lets %i %s through', (status, html) => {
    expect(detectAccessBarrier(status, html)).toEqual({ blocked: false });
  });
});
