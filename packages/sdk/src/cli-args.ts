// Command-line parsing of `svc` (pure: no files are read here; the schema and URL files are named, not opened).

import { parseArgs, type ParseArgsConfig } from 'node:util';

export const USAGE = `usage:
  svc scrape URL [--format markdown|links|json]... [--json-schema FILE] [--markdown]
  svc batch FILE            (one URL per line; "-" reads stdin)
  svc crawl URL --max-pages N [--include-path P]...
  svc monitor create URL --interval MINUTES [--destination ID]... [--format markdown|links]...
  svc monitor list | get ID | pause ID | resume ID | delete ID | run ID | runs ID

capture options: --timeout MS  --max-file-bytes N  --full-page
wait options (batch, crawl): --wait-timeout MS  --poll-interval MS
connection: --base-url URL (default $SVC_BASE_URL or http://127.0.0.1:8787); token from $SVC_API_TOKEN

Results are printed as JSON on stdout (scrape --markdown prints the Markdown); batch and crawl show progress on stderr.`;

export type FormatName = 'markdown' | 'links' | 'json';

export interface CaptureArgs {
  formats: FormatName[] | null;
  jsonSchemaFile: string | null;
  timeout: number | undefined;
  maxFileBytes: number | undefined;
  fullPage: boolean;
}

export interface WaitArgs {
  waitTimeoutMs: number | undefined;
  pollIntervalMs: number | undefined;
}

export type Command =
  | { kind: 'help' }
  | ({ kind: 'scrape'; url: string; markdown: boolean; baseUrl: string | undefined } & CaptureArgs)
  | ({ kind: 'batch'; file: string; baseUrl: string | undefined } & CaptureArgs & WaitArgs)
  | ({ kind: 'crawl'; url: string; maxPages: number; includePaths: string[]; baseUrl: string | undefined } & CaptureArgs &
      WaitArgs);

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** `parseArgs` (strict, positionals allowed) whose complaints are usage errors, for every `svc` command. */
export function parseCommandArgs<T extends ParseArgsConfig['options']>(args: string[], options: T) {
  try {
    return parseArgs({ args, allowPositionals: true, strict: true, options });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

const FORMAT_NAMES: readonly string[] = ['markdown', 'links', 'json'];

export function parseCommand(argv: string[]): Command {
  const { values, positionals } = parseCommandArgs(argv, {
    help: { type: 'boolean', short: 'h' },
    format: { type: 'string', multiple: true },
    'json-schema': { type: 'string' },
    markdown: { type: 'boolean' },
    timeout: { type: 'string' },
    'max-file-bytes': { type: 'string' },
    'full-page': { type: 'boolean' },
    'wait-timeout': { type: 'string' },
    'poll-interval': { type: 'string' },
    'base-url': { type: 'string' },
    'max-pages': { type: 'string' },
    'include-path': { type: 'string', multiple: true },
  });
  if (values.help) return { kind: 'help' };
  const [name, target, ...extra] = positionals;
  if (name === undefined) throw new UsageError('missing command');
  if (extra.length > 0) throw new UsageError(`unexpected argument: ${extra[0]}`);

  const formats = values.format ?? null;
  for (const format of formats ?? []) {
    if (!FORMAT_NAMES.includes(format)) throw new UsageError(`unknown format: ${format} (markdown, links or json)`);
  }
  const capture: CaptureArgs = {
    formats: formats as FormatName[] | null,
    jsonSchemaFile: values['json-schema'] ?? null,
    timeout: optionalInt(values.timeout, '--timeout'),
    maxFileBytes: optionalInt(values['max-file-bytes'], '--max-file-bytes'),
    fullPage: values['full-page'] ?? false,
  };
  if (capture.formats?.includes('json') && capture.jsonSchemaFile === null) {
    throw new UsageError('--format json needs --json-schema FILE');
  }
  const wait: WaitArgs = {
    waitTimeoutMs: optionalInt(values['wait-timeout'], '--wait-timeout'),
    pollIntervalMs: optionalInt(values['poll-interval'], '--poll-interval'),
  };
  const baseUrl = values['base-url'];

  const only = (allowed: string[]): void => {
    const scoped = ['markdown', 'max-pages', 'include-path', 'wait-timeout', 'poll-interval'];
    for (const option of scoped) {
      if (values[option as keyof typeof values] !== undefined && !allowed.includes(option)) {
        throw new UsageError(`--${option} does not apply to ${name}`);
      }
    }
  };

  switch (name) {
    case 'scrape': {
      only(['markdown']);
      const url = required(target, 'URL');
      if (values.markdown && capture.formats !== null && !capture.formats.includes('markdown')) {
        throw new UsageError('--markdown needs the markdown format');
      }
      return { kind: 'scrape', url, markdown: values.markdown ?? false, baseUrl, ...capture };
    }
    case 'batch':
      only(['wait-timeout', 'poll-interval']);
      return { kind: 'batch', file: required(target, 'FILE'), baseUrl, ...capture, ...wait };
    case 'crawl': {
      only(['max-pages', 'include-path', 'wait-timeout', 'poll-interval']);
      const url = required(target, 'URL');
      const maxPages = optionalInt(values['max-pages'], '--max-pages');
      if (maxPages === undefined) throw new UsageError('crawl needs --max-pages N');
      return { kind: 'crawl', url, maxPages, includePaths: values['include-path'] ?? [], baseUrl, ...capture, ...wait };
    }
    default:
      throw new UsageError(`unknown command: ${name}`);
  }
}

/** URLs of a batch file: one per line; blank lines and `#` comments are skipped. */
export function parseUrlList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function required(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new UsageError(`missing ${name}`);
  return value;
}

function optionalInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} needs a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}
