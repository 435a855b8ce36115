// The labelled lines of a forum post's author panel (D328): "Posts: 412", "Join Date: Feb 2008", "Location: …", and
// the line a mail archive's message introduces a quote with ("On Tue, Jun 10, 2003, Jan Voss wrote:", D333).
// Apart from forum.ts, which finds the panels and messages, stats.ts counts the short texts holding such a label as
// it walks the page, so that a page without any costs no look at its text.

// Block boundaries leave no space in an element's text ("…Bend, ORPosts: 14"), so labels are found anywhere in a
// word, except the short "Ort" (not "Sport:", "Wort:").
export const POSTS = /(?:posts|beiträge|beitraege|messages|nachrichten)\s*:\s*\d/i;
export const JOINED = /(?:join(?:ed)?(?:\s+date)?|registered|registriert(?:\s+seit)?|anmeldungsdatum|dabei\s+seit|mitglied\s+seit|member\s+since)\s*:/i;
export const LOCATION = /(?:location|wohnort|from|(?<!\p{L})ort)\s*:/iu;

/** A line that introduces a quoted message. */
export const ATTRIBUTION = /\b(?:wrote|writes|schrieb|a\s+écrit)\s*:\s*$/i;

/** Longest text (non-space characters) read as a panel's label line, and as an attribution line. */
const LABEL_MAX_CHARS = 40;
const ATTRIBUTION_MAX_CHARS = 120;

/**
 * A text (`chars` non-space characters, holding a colon) that is a post count or a join date, the labels only forums
 * print, or a quote's attribution line.
 */
export function isThreadLabel(text: string, chars: number): boolean {
  if (chars <= LABEL_MAX_CHARS && (POSTS.test(text) || JOINED.test(text))) return true;
  return chars <= ATTRIBUTION_MAX_CHARS && ATTRIBUTION.test(text);
}
