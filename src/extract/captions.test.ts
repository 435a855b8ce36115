import { describe, expect, it } from 'vitest';
import { isCreditCaption } from './captions.ts';

describe('a caption known by its photo credit (D373)', () => {
  it.each([
    ['Flames engulf the Harmon Feed & Grain mill early Wednesday. (Sentinel photo by Rick Alvarez)', true],
    ['The 1948 Carrington siren sits on a steel frame above the fire hall. (Courier photo/Ruth Ames)', true],
    ['Seit Jahren ein Sorgenkind: Das Becken verliert täglich Wasser. Foto: Lechner', true],
    ['Volle Gassen, dichtes Gedränge: die Michaeliskirmes im vergangenen Jahr. Foto: Archiv/kdh', true],
    ['Der erweiterte Wertstoffhof an der Industriestraße (Foto: Gemeinde)', true],
    ['So sieht er bei uns aus: mit Rotkohl und Kartoffelklößen (Foto: mein Mann Heinz, Weihnachten 1999)', true],
    ['Frisch vom Blech, Foto: Hildegard B.', true],
    ['Foto: Hedwig S.', true],
    ['LEDGER PHOTO/MARCUS OYELARAN', true],
    ['Courier photo by Wendell Oakes', true],
    ['A correctly prepared set-out: brush stacked at the curb. Photo: Marlow Springs Public Works.', true],
    // British papers' "Image" and "Pic" (D398).
    ['China has warned it will take control of the city (Image: GETTY )', true],
    ['Plague can be easily vaccinated (Image: GETTY)', true],
    ['Fans queue outside the stadium before kick-off. Pic: Reuters', true],
    // And "Picture" (D456).
    ["Society chairman Ron Pettifer at the regulator of 'Maud', built by members in 1987. Picture: Sue Arkwright", true],
    ['Crowds at the reopening (Picture: Harbour Gazette)', true],
    ['The picture by the door shows the mill in 1921.', false],
    // Sentences of the text.
    ['Am Ende gelang dem Fotografen doch noch das schönste Foto: Die Kinder der Schwimmgruppe sprangen ins Becken.', false],
    ['Am Ende gelang uns doch noch das perfekte Foto: die Kirche im Abendlicht.', false],
    ['The photo by the entrance shows the mill in 1921.', false],
    ['The image by the entrance shows the mill in 1921.', false],
    ['The best picture: the bridge at dawn, which the council later used on its posters.', false],
    ['Druckfähige Fotos vom Ortstermin stehen ab 16 Uhr im Pressefoto-Bereich bereit.', false],
    [`${'A long paragraph of the story that goes on and on. '.repeat(6)}Foto: Lechner`, false],
  ])('%s → %s', (text, caption) => {
    expect(isCreditCaption(text)).toBe(caption);
  });
});
