// The `auto` lane without a browser process: a stub HTTP lane and a stub browser runner, real shell detection.
import { describe, expect, it } from 'vitest';
import type { LaneRequest } from './acquire.ts';
import { SHELL_SCAN_BYTES } from '../lanes/shell-detect.ts';
import type { LaneResult } from '../lanes/types.ts';
import { runAuto, type LaneKit } from './lane-plan.ts';

const SHELL = '<html><body><div id="root"></div><script src="/app.js"></script></body></html>';
const ARTICLE = `<html><body><article><p>${'Plain words a reader sees. '.repeat(40)}</p></article></body></html>`;

function stream(text: string, chunk = 1000): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull: (c) => {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

function httpAnswer(body: string, contentType = 'text/html; charset=utf-8', status = 200): LaneResult {
  return {
    lane: 'http', chain: { urls: ['http://a.test/'], complete: true }, robots: null, userAgent: 'svc-capture/1.0', proxy: null,
    kind: 'response', status, headers: new Headers({ 'content-type': contentType }), body: { kind: 'stream', stream: stream(body) },
    fetchedAt: '2026-11-23T12:00:00.000Z', warnings: [],
  };
}

const rendered: LaneResult = {
  lane: 'browser_local', chain: { urls: ['http://a.test/'], complete: true }, robots: null, userAgent: 'Chrome svc-capture/1.0', proxy: null,
  kind: 'response', status: 200, headers: new Headers({ 'content-type': 'text/html' }), body: { kind: 'html', html: '<p>rendered</p>' },
  fetchedAt: '2026-11-23T12:00:01.000Z', warnings: [],
};

const REQ = { deps: { browser: {} } } as unknown as LaneRequest;

/** The body as handed on: streamed (longer than the scan window) or already read; the bytes must be the page's. */
async function text(r: LaneResult): Promise<string> {
  if (r.kind !== 'response') throw new Error('no response');
  if (r.body.kind === 'read') {
    expect(new TextDecoder().decode(r.body.bytes)).toBe(r.body.text);
    return r.body.text;
  }
  if (r.body.kind !== 'stream' || !r.body.stream) throw new Error('no body');
  return new Response(r.body.stream).text();
}

function setup(first: LaneResult, second: LaneResult = rendered) {
  const calls = { browser: 0 };
  const kit: LaneKit = { runHttp: async () => first, robotsGate: () => async () => { throw new Error('unused'); } };
  const runners = { browser_local: async () => (calls.browser++, second) };
  return { calls, run: () => runAuto(REQ, 'browser_local', runners, kit) };
}

describe('runAuto', () => {
  it('keeps the HTTP answer of a page with text, byte for byte', async () => {
    const { calls, run } = setup(httpAnswer(ARTICLE));
    const r = await run();
    expect(r.lane).toBe('http');
    // Read whole for the shell check: handed on read and decoded, so the pipeline reads it only once.
    expect(r.kind === 'response' && r.body.kind).toBe('read');
    expect(await text(r)).toBe(ARTICLE);
    expect(calls.browser).toBe(0);
  });

  it('hands a page longer than the scan window on whole (head replayed, rest streamed)', async () => {
    const long = ARTICLE + `<!-- ${'x'.repeat(SHELL_SCAN_BYTES)} -->`;
    const { calls, run } = setup(httpAnswer(long));
    const r = await run();
    expect(r.kind === 'response' && r.body.kind).toBe('stream');
    expect(await text(r)).toBe(long);
    expect(calls.browser).toBe(0);
  });

  it('renders a script-only shell in the browser and says why', async () => {
    const { calls, run } = setup(httpAnswer(SHELL));
    const r = await run();
    expect(calls.browser).toBe(1);
    expect(r.lane).toBe('browser_local');
    expect(r.kind === 'response' && r.warnings[0]).toMatch(/^lane auto: the HTTP answer is a script-only shell \(text:0, scripts:1, root:#root\)/);
  });

  it('keeps the HTTP answer when the browser fails', async () => {
    const failed: LaneResult = { ...rendered, kind: 'failed', reason: 'browser_failed', message: 'no Chromium', httpStatus: null };
    const { run } = setup(httpAnswer(SHELL), failed);
    const r = await run();
    expect(r.lane).toBe('http');
    expect(await text(r)).toBe(SHELL);
    expect(r.kind === 'response' && r.warnings[0]).toMatch(/but the browser failed \(no Chromium\); the HTTP answer is kept$/);
  });

  it('never sends a non-HTML answer or an error page to the browser', async () => {
    for (const first of [httpAnswer(SHELL, 'application/json'), httpAnswer(SHELL, 'text/html', 404)]) {
      const { calls, run } = setup(first);
      await run();
      expect(calls.browser).toBe(0);
    }
  });

  it('decodes the page it read with the charset the answer declares', async () => {
    const latin1 = '<html><body><p>' + 'Grüße aus Köln. '.repeat(30) + '</p></body></html>';
    const bytes = Uint8Array.from(latin1, (c) => c.charCodeAt(0));
    const first = httpAnswer('', 'text/html; charset=iso-8859-1');
    const { run } = setup({ ...first, body: { kind: 'stream', stream: new Response(bytes).body } } as LaneResult);
    const r = await run();
    expect(r.kind === 'response' && r.body.kind === 'read' && r.body.text).toBe(latin1);
  });

  it('reads a body of declared length in one piece, and a compressed one chunk by chunk, to the same page', async () => {
    const bytes = new TextEncoder().encode(ARTICLE);
    for (const extra of [{}, { 'content-encoding': 'gzip' }] as Record<string, string>[]) {
      const first = httpAnswer(ARTICLE);
      const headers = new Headers({ 'content-type': 'text/html', 'content-length': String(bytes.length), ...extra });
      const { run } = setup({ ...first, headers } as LaneResult);
      const r = await run();
      expect(r.kind === 'response' && r.body.kind).toBe('read');
      expect(await text(r)).toBe(ARTICLE);
    }
  });
});
