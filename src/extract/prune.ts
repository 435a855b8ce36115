// Pruning inside the chosen content (after select.ts chose it): blocks worth less than nothing (link lists, teaser
// stacks, pointer lines) and short widget labels, then the titles they leave behind.
import { type DomElement, type Journal, detach, elementChildren } from './dom.ts';
import { BOILERPLATE_TEXT } from './cues.ts';
import { isIngredientsBox } from './ingredients.ts';
import { linkOnlyKind } from './pointers.ts';
import { titleRemnants } from './remnants.ts';
import { isTeaserList } from './select.ts';
import { isSentenceItem } from './sentences.ts';
import { type StatsMap, isInlineTag } from './stats.ts';
import { isLayoutTable } from './tables.ts';
import { isTextWidget } from './text-widgets.ts';

const PRUNE_SKIP = new Set(['p', 'pre', 'code', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

const isList = (el: DomElement): boolean => el.localName === 'ul' || el.localName === 'ol';

/**
 * A list whose items each open with a link to an anchor of this very page (`<a class="token" href="#/s:…arm">`, an API
 * reference's members, D427), or a block holding such a list under its title (jazzy's `div.task-group`): entries of
 * the page named by their anchors, with their text, not teasers of others.
 */
function isAnchoredEntryList(el: DomElement): boolean {
  const list = isList(el) ? el : elementChildren(el).find(isList);
  if (list === undefined) return false;
  const items = elementChildren(list);
  return items.length > 0 && items.every((li) => /^#./.test(li.querySelector('a[href]')?.getAttribute('href') ?? ''));
}

/**
 * Removes, inside the chosen content, blocks that are worth less than nothing (link lists, tag clouds) and short
 * widget labels ("Advertisement", "Share this"). Returns the number of removed elements.
 */
export function pruneInside(root: DomElement, stats: StatsMap, core: DomElement = root, journal: Journal | null = null): number {
  const doomed: DomElement[] = [];
  // The core and its ancestors are what the choice rests on; they are walked into, never removed.
  const protectedEls = new Set<DomElement>();
  for (let a: DomElement | null = core; a !== null && a !== root; a = a.parentElement) protectedEls.add(a);
  const walk = (el: DomElement): void => {
    for (const c of elementChildren(el)) {
      const tag = c.localName;
      const st = stats.get(c);
      if (st === undefined) continue;
      // An inline element is never removed here, but old templates wrap whole pages in one (<font>): look inside.
      if (isInlineTag(tag) || protectedEls.has(c)) {
        walk(c);
        continue;
      }
      const linkOnly = linkOnlyKind(c, st);
      // A paragraph that offers a file (a report, a form) is part of the text however link-like it is (D186); a
      // styled download box beside the text is not.
      if (linkOnly === 'file' && tag === 'p') continue;
      const linkList = st.chars > 0 && st.linkChars > 0.5 * st.chars && st.score < 0 && !isSentenceItem(c, st, stats.get(el));
      const linkBox = linkList || (isTeaserList(st, false) && !isAnchoredEntryList(c));
      // An ingredients box whose names are links is no link list: its rows hold amounts too.
      if (linkBox && isIngredientsBox(c, stats)) {
        walk(c);
        continue;
      }
      if (!PRUNE_SKIP.has(tag) && linkBox) {
        doomed.push(c);
        continue;
      }
      // A layout table is a box, not a table of data: old templates draw their "more on this" boxes so. A table of
      // data is kept whole: a cell that only links (a reference's member names) is a value of its row (D451).
      if (tag === 'table') {
        const layout = isLayoutTable(c);
        if (layout && linkList) doomed.push(c);
        else if (layout) walk(c);
        continue;
      }
      if ((tag === 'p' || tag === 'div') && linkOnly === 'pointer') {
        doomed.push(c);
        continue;
      }
      if (st.chars > 0 && st.chars < 40) {
        const text = (c.textContent ?? '').trim().toLowerCase();
        if (BOILERPLATE_TEXT.test(text)) {
          doomed.push(c);
          continue;
        }
      }
      if (isTextWidget(c, st)) {
        doomed.push(c);
        continue;
      }
      walk(c);
    }
  };
  walk(root);
  const parents = new Set(doomed.map((d) => d.parentElement));
  for (const d of doomed) detach(d, journal);
  const remnants = titleRemnants(parents, stats, (p) => p === root || protectedEls.has(p) || PRUNE_SKIP.has(p.localName));
  for (const r of remnants) detach(r, journal);
  return doomed.length + remnants.length;
}
