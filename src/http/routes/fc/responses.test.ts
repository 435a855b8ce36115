import { describe, expect, it } from 'vitest';
import { errorsListing, NEVER_EXPIRES, readEntry, readProgress, scrapeAnswer, statusPage } from './responses.ts';

const METADATA = { title: 'T', description: null, language: 'en', keywords: null, robots: 'noindex', icon: 'http://a.test/f.ico', canonical: null };

function v1Result(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    url: 'http://a.test/x',
    status: 'success',
    reason: null,
    markdown: '# T',
    links: ['http://a.test/y'],
    metadata: METADATA,
    document: { title: 'T', pageType: 'article' },
    warnings: [],
    evidenceRecord: { finalUrl: 'http://a.test/x/', httpStatus: 200, fetchedAt: '2026-11-23T10:00:00.000Z' },
    evidence: {},
    compliance: {},
    snapshot: {},
    lane: 'http',
    ...over,
  };
}

describe('scrapeAnswer', () => {
  it('a captured page: Firecrawl document with metadata under Firecrawl names; no evidence, no legacy fields', () => {
    expect(scrapeAnswer(readEntry(v1Result()))).toEqual({
      success: true,
      data: {
        markdown: '# T',
        links: ['http://a.test/y'],
        metadata: {
          title: 'T',
          language: 'en',
          robots: 'noindex',
          favicon: 'http://a.test/f.ico',
          sourceURL: 'http://a.test/x',
          url: 'http://a.test/x/',
          statusCode: 200,
        },
      },
    });
  });

  it('a blocked page: success false, no code, the reason in data.metadata.error and a top-level error', () => {
    const blocked = v1Result({ status: 'blocked', reason: 'robots_disallowed', markdown: undefined, links: undefined, evidenceRecord: { finalUrl: null, httpStatus: null } });
    const answer = scrapeAnswer(readEntry(blocked));
    expect(answer).toEqual({
      success: false,
      error: 'blocked: robots_disallowed',
      data: { metadata: { title: 'T', language: 'en', robots: 'noindex', favicon: 'http://a.test/f.ico', sourceURL: 'http://a.test/x', error: 'robots_disallowed' } },
    });
    expect(answer).not.toHaveProperty('code');
  });

  it('a failed page keeps what was observed; partial and incomplete are successes with a warning', () => {
    const failed = scrapeAnswer(readEntry(v1Result({ status: 'failed', reason: 'http_404', evidenceRecord: { finalUrl: 'http://a.test/x', httpStatus: 404 } })));
    expect(failed).toMatchObject({ success: false, error: 'failed: http_404', data: { markdown: '# T', metadata: { statusCode: 404, error: 'http_404' } } });
    expect(scrapeAnswer(readEntry(v1Result({ status: 'partial', reason: 'page_cap' })))).toMatchObject({ success: true, warning: 'partial: page_cap' });
    expect(scrapeAnswer(readEntry(v1Result({ status: 'incomplete', reason: 'empty_content' })))).toMatchObject({ success: true, warning: 'incomplete: empty_content' });
  });
});

describe('status pages', () => {
  it('maps batch and crawl records to Firecrawl statuses and progress', () => {
    expect(readProgress({ object: 'batch', status: 'accepting', total: 3, done: 0 })).toEqual({ status: 'scraping', total: 3, completed: 0 });
    expect(readProgress({ object: 'batch', status: 'completed', total: 3, done: 3 })).toEqual({ status: 'completed', total: 3, completed: 3 });
    const crawl = (status: string) => readProgress({ object: 'crawl', status, counts: { discovered: 9, queued: 2, done: 7 } });
    expect(crawl('running')).toEqual({ status: 'scraping', total: 9, completed: 7 });
    expect(crawl('cancelled').status).toBe('cancelled');
    expect(crawl('interrupted').status).toBe('failed');
  });

  it('carries `next` only when given: the key is left out on the last page, never null', () => {
    const progress = { status: 'completed', total: 1, completed: 1 };
    const entries = [readEntry(v1Result({ index: 0 }))];
    const more = statusPage(progress, entries, 'http://h.test/fc/v1/crawl/c?cursor=x');
    expect(more).toMatchObject({ success: true, status: 'completed', creditsUsed: 0, expiresAt: NEVER_EXPIRES, next: 'http://h.test/fc/v1/crawl/c?cursor=x' });
    const last = statusPage(progress, entries, null);
    expect(last).not.toHaveProperty('next');
    expect(last.data).toEqual([scrapeAnswer(entries[0]).data]);
  });
});

describe('errorsListing', () => {
  it('lists robots-refused URLs apart from other pages not captured', () => {
    const entries = [
      v1Result({ index: 0 }),
      v1Result({ index: 1, url: 'http://a.test/private', status: 'blocked', reason: 'robots_disallowed' }),
      v1Result({ index: 2, url: 'http://a.test/gone', status: 'failed', reason: 'http_404' }),
      v1Result({ index: 3, url: 'http://a.test/slow', status: 'timeout', reason: 'deadline_exceeded', evidenceRecord: { fetchedAt: null } }),
      v1Result({ index: 4, status: 'partial', reason: 'page_cap' }),
    ].map(readEntry);
    expect(errorsListing('crawl_1', entries)).toEqual({
      robotsBlocked: ['http://a.test/private'],
      errors: [
        { id: 'crawl_1:2', timestamp: '2026-11-23T10:00:00.000Z', url: 'http://a.test/gone', code: 'failed', error: 'http_404' },
        { id: 'crawl_1:3', url: 'http://a.test/slow', code: 'timeout', error: 'deadline_exceeded' },
      ],
    });
  });
});
