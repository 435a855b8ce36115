// The labelled lines of a forum post's author panel (D328): "Posts: 412", "Join Date: Feb 2008", "Location: …".
// Apart from forum.ts, which finds the panels, stats.ts counts the short texts holding such a label as it walks the
// page, so that a page without any costs no look at its text.

// Block boundaries leave no space in an element's text ("…Bend, ORPosts: 14"), so labels are found anywhere in a
// word, except the short "Ort" (not "Sport:", "Wort:").
export const POSTS = /(?:posts|beiträge|beitraege|messages|nachrichten)\s*:\s*\d/i;
export const JOINED = /(?:join(?:ed)?(?:\s+date)?|registered|registriert(?:\s+seit)?|anmeldungsdatum|dabei\s+seit|mitglied\s+seit|member\s+since)\s*:/i;
export const LOCATION = /(?:location|wohnort|from|(?<!\p{L})ort)\s*:/iu;

/** A short text holding a post count or a join date: the labels only forums print. */
export function isAuthorLabel(text: string): boolean {
  return POSTS.test(text) || JOINED.test(text);
}
