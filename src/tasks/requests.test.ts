import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { echoOptions, parseBatchRequest, parseCrawlRequest } from './requests.ts';

const config = await loadConfig({});

describe('parseBatchRequest', () => {
  it('keeps the URLs as sent (an invalid one becomes an invalid_url item later) and reads the options', () => {
    const req = parseBatchRequest({ urls: ['http://a.test/', 'not a url', 'ftp://x'], formats: ['markdown'], timeout: 5000 }, config);
    expect(req.urls).toEqual(['http://a.test/', 'not a url', 'ftp://x']);
    expect(echoOptions(req.options)).toEqual({
      formats: [{ type: 'markdown' }],
      timeout: 5000,
      maxFileBytes: config.maxFileBytes,
      onlyMainContent: true,
      mode: 'standard',
      lane: 'auto',
      session: null,
    });
  });

  it.each([
    ['no urls', {}, 'invalid_request'],
    ['empty urls', { urls: [] }, 'invalid_request'],
    ['urls not a list', { urls: 'http://a.test/' }, 'invalid_request'],
    ['a non-string url', { urls: ['http://a.test/', 7] }, 'invalid_request'],
    ['too many urls', { urls: Array.from({ length: 1001 }, (_, i) => `http://a.test/${i}`) }, 'invalid_request'],
    ['an unknown key', { urls: ['http://a.test/'], proxy: 'x' }, 'unsupported_parameter'],
    ['a bad timeout', { urls: ['http://a.test/'], timeout: 5 }, 'invalid_request'],
    ['a format not produced', { urls: ['http://a.test/'], formats: ['html'] }, 'unsupported_format'],
  ])('refuses %s', (_name, body, code) => {
    expect(() => parseBatchRequest(body, config)).toThrow(expect.objectContaining({ code }));
  });
});

describe('parseCrawlRequest', () => {
  it('normalises the start URL and applies the defaults', () => {
    const req = parseCrawlRequest({ url: 'HTTP://Site.TEST/start#x' }, config);
    expect(req).toMatchObject({ url: 'http://site.test/start', maxPages: 100, includePaths: [] });
  });

  it('reads maxPages and includePaths', () => {
    const req = parseCrawlRequest({ url: 'http://site.test/', maxPages: 200, includePaths: ['^/docs/'] }, config);
    expect(req).toMatchObject({ maxPages: 200, includePaths: ['^/docs/'] });
  });

  it.each([
    ['limit (another vendor’s name)', { url: 'http://s.test/', limit: 10 }, 'unsupported_parameter'],
    ['an unknown key', { url: 'http://s.test/', allowExternalLinks: true }, 'unsupported_parameter'],
    ['no url', {}, 'invalid_request'],
    ['a non-http url', { url: 'file:///etc/passwd' }, 'invalid_request'],
    ['maxPages 0', { url: 'http://s.test/', maxPages: 0 }, 'invalid_request'],
    ['maxPages above the cap', { url: 'http://s.test/', maxPages: 1001 }, 'invalid_request'],
    ['maxPages not whole', { url: 'http://s.test/', maxPages: 2.5 }, 'invalid_request'],
    ['an invalid pattern', { url: 'http://s.test/', includePaths: ['[a-'] }, 'invalid_request'],
  ])('refuses %s', (_name, body, code) => {
    expect(() => parseCrawlRequest(body, config)).toThrow(expect.objectContaining({ code }));
  });

  it('names limit in details.parameters', () => {
    expect(() => parseCrawlRequest({ url: 'http://s.test/', limit: 10 }, config)).toThrow(
      expect.objectContaining({ details: { parameters: ['limit'] } }),
    );
  });
});
