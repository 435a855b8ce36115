// Choosing the main-content element (what is left of the template inside it is pruned afterwards: prune.ts).
//
// 1. Core: the element whose nearby units (stats.ts `local`) score highest, times (1 − link density) and a cue
//    factor: schema.org `articleBody` (https://schema.org/articleBody), <article>/<main>, content-ish class names.
//    Because credit only reaches three levels up, a container of paragraphs beats a wrapper around teaser cards.
// 2. Siblings: articles split into several blocks (around an ad slot or a photo) are joined back: a sibling of the
//    core is kept when it carries a fair share of the core's score, or when it is itself a prose paragraph.
// 3. Everything else beside the core is removed from the common parent, which becomes the content root.
import { type DomElement, type DomNode, type Journal, SUBHEADING_TAGS, detach, elementChildren, firstLine, hasWords, holdsNamed } from './dom.ts';
import { isIngredientsBox } from './ingredients.ts';
import { hasPositiveCue, COMMENTS_HEADING, isReaderEntriesHeading } from './cues.ts';
import { isDataTableBlock, isLayoutTable } from './tables.ts';
import { type ElementStats, type StatsMap, isInlineTag } from './stats.ts';
import { isCommentAnchor } from './comment-tail.ts';
import { leadBefore } from './lead.ts';
import { isSiblingPanel } from './tab-panels.ts';
import { endsAsLeadIn, endsLikeSentence, isLinkedSentence } from './sentences.ts';
import { factBoxesIn } from './fact-boxes.ts';
import { footnoteTargets } from './footnotes.ts';
import { isSmallPrintBeside } from './small-print.ts';

function cueFactor(el: DomElement): number {
  const prop = el.getAttribute('itemprop');
  if (prop !== null && /\barticleBody\b|\btext\b/i.test(prop)) return 1.5;
  const tag = el.localName;
  if (tag === 'article' || tag === 'main') return 1.15;
  const role = el.getAttribute('role');
  if (role === 'main' || role === 'article') return 1.15;
  return hasPositiveCue(el) ? 1.1 : 1;
}

function linkDensity(st: ElementStats): number {
  return st.chars === 0 ? 0 : st.linkChars / st.chars;
}

/** A stack of link-headed items (related stories, "more from", breaking-news tickers). */
export function isTeaserList(st: ElementStats, withLed = true): boolean {
  const teasers = st.linkUnits + (withLed ? st.linkLedUnits : 0);
  return teasers >= 3 && teasers >= 0.3 * st.units;
}

function candidateScore(el: DomElement, st: ElementStats): number {
  return st.local * (1 - linkDensity(st)) * cueFactor(el);
}

/** The core element: highest candidate score below (and including) `root`. */
export function findCore(root: DomElement, stats: StatsMap): DomElement {
  let best = root;
  let bestScore = -Infinity;
  const walk = (el: DomElement): void => {
    for (const c of elementChildren(el)) {
      const st = stats.get(c);
      if (st === undefined || st.chars === 0) continue;
      // An inline element is no candidate, but old templates wrap whole pages in one (<font>): look inside.
      if (isInlineTag(c.localName)) {
        walk(c);
        continue;
      }
      if (st.local > 0) {
        const s = candidateScore(c, st);
        if (s > bestScore) {
          best = c;
          bestScore = s;
        }
      }
      walk(c);
    }
  };
  walk(root);
  return best;
}

const PROSE_TAGS = new Set(['p', 'blockquote', 'pre', 'ul', 'ol', 'dl', 'table']);
const MAX_LEVELS = 5;
const FAR_LEVELS = 3;

