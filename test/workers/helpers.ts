/// <reference types="@cloudflare/vitest-plugin/types" />
// Helpers of the in-runtime task tests: the API Worker called in this isolate, queue messages handed to it, and
// polling until a task is final.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import worker from '../../workers/api.ts';

/** The Worker's bindings, typed by the generated Env (worker-configuration.d.ts). */
export { env };
export const FIXTURE = 'http://fixture.test';

export interface Answer {
  status: number;
  body: any;
}

export async function api(method: string, path: string, body?: unknown): Promise<Answer> {
  const init: RequestInit = { method, headers: { 'content-type': 'application/json' } };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await worker.fetch(new Request(`http://api.test${path}`, init), env, createExecutionContext());
  const text = await res.text();
  return { status: res.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

/** Hands `bodies` to the Worker's queue handler as one batch of `queue`; none of them may be retried. */
export async function deliver(queue: string, bodies: unknown[]): Promise<void> {
  const batch = createMessageBatch(queue, bodies.map((body, i) => ({ id: `test-${queue}-${Date.now()}-${i}`, timestamp: new Date(), attempts: 1, body })));
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  expect((await getQueueResult(batch, ctx)).retryMessages).toEqual([]);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls GET `path` until `done(record)` holds; fails after `timeoutMs`. */
export async function waitFor(path: string, done: (record: any) => boolean, timeoutMs = 20_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  let last: Answer | null = null;
  while (Date.now() < until) {
    last = await api('GET', path);
    if (last.status === 200 && done(last.body)) return last.body;
    await sleep(50);
  }
  throw new Error(`${path} did not reach the expected state: ${JSON.stringify(last?.body)}`);
}

/** Every entry of a list endpoint, following nextCursor until it is null. */
export async function readAll(path: string, limit: number): Promise<any[]> {
  const out: any[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 10_000; guard++) {
    const q: string = cursor === null ? `?limit=${limit}` : `?limit=${limit}&cursor=${encodeURIComponent(cursor)}`;
    const page = await api('GET', path + q);
    if (page.status !== 200) throw new Error(`${path}${q}: ${page.status} ${JSON.stringify(page.body)}`);
    out.push(...(page.body.data as unknown[]));
    cursor = page.body.nextCursor;
    if (cursor === null) return out;
    if (!page.body.hasMore) await sleep(50);
  }
  throw new Error('paging did not end');
}
