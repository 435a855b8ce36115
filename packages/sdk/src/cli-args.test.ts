import { describe, expect, it } from 'vitest';
import { parseCommand, parseUrlList, UsageError } from './cli-args.ts';

describe('parseCommand', () => {
  it('scrape with formats, schema and capture options', () => {
    expect(
      parseCommand(['scrape', 'https://e.example/', '--format', 'markdown', '--format', 'json', '--json-schema', 's.json', '--timeout', '9000', '--full-page']),
    ).toEqual({
      kind: 'scrape',
      url: 'https://e.example/',
      markdown: false,
      baseUrl: undefined,
      formats: ['markdown', 'json'],
      jsonSchemaFile: 's.json',
      timeout: 9000,
      maxFileBytes: undefined,
      fullPage: true,
    });
  });

  it('crawl with repeated include paths and wait options', () => {
    expect(
      parseCommand(['crawl', 'https://d.example/', '--max-pages', '300', '--include-path', '/a/*', '--include-path', '/b/*', '--wait-timeout', '60000']),
    ).toMatchObject({ kind: 'crawl', maxPages: 300, includePaths: ['/a/*', '/b/*'], waitTimeoutMs: 60000, pollIntervalMs: undefined });
  });

  it('batch and help', () => {
    expect(parseCommand(['batch', 'urls.txt'])).toMatchObject({ kind: 'batch', file: 'urls.txt', formats: null });
    expect(parseCommand(['--help'])).toEqual({ kind: 'help' });
  });

  const refused: Array<[string[], RegExp]> = [
    [[], /missing command/],
    [['scrape'], /missing URL/],
    [['fetch', 'x'], /unknown command: fetch/],
    [['scrape', 'u', 'v'], /unexpected argument: v/],
    [['scrape', 'u', '--format', 'html'], /unknown format: html/],
    [['scrape', 'u', '--format', 'json'], /--format json needs --json-schema FILE/],
    [['scrape', 'u', '--format', 'links', '--markdown'], /--markdown needs the markdown format/],
    [['scrape', 'u', '--max-pages', '3'], /--max-pages does not apply to scrape/],
    [['batch', 'f', '--markdown'], /--markdown does not apply to batch/],
    [['crawl', 'u'], /crawl needs --max-pages N/],
    [['crawl', 'u', '--max-pages', 'ten'], /--max-pages needs a whole number/],
    [['scrape', 'u', '--bogus'], /bogus/],
  ];
  for (const [argv, message] of refused) {
    it(`refuses ${argv.join(' ') || '(nothing)'}`, () => {
      expect(() => parseCommand(argv)).toThrow(UsageError);
      expect(() => parseCommand(argv)).toThrow(message);
    });
  }
});

describe('parseUrlList', () => {
  it('one URL per line; blank lines and # comments skipped; CRLF accepted', () => {
    expect(parseUrlList('# list\r\nhttps://a.example/\r\n\n  https://b.example/  \n#x\n')).toEqual([
      'https://a.example/',
      'https://b.example/',
    ]);
  });
});