/** A sibling that continues the article: prose of its own, not a stack of link-headed teaser cards. */
function continuesArticle(sib: DomElement, coreScore: number, coreProse: number, stats: StatsMap): boolean {
  const st = stats.get(sib);
  if (st === undefined || st.chars === 0) return false;
  const ld = linkDensity(st);
  // A recipe's ingredients box beside its method continues it too: its short rows never add up to prose. Portals
  // link each ingredient's name, so its rows may be half links; but each also holds an amount, and a link list's
  // or a teaser stack's rows hold links and nothing else.
  if (ld < 0.7 && isIngredientsBox(sib, stats)) return !opensCommentSection(sib);
  if (isLinksOrEntries(sib, st)) return false;
  if (candidateScore(sib, st) >= Math.max(10, coreScore * 0.2)) return true;
  if (st.proseChars >= Math.max(80, coreProse * 0.1)) return true;
  if (ld < 0.1 && isDataTableBlock(sib, st, stats)) return true;
  // Old pages write a paragraph as text in a <font> or <span> between blocks; its prose counts toward the block
  // around it, so it is read here by its sentences (D376), or as the lead-in of the block after it (D436).
  if (isInlineTag(sib.localName)) return st.chars >= INLINE_PROSE_CHARS && ld < 0.1 && (endsLikeSentence(sib) || endsAsLeadIn(sib));
  // A layout table (a page's banner or footer row) is a box, not text: only its own prose above could keep it.
  if (PROSE_TAGS.has(sib.localName) && !(sib.localName === 'table' && isLayoutTable(sib))) {
    if (st.chars >= 80 && ld < 0.25) return true;
    return ld === 0 && endsLikeSentence(sib);
  }
  return false;
}

/** Text of an inline element between blocks that makes it a paragraph of the article (D376). */
const INLINE_PROSE_CHARS = 150;


/** A block that is mostly links, a stack of teaser cards or readers' entries under their heading: never the text. */
function isLinksOrEntries(el: DomElement, st: ElementStats): boolean {
  return linkDensity(st) >= 0.35 || isTeaserList(st) || opensCommentSection(el);
}

/** A sibling panel of the chosen one's widget continues it unless it is links or readers' entries (D375). */
function continuesAsPanel(panel: DomElement, stats: StatsMap): boolean {
  const st = stats.get(panel);
  return st !== undefined && st.chars > 0 && !isLinksOrEntries(panel, st);
}

/** A block whose first line is a comment section's heading (the readers' comments after an article). */
function opensCommentSection(el: DomElement): boolean {
  return COMMENTS_HEADING.test(firstLine(el));
}

/**
 * Nothing after a short block that heads readers' comments or customer reviews ("Reviews (212)", "3 Kommentare zu
 * diesem Artikel"), or after the empty anchor named for them, continues the article: the entries under it are prose
 * of their own.
 */
function dropAfterCommentHeading(siblings: DomElement[], from: number, keep: boolean[], stats: StatsMap): void {
  for (let i = from + 1; i < siblings.length; i++) {
    if (isCommentAnchor(siblings[i])) {
      keep.fill(false, i);
      return;
    }
    const chars = stats.get(siblings[i])?.chars ?? 0;
    if (chars === 0 || chars > 120) continue;
    const line = firstLine(siblings[i]);
    if (isReaderEntriesHeading(line)) {
      keep.fill(false, i);
      return;
    }
  }
}

/**
 * A cell beside the core's cell in a table row is a column of a layout grid (menus, news tickers, contact boxes):
 * it continues the article only as a second text column, with prose of at least half the core's, or as a recipe's
 * ingredients beside its method (D411).
 */
function continuesColumn(cell: DomElement, coreProse: number, stats: StatsMap): boolean {
  const st = stats.get(cell);
  if (st === undefined) return false;
  if (linkDensity(st) < 0.7 && isIngredientsBox(cell, stats)) return !opensCommentSection(cell);
  return linkDensity(st) < 0.35 && st.proseChars >= Math.max(80, coreProse * 0.5);
}

/**
 * An inline element with text right before or after it is a piece of a run of text (`<b>Notice</b>: Undefined …`):
 * the run's text stays or goes as a whole, so its pieces are not removed alone (D441).
 */
function inTextRun(el: DomElement): boolean {
  return isInlineTag(el.localName) && (hasWords(el.previousSibling) || hasWords(el.nextSibling));
}

const NO_SUBJECT: ReadonlySet<string> = new Set();

