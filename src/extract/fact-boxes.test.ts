// A story's fact box in the column beside it (fact-boxes.ts, D442): table-driven.
import { describe, expect, it } from 'vitest';
import { bodyOf, parseDocument, type DomElement } from './dom.ts';
import { factBoxesIn, subjectWords } from './fact-boxes.ts';
import { computeStats } from './stats.ts';

describe('subjectWords', () => {
  it.each([
    [null, 'Kessington Chronicle - Local News - Car 41 rolls again after 14-year restoration', ['car', 'rolls', 'again', 'year', 'restoration']],
    [null, 'Alder Creek Courier: Hospital warns foragers after three death cap poisonings', ['hospital', 'warns', 'foragers', 'three', 'death', 'cap', 'poisonings']],
    [null, 'Pfarrbrief 3/2003 - Unsere Orgel klingt wieder', ['orgel', 'klingt', 'wieder']],
    ['Die Orgel klingt wieder', 'Pfarrbrief St. Laurentius', ['orgel', 'klingt', 'wieder']],
    [null, null, []],
  ])('h1 %s, title %s → %j', (h1, title, words) => {
    expect([...subjectWords(h1, title)]).toEqual(words);
  });
});

describe('factBoxesIn', () => {
  const facts = '<b>Built:</b> 1927<br><b>Seats:</b> 26 lower deck, 36 upper deck<br><b>Withdrawn:</b> 4 October 1953<br><b>Restored:</b> 1990 to 2004, by volunteers<br><b>Cost:</b> 118,000 pounds<br><b>Top speed:</b> 12 miles an hour';
  const links = Array.from({ length: 4 }, (_, i) => `<a href="/n/${i}">Another story of the week, number ${i}</a><br>`).join('');
  function boxes(cell: string, title: string): string[] {
    const body = bodyOf(parseDocument(`<html><body><table><tr><td>${cell}</td></tr></table></body></html>`)) as DomElement;
    const td = body.querySelector('td') as DomElement;
    return factBoxesIn(td, subjectWords(null, title), computeStats(body)).map((b) => (b.textContent ?? '').slice(0, 18));
  }
  const title = 'Chronicle - Car 41 rolls again';

  it.each([
    ['the box whose title names the subject', `<table><tr><td><b>CAR 41 AT A GLANCE</b></td></tr><tr><td>${facts}</td></tr></table>`, ['CAR 41 AT A GLANCE']],
    ['a box of links under such a title', `<div><b>More on car 41</b><br>${links}</div>`, []],
    ['a box whose title names something else', `<div><b>CONTACT THE NEWSROOM</b><br>${facts}</div>`, []],
    ['a widget of two readings', '<div><b>Car 41 now</b><br>Depot: in service<br>Next run: 14.30</div>', []],
    // D453: a title or a name that says "fact box", whatever the subject.
    ['a box titled FACT FILE', `<div><b>FACT FILE</b><br>${facts}</div>`, ['FACT FILEBuilt: 19']],
    ['a box titled Auf einen Blick', `<div><b>Auf einen Blick:</b><br>${facts}</div>`, ['Auf einen Blick:Bu']],
    ['a box named factbox', `<div class="factbox"><b>The tram</b><br>${facts}</div>`, ['The tramBuilt: 192']],
    ['a box titled Facts and links, all links', `<div><b>Facts</b><br>${links}</div>`, []],
    ['a box titled Fact of the day', `<div><b>Fact of the day</b><br>${facts}</div>`, []],
  ])('%s', (_name, cell, expected) => {
    expect(boxes(cell, title)).toEqual(expected);
  });
});
