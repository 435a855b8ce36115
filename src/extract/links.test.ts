import { describe, expect, it } from 'vitest';
import { collectLinks } from './links.ts';

describe('collectLinks', () => {
  it.each([
    ['relative resolved', ['/a', 'b'], ['https://s.example/a', 'https://s.example/dir/b']],
    ['fragment-only dropped', ['#top', '#'], []],
    ['fragment on another page kept', ['/a#sec'], ['https://s.example/a#sec']],
    ['non-http schemes dropped', ['javascript:void(0)', 'mailto:x@s.example', 'tel:+1', 'data:text/html,x'], []],
    ['duplicates after resolution', ['/a', 'https://s.example/a', '../a'], ['https://s.example/a']],
    ['empty and blank dropped', ['', '   '], []],
    ['page order kept', ['/z', '/a', '/m'], ['https://s.example/z', 'https://s.example/a', 'https://s.example/m']],
  ])('%s', (_n, hrefs, want) => {
    expect(collectLinks(hrefs, 'https://s.example/dir/page')).toEqual(want);
  });
});
