import { describe, expect, it } from 'vitest';
import { parseLaunchArgs, UsageError, workerVars } from './args.ts';

describe('parseLaunchArgs', () => {
  it('has the documented defaults', () => {
    expect(parseLaunchArgs([], {})).toEqual({ port: 8787, previewPort: 8788, dataDir: './.svc-data', tokens: [], hosted: false });
  });

  it.each([
    [['--port', '9000'], { port: 9000 }],
    [['--port=9001'], { port: 9001 }],
    [['--preview-port', '9002'], { previewPort: 9002 }],
    [['--data-dir', '/tmp/x'], { dataDir: '/tmp/x' }],
    [['--token', 'a', '--token', 'b'], { tokens: ['a', 'b'] }],
    [['--token', 'a', '--hosted'], { tokens: ['a'], hosted: true }],
  ])('parses %j', (argv, expected) => {
    expect(parseLaunchArgs(argv, {})).toMatchObject(expected);
  });

  it('merges tokens from --token, SVC_API_TOKEN and SVC_API_TOKENS without duplicates', () => {
    const o = parseLaunchArgs(['--token', 'a'], { SVC_API_TOKEN: 'b', SVC_API_TOKENS: 'c, a ,d' });
    expect(o.tokens).toEqual(['a', 'b', 'c', 'd']);
  });

  it.each([
    [['--hosted'], /--hosted requires at least one API token/],
    [['--port'], /needs a value/],
    [['--port', 'x'], /port number/],
    [['--port', '70000'], /port number/],
    [['--port', '5', '--preview-port', '5'], /must differ/],
    [['--bogus'], /unknown flag --bogus/],
    [['--token', 'a,b'], /comma/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseLaunchArgs(argv, {})).toThrow(UsageError);
    expect(() => parseLaunchArgs(argv, {})).toThrow(message);
  });
});

describe('workerVars', () => {
  it('passes SVC_* and proxy settings through and folds tokens into SVC_API_TOKENS', () => {
    const o = parseLaunchArgs(['--token', 't1', '--hosted'], { SVC_API_TOKEN: 't2' });
    const vars = workerVars(o, { SVC_API_TOKEN: 't2', SVC_CONTACT: 'ops@example.org', HTTPS_PROXY: 'http://p:3128', PATH: '/bin', SVC_EMPTY: '' });
    expect(vars).toEqual({ SVC_API_TOKENS: 't1,t2', SVC_CONTACT: 'ops@example.org', HTTPS_PROXY: 'http://p:3128', SVC_HOSTED: '1' });
  });
});
