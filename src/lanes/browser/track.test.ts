import { describe, expect, it } from 'vitest';
import { isPageType, MAX_DOCUMENTS, MainFrameTrack } from './track.ts';

const HTML = { 'content-type': 'text/html; charset=utf-8' };

describe('MainFrameTrack', () => {
  it('lists redirect hops and documents; the chain is complete when it starts at requestedUrl', () => {
    const t = new MainFrameTrack('http://a.test/start#top');
    t.onCommitted('about:blank');
    t.onResponse('http://a.test/start', 302, { location: '/next' });
    t.onResponse('http://a.test/next', 200, HTML);
    t.onCommitted('http://a.test/next');
    t.onResponse('http://a.test/meta#x', 200, HTML);
    t.onCommitted('http://a.test/meta');
    expect(t.urls).toEqual(['http://a.test/start', 'http://a.test/next', 'http://a.test/meta']);
    expect(t.complete).toBe(true);
    expect(t.status).toBe(200);
    expect(t.file).toBeNull();
  });

  it('is not complete when the first answer is another URL or a document came without a response', () => {
    const other = new MainFrameTrack('http://a.test/');
    other.onResponse('https://a.test/', 200, HTML);
    expect(other.complete).toBe(false);
    const noRequest = new MainFrameTrack('http://a.test/');
    noRequest.onResponse('http://a.test/', 200, HTML);
    noRequest.onCommitted('http://a.test/');
    noRequest.onCommitted('data:text/html,<p>x</p>');
    expect(noRequest.complete).toBe(false);
  });

  it('a non-HTML document or an attachment is a file for the HTTP lane', () => {
    const t = new MainFrameTrack('http://a.test/r');
    t.onResponse('http://a.test/r', 302, { location: '/f.pdf' });
    t.onResponse('http://a.test/f.pdf', 200, { 'content-type': 'application/pdf' });
    expect(t.file).toEqual({ url: 'http://a.test/f.pdf', contentType: 'application/pdf' });
    expect(isPageType('text/html', 'attachment; filename=a.html')).toBe(false);
    expect(isPageType('application/xhtml+xml', null)).toBe(true);
    expect(isPageType(null, null)).toBe(false);
  });

  it('admits MAX_DOCUMENTS main-frame documents, then marks the page as moving', () => {
    const t = new MainFrameTrack('http://a.test/');
    for (let i = 0; i < MAX_DOCUMENTS; i++) expect(t.admitDocument()).toBe(true);
    expect(t.admitDocument()).toBe(false);
    expect(t.keptMoving).toBe(true);
  });

  it('joins repeated header values (puppeteer uses a newline)', () => {
    const t = new MainFrameTrack('http://a.test/');
    t.onResponse('http://a.test/', 200, { ...HTML, 'set-cookie': 'a=1\nb=2' });
    expect(t.headersObject().get('set-cookie')).toBe('a=1, b=2');
  });
});
