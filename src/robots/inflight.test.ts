// Concurrent checks of one origin share one robots.txt request when they share an in-flight map.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRobots } from './check.ts';
import type { RobotsInflight } from './fetch.ts';

let server: Server;
let origin: string;
let robotsHits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/robots.txt') {
      robotsHits++;
      // Answer late, so that every check starts while the first read is still under way.
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /no\n'), 50);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const deps = (inflight?: RobotsInflight) => ({
  fetch: (url: string, init: RequestInit) => fetch(url, init),
  userAgent: 'svc-capture/1.0',
  tokens: ['svc-capture'],
  timeoutMs: 5000,
  inflight,
});

describe('in-flight robots.txt reads', () => {
  it('share one request among concurrent checks of one origin', async () => {
    robotsHits = 0;
    const inflight: RobotsInflight = new Map();
    const paths = ['/a', '/b', '/no/c', '/d', '/no/e', '/f', '/g', '/h', '/i', '/j'];
    const checks = await Promise.all(paths.map((p) => checkRobots(new URL(origin + p), deps(inflight))));
    expect(robotsHits).toBe(1);
    expect(checks.map((c) => c.allowed)).toEqual([true, true, false, true, false, true, true, true, true, true]);
    expect(new Set(checks.map((c) => c.decision.robotsSha256)).size).toBe(1);
    expect(inflight.size).toBe(0);
  });

  it('each fetch on its own without the map', async () => {
    robotsHits = 0;
    await Promise.all(['/a', '/b', '/c'].map((p) => checkRobots(new URL(origin + p), deps())));
    expect(robotsHits).toBe(3);
  });
});
