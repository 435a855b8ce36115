import { describe, expect, it } from 'vitest';
import { UsageError } from './cli-args.ts';
import { runCli } from './cli-main.ts';
import { parseMonitorCommand } from './cli-monitor.ts';

describe('svc monitor', () => {
  it('parses create with its options and the id actions', () => {
    expect(parseMonitorCommand(['create', 'http://a.test/', '--interval', '5', '--destination', 'dst_1', '--format', 'markdown'])).toEqual({
      action: 'create', url: 'http://a.test/', intervalMinutes: 5, destinations: ['dst_1'], formats: ['markdown'], baseUrl: undefined,
    });
    expect(parseMonitorCommand(['pause', 'monitor_x', '--base-url', 'http://127.0.0.1:1'])).toEqual({ action: 'pause', id: 'monitor_x', baseUrl: 'http://127.0.0.1:1' });
    expect(parseMonitorCommand(['list'])).toEqual({ action: 'list', baseUrl: undefined });
  });

  it('refuses incomplete or mixed command lines', () => {
    expect(() => parseMonitorCommand(['create', 'http://a.test/'])).toThrow(UsageError);
    expect(() => parseMonitorCommand(['get'])).toThrow(/missing monitor ID/);
    expect(() => parseMonitorCommand(['get', 'm', '--interval', '3'])).toThrow(/create only/);
    expect(() => parseMonitorCommand(['explode', 'm'])).toThrow(/unknown monitor action/);
  });

  it('sends the call and prints the answer; a usage error exits 2', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const calls: Array<[string, RequestInit]> = [];
    const fetchFn = async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return Response.json({ id: 'monitor_x', object: 'monitor', status: 'paused' });
    };
    const deps = { stdout: { write: (t: string) => out.push(t) }, stderr: { write: (t: string) => err.push(t) }, readText: async () => '', env: {}, fetch: fetchFn };
    expect(await runCli(['monitor', 'pause', 'monitor_x', '--base-url', 'http://127.0.0.1:9'], deps)).toBe(0);
    expect(calls[0][0]).toBe('http://127.0.0.1:9/v1/monitors/monitor_x/pause');
    expect(calls[0][1].method).toBe('POST');
    expect(JSON.parse(out.join(''))).toMatchObject({ status: 'paused' });
    expect(await runCli(['monitor', 'create', 'http://a.test/'], deps)).toBe(2);
    expect(err.join('')).toContain('--interval');
  });
});
