import { describe, expect, it } from 'vitest';
import { nextStartAfter, planDispatch, waitBeforeRequest, type HostGate } from './politeness.ts';
import { HOST_CONCURRENCY } from './settings.ts';

const NOW = 1_000_000;
const gate = (crawlDelayMs: number | null, inflight: number, nextAt = 0): HostGate => ({ crawlDelayMs, inflight, nextAt });

describe('planDispatch', () => {
  it.each([
    ['nothing waiting', gate(0, 0), 0, { count: 0, delayMs: 0 }],
    ['delay unknown, idle: one page', gate(null, 0), 10, { count: 1, delayMs: 0 }],
    ['delay unknown, one in flight: none', gate(null, 1), 10, { count: 0, delayMs: 0 }],
    ['no delay: up to the host bound', gate(0, 0), 10, { count: HOST_CONCURRENCY, delayMs: 0 }],
    ['no delay: fills the free slots', gate(0, HOST_CONCURRENCY - 1), 10, { count: 1, delayMs: 0 }],
    ['no delay: bound reached', gate(0, HOST_CONCURRENCY), 10, { count: 0, delayMs: 0 }],
    ['no delay: fewer waiting than slots', gate(0, 0), 2, { count: 2, delayMs: 0 }],
    ['delay: idle, slot free now', gate(1000, 0, NOW - 5), 10, { count: 1, delayMs: 0 }],
    ['delay: idle, slot later', gate(1000, 0, NOW + 700), 10, { count: 1, delayMs: 700 }],
    ['delay: one in flight', gate(1000, 1, NOW + 700), 10, { count: 0, delayMs: 0 }],
  ])('%s', (_name, g, waiting, want) => expect(planDispatch(g, waiting, NOW)).toEqual(want));
});

describe('waitBeforeRequest', () => {
  it.each([
    [gate(null, 1, NOW + 500), 0],
    [gate(0, 1, NOW + 500), 0],
    [gate(1000, 1, NOW + 500), 500],
    [gate(1000, 1, NOW - 1), 0],
  ])('%#', (g, want) => expect(waitBeforeRequest(g, NOW)).toBe(want));
});

describe('nextStartAfter', () => {
  it.each([
    ['no delay', gate(0, 0, 0), true, 0],
    ['unknown delay', gate(null, 0, 0), true, 0],
    ['delay after a request', gate(1500, 0, 0), true, NOW + 1500],
    ['no request sent (robots refused)', gate(1500, 0, 42), false, 42],
    ['never earlier than already set', gate(1000, 0, NOW + 5000), true, NOW + 5000],
  ])('%s', (_name, g, requested, want) => expect(nextStartAfter(g, NOW, requested)).toBe(want));
});