/** Keeps the cells that hold the story's fact boxes (fact-boxes.ts); returns the rest of those cells, to remove. */
function keepFactBoxes(cells: DomElement[], keep: boolean[], subject: ReadonlySet<string>, stats: StatsMap): DomElement[] {
  const rest: DomElement[] = [];
  cells.forEach((cell, i) => {
    if (keep[i]) return;
    const boxes = factBoxesIn(cell, subject, stats);
    if (boxes.length === 0) return;
    keep[i] = true;
    rest.push(...elementChildren(cell).filter((c) => !boxes.includes(c)));
  });
  return rest;
}

/**
 * Chooses the content root, mutating the tree: starting at the core, climbs up to MAX_LEVELS ancestors; at each
 * level the siblings that continue the article are kept (with headings and small blocks between kept ones), the
 * rest are removed. The root is the highest ancestor at which something was kept.
 */
export function selectMain(root: DomElement, stats: StatsMap, journal: Journal | null = null, subject: ReadonlySet<string> = NO_SUBJECT): { root: DomElement; core: DomElement } {
  const core = findCore(root, stats);
  const coreSt = stats.get(core) as ElementStats;
  const coreScore = candidateScore(core, coreSt);
  const coreProse = coreSt.proseChars;
  const notes = footnoteTargets(core);
  let x = core;
  let top = core;
  const removals: DomNode[][] = [];
  for (let level = 0; level < MAX_LEVELS + FAR_LEVELS && x !== root; level++) {
    const parent = x.parentElement;
    if (parent === null) break;
    const siblings = elementChildren(parent);
    // Page builders nest a text block six or more wrappers deep; beyond MAX_LEVELS a sibling continues the article
    // only with prose of a fifth of the core's (an FAQ section, the next text section), not a footer or an author box.
    const far = level >= MAX_LEVELS;
    const continues = parent.localName === 'tr'
      ? (s: DomElement): boolean => continuesColumn(s, Math.max(coreProse, stats.get(x)?.proseChars ?? 0), stats)
      : (s: DomElement): boolean =>
          (continuesArticle(s, coreScore, coreProse, stats) && (!far || (stats.get(s)?.proseChars ?? 0) >= 0.2 * coreProse) && !isSmallPrintBeside(s, parent)) ||
          (isSiblingPanel(s, x) && continuesAsPanel(s, stats)) ||
          holdsNamed(s, notes);
    const keep = siblings.map((s) => s === x || continues(s));
    dropAfterCommentHeading(siblings, siblings.indexOf(x), keep, stats);
    let first = keep.indexOf(true);
    const last = keep.lastIndexOf(true);
    // A section heading right before the first kept block titles it (h2–h6; the page's h1 is the page title).
    if (first > 0 && SUBHEADING_TAGS.has(siblings[first - 1].localName)) keep[--first] = true;
    const lead = leadBefore(siblings, first, stats);
    if (lead !== null) {
      keep.fill(true, lead.from, first);
      first = lead.from;
    }
    // Headings and small non-link blocks (figures, datelines inside the flow) between kept blocks stay, and a short
    // sentence with a link in it (a paragraph of its own block in card-per-paragraph templates, D399).
    for (let i = first + 1; i < last; i++) {
      if (keep[i]) continue;
      const st = stats.get(siblings[i]);
      const small = st === undefined || st.chars < 200;
      if (SUBHEADING_TAGS.has(siblings[i].localName) || (small && (st === undefined || st.linkChars === 0 || isLinkedSentence(siblings[i], st)))) keep[i] = true;
    }
    // A side column's cell goes but for the story's fact box at its top (D442).
    const besideBoxes = parent.localName === 'tr' ? keepFactBoxes(siblings, keep, subject, stats) : [];
    removals.push([...siblings.filter((s, i) => !keep[i] && !inTextRun(s)), ...(lead?.drop ?? []), ...besideBoxes]);
    if (keep.filter(Boolean).length > 1) top = parent;
    x = parent;
  }
  // Remove only up to the chosen root: levels above it stay untouched (they are not output).
  let el: DomElement | null = core;
  for (const doomed of removals) {
    if (el === top || el === null) break;
    for (const d of doomed) detach(d, journal);
    el = el.parentElement;
  }
  return { root: top, core };
}
