import { describe, expect, it } from 'vitest';
import { crawlProgress, renderBar } from './progress.ts';
import type { CrawlRecord } from './types.ts';

describe('renderBar', () => {
  const cases: Array<[number, number, string]> = [
    [37, 300, '[#.........] 37/300'],
    [150, 300, '[#####.....] 150/300'],
    [299, 300, '[#########.] 299/300'],
    [300, 300, '[##########] 300/300'],
    [0, 0, '[..........] 0/0'],
    [5, 3, '[##########] 5/3'],
  ];
  for (const [done, total, text] of cases) {
    it(`${done}/${total}`, () => expect(renderBar({ done, total })).toBe(text));
  }
});

describe('crawlProgress', () => {
  const crawl = (done: number, discovered: number, maxPages: number): CrawlRecord =>
    ({ maxPages, counts: { done, discovered, queued: 0, byStatus: {} } }) as unknown as CrawlRecord;
  const cases: Array<[number, number, number, { done: number; total: number }]> = [
    [1, 3, 10, { done: 1, total: 3 }], // total grows with discovery
    [2, 50, 10, { done: 2, total: 10 }], // never above maxPages
    [4, 2, 10, { done: 4, total: 4 }], // never below done
  ];
  for (const [done, discovered, maxPages, expected] of cases) {
    it(`done ${done}, discovered ${discovered}, maxPages ${maxPages}`, () =>
      expect(crawlProgress(crawl(done, discovered, maxPages))).toEqual(expected));
  }
});
