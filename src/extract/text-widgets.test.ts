// Template widgets known by their words (text-widgets.ts): table-driven, on the expressions and on elements.
import { describe, expect, it } from 'vitest';
import { parseDocument } from './dom.ts';
import { computeStats } from './stats.ts';
import { EMBED_CONSENT_ASK, EMBED_CONSENT_OPENING, FEEDBACK_QUESTION, isTextWidget } from './text-widgets.ts';

describe('page-feedback questions', () => {
  it.each([
    ['Was this page helpful? Yes No', true],
    ['Is this article useful?', true],
    ['Did you find this guide helpful?', true],
    ['How useful was this page?', true],
    ['War diese Seite hilfreich? Ja Nein Was können wir verbessern?', true],
    ['War dieser Ratgeber hilfreich? 👍 Ja (1.342) 👎 Nein (58)', true],
    ['Waren diese Informationen für Sie hilfreich?', true],
    ['Hat Ihnen dieser Artikel weitergeholfen?', true],
    ['Was the reform helpful? Economists still disagree.', false],
    ['This page was helpful to thousands of readers.', false],
    ['War die Reform hilfreich? Die Ökonomen streiten.', false],
    ['Ist diese Seite barrierefrei? Ja, seit 2023.', false],
  ])('%s → %s', (text, widget) => {
    expect(FEEDBACK_QUESTION.test(text)).toBe(widget);
  });
});

describe('consent placeholders of embeds', () => {
  it.each([
    ['Empfohlener externer Inhalt An dieser Stelle finden Sie einen externen Inhalt von Mastodon. Ich bin damit einverstanden, dass mir externe Inhalte angezeigt werden.', true],
    ['Externer Inhalt Um diesen Inhalt zu sehen, müssen Sie ihn aktivieren.', true],
    ['External content This content is hosted by a third party. Accept and show', true],
    ['Third-party content: to view it, allow cookies for this provider.', true],
    // The same opening without a request to agree is text (a section about external content).
    ['Externe Inhalte auf Webseiten sind für Datenschützer ein Dauerthema, sagt die Landesbeauftragte.', false],
    ['Ich bin damit einverstanden, sagte der Bürgermeister.', false],
    // What would stand there once loaded, then the consent (D426).
    ['Hier würde ein Video von YouTube angezeigt. Mit dem Laden des Videos akzeptierst du die Datenschutzerklärung von YouTube. Video laden', true],
    ['An dieser Stelle würde ein externer Inhalt angezeigt. Zum Aktivieren klicken.', true],
    ['A video from YouTube would be shown here. By loading it you accept YouTube’s privacy policy.', true],
    ['Hier würde ein Video von der Prüfung stehen, aber es hat geregnet.', false],
  ])('%s → %s', (text, widget) => {
    expect(EMBED_CONSENT_OPENING.test(text) && EMBED_CONSENT_ASK.test(text)).toBe(widget);
  });
});

describe('isTextWidget on elements', () => {
  const first = (html: string) => {
    const body = parseDocument(`<html><body>${html}</body></html>`).querySelector('body');
    const el = body?.firstElementChild ?? null;
    if (body === null || el === null) throw new Error('no element');
    return { el, st: computeStats(body).get(el) };
  };

  it.each([
    ['<section><h2>War diese Seite hilfreich?</h2><form><button>Ja</button><button>Nein</button></form></section>', true],
    ['<div><p><b>Was this page helpful?</b></p><button>Yes</button></div>', true],
    ['<div class="embed"><p>Externer Inhalt</p><p>Mit einem Klick aktivieren Sie den Inhalt von Mastodon.</p></div>', true],
    // The question must open the block, and a long block is text, whatever it opens with.
    ['<div><p>Thanks for reading. Was this page helpful?</p></div>', false],
    [`<div><p>War diese Seite hilfreich? ${'Ja, sehr, und zwar aus vielen Gründen. '.repeat(10)}</p></div>`, false],
    // D446: cookie notices known by their words, offering a choice; a privacy statement's paragraph is none.
    ['<div id="tarteaucitronAlertBig"><span>Diese Website verwendet Cookies und Dienste Dritter. Sie können selbst entscheiden, welche Dienste Sie zulassen möchten.</span></div>', true],
    ['<div><b>Wir verwenden Cookies</b><p>Mit Ihrer Zustimmung nutzen wir Cookies, um Inhalte zu personalisieren.</p></div>', true],
    ['<div class="notice">This website uses cookies to improve your experience. Manage your preferences.</div>', true],
    ['<p>Diese Website verwendet Cookies. Sie können Ihre Einstellungen im Browser jederzeit ändern.</p>', false],
    ['<div>Diese Website verwendet Cookies.</div>', false],
    ['<div>Wir verwenden Mehl, Butter und Zucker; Sie entscheiden, ob Rosinen dazukommen.</div>', false],
  ])('%s → %s', (html, widget) => {
    const { el, st } = first(html);
    expect(st !== undefined && isTextWidget(el, st)).toBe(widget);
  });
});
