import { describe, expect, it } from 'vitest';
import { classifyResponse, declaredBytesOf, peekHead } from './stream.ts';
import { chunkedStream, patternBytes } from './test-helpers/streams.ts';
import { makePdf } from './test-helpers/make-pdf.ts';

async function readAll(s: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(s).arrayBuffer());
}

describe('peekHead', () => {
  it.each([
    ['body shorter than the head', 100, 7],
    ['body of exactly the head', 4096, 4096],
    ['long body, small chunks', 50_000, 333],
    ['long body, one big chunk', 50_000, 50_000],
  ])('%s: head has the first bytes and the replay yields the whole body', async (_name, size, chunk) => {
    const data = patternBytes(size, size);
    const src = chunkedStream(data, chunk);
    const peeked = await peekHead(src.stream, 4096);
    expect(peeked.head.length).toBeGreaterThanOrEqual(Math.min(size, 4096));
    expect(Buffer.from(peeked.head).equals(Buffer.from(data.subarray(0, peeked.head.length)))).toBe(true);
    expect(peeked.complete).toBe(size < 4096);
    expect(Buffer.from(await readAll(peeked.body)).equals(Buffer.from(data))).toBe(true);
  });

  it('does not read ahead of the head, and cancelling the replay cancels the source', async () => {
    const src = chunkedStream(patternBytes(100_000), 1000);
    const peeked = await peekHead(src.stream, 4096);
    expect(src.delivered()).toBe(5000);
    await peeked.body.cancel();
    expect(src.cancelled()).toBe(true);
  });
});

describe('classifyResponse', () => {
  it('does not touch the body when the Content-Type decides', async () => {
    const src = chunkedStream(patternBytes(10), 10);
    const r = await classifyResponse('text/csv', src.stream);
    expect(r.detection).toEqual({ kind: 'file', fileKind: 'csv', detectedBy: 'content-type', ext: 'csv' });
    expect(r.body).toBe(src.stream);
    expect(src.delivered()).toBe(0);
  });

  it('sniffs an octet-stream body and hands back a body that still holds every byte', async () => {
    const pdf = makePdf({ pages: [{ lines: ['x'] }] });
    const r = await classifyResponse('application/octet-stream', chunkedStream(pdf, 100).stream);
    expect(r.detection).toEqual({ kind: 'file', fileKind: 'pdf', detectedBy: 'bytes', ext: 'pdf' });
    expect(Buffer.from(await readAll(r.body!)).equals(Buffer.from(pdf))).toBe(true);
  });
});

describe('declaredBytesOf', () => {
  it.each([
    ['1234', 1234],
    [' 0 ', 0],
    ['12, 12', null],
    ['-1', null],
    ['abc', null],
    [null, null],
  ])('%j → %j', (value, expected) => {
    const h = new Headers();
    if (value !== null) h.set('content-length', value);
    expect(declaredBytesOf(h)).toBe(expected);
  });
});
