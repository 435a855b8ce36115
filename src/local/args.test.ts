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

  it('passes NO_PROXY (either case) through as NO_PROXY', () => {
    const o = parseLaunchArgs([], {});
    expect(workerVars(o, { HTTP_PROXY: 'http://p:1', no_proxy: 'localhost,127.0.0.1' })).toEqual({ HTTP_PROXY: 'http://p:1', NO_PROXY: 'localhost,127.0.0.1' });
    expect(workerVars(o, { NO_PROXY: '*' })).toEqual({ NO_PROXY: '*' });
  });

  it.each([
    [{ HTTPS_PROXY: 'socks5://p:1080' }, /HTTPS_PROXY must be an http:\/\/ proxy/],
    [{ http_proxy: 'https://p:443' }, /HTTP_PROXY must be an http:\/\/ proxy/],
    [{ HTTP_PROXY: 'http://' }, /HTTP_PROXY is not a valid proxy URL/],
  ])('refuses to start with an unusable proxy %j', (env, message) => {
    expect(() => parseLaunchArgs([], env)).toThrow(UsageError);
    expect(() => parseLaunchArgs([], env)).toThrow(message);
  });
});
