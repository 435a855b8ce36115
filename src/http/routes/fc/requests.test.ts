import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../errors.ts';
import { translateBatch, translateCrawl, translateScrape } from './requests.ts';

function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe('translateScrape', () => {
  it('passes url, formats, onlyMainContent and timeout; defaults to markdown only; accepts origin', () => {
    expect(translateScrape({ url: 'http://a.test/', origin: 'js-sdk@4.42.0' })).toEqual({ url: 'http://a.test/', formats: ['markdown'] });
    expect(
      translateScrape({ url: 'http://a.test/', formats: ['markdown', 'links', 'links'], onlyMainContent: false, timeout: 5000 }),
    ).toEqual({ url: 'http://a.test/', formats: ['markdown', 'links'], onlyMainContent: false, timeout: 5000 });
  });

  it('accepts options only with the value that restates what the service does, and drops them', () => {
    const body = { url: 'http://a.test/', mobile: false, waitFor: 0, headers: {}, actions: [], parsePDF: true, maxAge: 0, skipTlsVerification: false };
    expect(translateScrape(body)).toEqual({ url: 'http://a.test/', formats: ['markdown'] });
  });

  it('refuses every other option by name, all at once', () => {
    const err = refusal(() =>
      translateScrape({ url: 'http://a.test/', actions: [{ type: 'wait' }], mobile: true, proxy: 'basic', jsonOptions: {}, waitFor: 0 }),
    );
    expect(err.code).toBe('unsupported_parameter');
    expect(err.details?.parameters).toEqual(['actions', 'mobile', 'proxy', 'jsonOptions']);
  });

  it('refuses formats other than markdown and links with unsupported_format, as sent', () => {
    const err = refusal(() => translateScrape({ url: 'http://a.test/', formats: ['markdown', 'html', 'json', 'screenshot@fullPage'] }));
    expect(err.code).toBe('unsupported_format');
    expect(err.details?.formats).toEqual(['html', 'json', 'screenshot@fullPage']);
    expect(refusal(() => translateScrape({ url: 'http://a.test/', formats: [{ type: 'markdown' }] })).code).toBe('invalid_request');
    expect(refusal(() => translateScrape({ url: 'http://a.test/', formats: 'markdown' })).code).toBe('invalid_request');
  });
});

describe('translateCrawl', () => {
  it('maps limit to maxPages and scrapeOptions to the capture options', () => {
    expect(
      translateCrawl({ url: 'http://a.test/', limit: 3, scrapeOptions: { formats: ['links'], timeout: 2000 }, origin: 'js-sdk@4.42.0' }, 1000),
    ).toEqual({ url: 'http://a.test/', formats: ['links'], timeout: 2000, maxPages: 3 });
  });

  it('keeps includePaths; accepts the flags that match the /v1 crawl; refuses the rest by name', () => {
    expect(
      translateCrawl({ url: 'http://a.test/', includePaths: ['^/blog/'], ignoreSitemap: true, allowExternalLinks: false, excludePaths: [] }, 1000),
    ).toEqual({ url: 'http://a.test/', formats: ['markdown'], includePaths: ['^/blog/'] });
    const err = refusal(() =>
      translateCrawl({ url: 'http://a.test/', ignoreSitemap: false, excludePaths: ['^/x'], maxDepth: 2, webhook: 'http://h.test/', delay: 1 }, 1000),
    );
    expect(err.code).toBe('unsupported_parameter');
    expect(err.details?.parameters).toEqual(['ignoreSitemap', 'excludePaths', 'maxDepth', 'webhook', 'delay']);
  });

  it('names refused scrape options inside scrapeOptions with their prefix', () => {
    const err = refusal(() => translateCrawl({ url: 'http://a.test/', scrapeOptions: { formats: ['markdown'], location: {} } }, 1000));
    expect(err.details?.parameters).toEqual(['scrapeOptions.location']);
    expect(refusal(() => translateCrawl({ url: 'http://a.test/', scrapeOptions: { formats: ['rawHtml'] } }, 1000)).details?.formats).toEqual(['rawHtml']);
  });

  it('checks limit against the page cap', () => {
    for (const limit of [0, 1.5, '3', 1001]) {
      expect(refusal(() => translateCrawl({ url: 'http://a.test/', limit }, 1000)).message).toBe('limit must be a whole number from 1 to 1000');
    }
  });

  it('keeps a start URL below the root to its path (Firecrawl default) unless crawlEntireDomain is true', () => {
    expect(translateCrawl({ url: 'http://a.test/docs/v1.2', limit: 5 }, 1000)).toMatchObject({ includePaths: ['^/docs/v1\\.2'] });
    expect(translateCrawl({ url: 'http://a.test/docs/', crawlEntireDomain: true }, 1000)).not.toHaveProperty('includePaths');
    expect(translateCrawl({ url: 'http://a.test/docs/', allowBackwardLinks: true, includePaths: ['x'] }, 1000)).toMatchObject({ includePaths: ['x'] });
    const err = refusal(() => translateCrawl({ url: 'http://a.test/docs/', includePaths: ['^/docs/a'] }, 1000));
    expect(err.details?.parameters).toEqual(['includePaths']);
    expect(refusal(() => translateCrawl({ url: 'http://a.test/', crawlEntireDomain: 'yes' }, 1000)).code).toBe('invalid_request');
  });
});

describe('translateBatch', () => {
  it('passes the URLs and the scrape options', () => {
    expect(translateBatch({ urls: ['http://a.test/1'], formats: ['markdown', 'links'], origin: 'js-sdk@4.42.0' })).toEqual({
      v1: { urls: ['http://a.test/1'], formats: ['markdown', 'links'] },
      invalidURLs: [],
    });
  });

  it('leaves invalid URLs out with ignoreInvalidURLs, refuses the batch without it', () => {
    expect(translateBatch({ urls: ['http://a.test/1', 'nope', 'ftp://a.test/'], ignoreInvalidURLs: true })).toEqual({
      v1: { urls: ['http://a.test/1'], formats: ['markdown'] },
      invalidURLs: ['nope', 'ftp://a.test/'],
    });
    expect(refusal(() => translateBatch({ urls: ['http://a.test/1', 'nope'] })).code).toBe('invalid_request');
    expect(refusal(() => translateBatch({ urls: ['http://a.test/1'], webhook: 'http://h.test/' })).details?.parameters).toEqual(['webhook']);
  });
});
