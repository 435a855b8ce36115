import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { fixtureOutbound } from './test/workers/outbound.ts';

// Three projects:
//  unit    — pure modules (parsers, extractors, number reading), in Node; tests sit beside the code.
//  workers — Worker and Durable Object code inside workerd via @cloudflare/vitest-plugin.
//  e2e     — the real local service (the same launcher as `npm start`) against fixture sites on 127.0.0.1.
export default defineConfig({
  test: {
    reporters: ['default', './test/reporters/summary.ts'],
    // Two files at a time. vitest's default is one fewer than the cores, a single worker on a 2-core machine, which
    // ran all 162 files one after another (586 s); the e2e files mostly wait on their service and timers, so a second
    // file beside them costs little (453 s). Every e2e file starts its own service on free ports and a data dir of
    // its own, so two of them can overlap.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'test/unit/**/*.test.ts'],
          exclude: ['src/**/*.worker.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        plugins: [
          // The API Worker as deployed (wrangler.toml: Durable Objects, R2, Queues and their consumers); outbound
          // fetches of the Worker go to test/workers/outbound.ts, which serves fixture pages (no internet).
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: { outboundService: fixtureOutbound, bindings: { SVC_TASK_STALE_MS: '1000', SVC_DELIVERY_MAX_ATTEMPTS: '3', SVC_DELIVERY_BACKOFF_MS: '50' } },
          }),
        ],
        test: {
          name: 'workers',
          include: ['src/**/*.worker.test.ts', 'test/workers/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
