/// <reference types="@cloudflare/vitest-plugin/types" />
// Issue 11: generated hostile and malformed requests through the API app inside workerd (Durable Objects, Queues and
// R2 real, outbound fetches served by test/workers/outbound.ts). Never a 500, every error in the spec's JSON shape,
// and a valid request right after each flood still succeeds. `npm run fuzz` runs a longer version against the real
// local service (bench/fuzz.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../workers/api.ts';
import { answerProblem, Tally } from '../fuzz/check.ts';
import { listQuery, oddRequest, POST_ROUTES, postRequest, routeShape, type FuzzRequest, type PostRoute } from '../fuzz/generators.ts';
import { FIXTURE, waitFor } from './helpers.ts';

// fixture.test serves pages; any other host answers 502 in the outbound stub (nothing leaves the test).
const ORIGINS = [FIXTURE, 'http://127.0.0.1:1', 'http://elsewhere.test'];
const SEED = 20261123;
const RUNS_PER_ROUTE = 2_000;
const ODD_RUNS = 500;

const SUCCESS: Record<PostRoute, number[]> = { '/v1/scrape': [200], '/v1/batches': [201], '/v1/crawls': [201] };

interface Sent {
  status: number;
  json: Record<string, unknown> | null;
}

async function send(req: FuzzRequest, tally: Tally, ok: readonly number[]): Promise<Sent> {
  const init: RequestInit = { method: req.method, headers: { 'content-type': 'application/json' } };
  if (req.body !== null) init.body = req.body;
  const res = await worker.fetch(new Request(`http://api.test${req.path}`, init), env, createExecutionContext());
  const text = await res.text();
  const problem = answerProblem(req.method, res.status, res.headers.get('content-type'), text, ok);
  tally.add(routeShape(req.method, req.path), res.status, problem, JSON.stringify(req));
  let json: Record<string, unknown> | null = null;
  if (res.status < 300 && text !== '') json = JSON.parse(text) as Record<string, unknown>;
  return { status: res.status, json };
}

/** Waits until every batch the flood created has completed, so the active-batch limit is free again. */
async function settle(ids: string[]): Promise<void> {
  for (const id of ids) await waitFor(`/v1/batches/${id}`, (r) => r.status === 'completed', 30_000);
}

const VALID: Record<PostRoute, object> = {
  '/v1/scrape': { url: `${FIXTURE}/item/7`, formats: ['markdown'] },
  '/v1/batches': { urls: [`${FIXTURE}/item/1`, `${FIXTURE}/item/2`], formats: ['markdown'] },
  '/v1/crawls': { url: `${FIXTURE}/site/0`, maxPages: 1 },
};

describe('fuzz: generated requests never break the API', () => {
  for (const route of POST_ROUTES) {
    it(`POST ${route}: ${RUNS_PER_ROUTE} generated bodies, then a valid request still succeeds`, async () => {
      const tally = new Tally();
      const created: string[] = [];
      await fc.assert(
        fc.asyncProperty(postRequest(route, ORIGINS), async (req) => {
          const answer = await send(req, tally, SUCCESS[route]);
          if (route === '/v1/batches' && answer.status === 201) created.push(String(answer.json?.id));
          expect(tally.problems).toEqual([]);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
      console.log(`fuzz ${route}\n${tally.report()}`);
      expect(tally.count((s) => s >= 500)).toBe(0);
      // Some generated bodies are valid and some are not: both paths were exercised.
      expect(tally.count((s) => s === 400)).toBeGreaterThan(RUNS_PER_ROUTE / 4);
      await settle(created);
      const valid = await send({ method: 'POST', path: route, body: JSON.stringify(VALID[route]) }, tally, SUCCESS[route]);
      expect(valid.status).toBe(SUCCESS[route][0]);
      if (route === '/v1/scrape') expect(valid.json?.status).toBe('success');
      expect(tally.problems).toEqual([]);
    }, 120_000);
  }

  it(`${ODD_RUNS} odd paths, methods and queries: never a 500, every error JSON`, async () => {
    const tally = new Tally();
    await fc.assert(
      fc.asyncProperty(oddRequest(), async (req) => {
        await send(req, tally, [200, 201]);
        expect(tally.problems).toEqual([]);
      }),
      { numRuns: ODD_RUNS, seed: SEED, endOnFailure: true },
    );
    console.log(`fuzz odd requests\n${tally.report()}`);
    expect(tally.count((s) => s >= 500)).toBe(0);
    expect(tally.count((s) => s === 404)).toBeGreaterThan(0);
    const health = await worker.fetch(new Request('http://api.test/healthz'), env, createExecutionContext());
    expect(health.status).toBe(200);
  }, 120_000);

  it('300 generated list queries on a real batch and a real crawl: 200 or a JSON 400, never a 500', async () => {
    const tally = new Tally();
    const batch = await send({ method: 'POST', path: '/v1/batches', body: JSON.stringify(VALID['/v1/batches']) }, tally, [201]);
    const crawl = await send({ method: 'POST', path: '/v1/crawls', body: JSON.stringify(VALID['/v1/crawls']) }, tally, [201]);
    const batchId = String(batch.json?.id);
    const crawlId = String(crawl.json?.id);
    await waitFor(`/v1/batches/${batchId}`, (r) => r.status === 'completed');
    for (const [id, list] of [[batchId, 'batches/%s/items'], [crawlId, 'crawls/%s/pages']] as const) {
      await fc.assert(
        fc.asyncProperty(listQuery(id), async (q) => {
          await send({ method: 'GET', path: `/v1/${list.replace('%s', id)}${q}`, body: null }, tally, [200]);
          expect(tally.problems).toEqual([]);
        }),
        { numRuns: 150, seed: SEED, endOnFailure: true },
      );
    }
    console.log(`fuzz list queries\n${tally.report(0)}`);
    expect(tally.count((s) => s >= 500)).toBe(0);
    expect(tally.count((s) => s === 200)).toBeGreaterThan(0);
    expect(tally.count((s) => s === 400)).toBeGreaterThan(0);
  }, 120_000);
});
