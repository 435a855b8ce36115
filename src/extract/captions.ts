// Picture captions printed as text lines of the content, known by the photo credit they end with (D373): "Flames
// engulf the mill early Wednesday. (Sentinel photo by Rick Alvarez)", "Das Becken verliert täglich Wasser. Foto:
// Lechner", "LEDGER PHOTO/MARCUS OYELARAN". Figure captions are left out of the Markdown (D47); old layouts and
// hand-made pages write theirs as a line under the picture, with no element to know them by.

/** The longest caption read so (plain text): a sentence or two about the picture, then its credit. */
const MAX_CAPTION_CHARS = 300;

// "Image", "Pic" and "Picture" as British papers print them ("(Image: GETTY)", "Pic: Reuters", D398; "Picture: Sue
// Arkwright", D456).
const CREDIT_WORD = String.raw`(?:[Pp]hoto|PHOTO|[Ff]oto|FOTO|[Bb]ild|BILD|[Ii]mage|IMAGE|[Pp]icture|PICTURE|[Pp]ic|PIC)`;

/**
 * The credit's word near the end of a line of Markdown: looked for before the line is read whole, since most lines
 * have none.
 */
export const CREDIT_WORD_NEAR_END = new RegExp(String.raw`${CREDIT_WORD}[^\n]{0,120}$`, 'i');

/** A credit in parentheses at the end: "(Foto: Gemeinde)", "(Courier photo/Ruth Ames)", "(Photo by my grandson Kyle)". */
const CREDIT_IN_PARENS = new RegExp(String.raw`\((?:[^()]{0,30}\s)?${CREDIT_WORD}(?:\s*:|\s*/|\s+by\b|\s+von\b)[^()]{1,60}\)[.\s]*$`, 'u');

/**
 * A credit after the caption's last sentence (or alone): "Foto: Archiv/Wolters", "Photo: Ines Okafor-Bright", "Courier
 * photo by Wendell Oakes". The credit names someone: it starts with a capital, so "…das perfekte Foto: die Kirche im
 * Abendlicht." is a sentence of the text.
 */
const CREDIT_AT_END = new RegExp(
  String.raw`(?:^|[.!?,;]\s+|\s[–—-]\s+)(?:\p{Lu}[\p{L}-]*\s+)?${CREDIT_WORD}(?:\s*:\s*|\s*/\s*|\s+by\s+)\p{Lu}[^()\n!?]{0,50}$`,
  'u',
);

/** True when `text` (a line's plain text) is a picture's caption ending with its credit. */
export function isCreditCaption(text: string): boolean {
  if (text.length === 0 || text.length > MAX_CAPTION_CHARS) return false;
  return CREDIT_IN_PARENS.test(text) || CREDIT_AT_END.test(text);
}
