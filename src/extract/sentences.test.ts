// Blocks read as sentences (sentences.ts): table-driven, on small elements.
import { describe, expect, it } from 'vitest';
import { bodyOf, parseDocument } from './dom.ts';
import { endsAsLeadIn, endsLikeSentence } from './sentences.ts';

/** The body's first element of `html`. */
function first(html: string) {
  const el = bodyOf(parseDocument(`<html><body>${html}</body></html>`))?.firstElementChild ?? null;
  if (el === null) throw new Error('no element');
  return el;
}

describe('endsLikeSentence', () => {
  it.each([
    ['<p>The gauge is faulty.</p>', true],
    ['<p>Is it faulty?</p>', true],
    ['<p>He said “stop.”</p>', true],
    // D435: a footnote's mark after the stop.
    ['<span>… faulty rather than drifting.<sup><a href="#n1">1</a></sup></span>', true],
    ['<p>See the table.<sup>[2]</sup> </p>', true],
    ['<p>Only in summer.<sup>*</sup></p>', true],
    ['<p>Drift in mm/month</p>', false],
    // A mark that is no footnote, or a superscript that ends no sentence.
    ['<p>Area in m<sup>2</sup></p>', false],
    ['<p>It ends here.<sup>note on page 4</sup></p>', false],
    ['<p>Version 2.1</p>', false],
  ])('%s → %s', (html, expected) => {
    expect(endsLikeSentence(first(html))).toBe(expected);
  });
});

describe('endsAsLeadIn (D436)', () => {
  it.each([
    ['<span>Each line has the following fields:</span><div><table><tr><td>DATE</td></tr></table></div>', true],
    ['<span>Run the check:</span><br><pre>$ tidelog -calcheck</pre>', true],
    ['<font>Die Zutaten:</font><ul><li>Mehl</li></ul>', true],
    ['<span>Each line has the following fields:</span>', false],
    ['<span>Fields:</span><span>DATE, STAFF</span>', false],
    ['<span>Each line has the following fields.</span><table><tr><td>DATE</td></tr></table>', false],
  ])('%s → %s', (html, expected) => {
    expect(endsAsLeadIn(first(html))).toBe(expected);
  });
});
