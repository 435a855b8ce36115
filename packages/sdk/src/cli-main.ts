// What `svc` does once its arguments are parsed. I/O is injected (output streams, file reading, environment) so the
// command logic has no hidden dependency on the process it runs in.

import { parseCommand, parseUrlList, USAGE, UsageError, type CaptureArgs, type Command } from './cli-args.ts';
import { SvcClient } from './client.ts';
import { parseMonitorCommand, runMonitorCommand } from './cli-monitor.ts';
import { batchProgress, crawlProgress, renderBar, type Progress } from './progress.ts';
import type { CaptureOptions, CrawlOptions, FetchLike, FormatInput } from './types.ts';

export interface CliOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface CliDeps {
  stdout: CliOutput;
  stderr: CliOutput;
  /** Reads a file as UTF-8; `-` is standard input. */
  readText: (path: string) => Promise<string>;
  env: Record<string, string | undefined>;
  fetch?: FetchLike;
}

/** Exit codes: 0 done, 1 the request or capture call failed, 2 bad command line. */
export async function runCli(argv: string[], deps: CliDeps): Promise<number> {
  if (argv[0] === 'monitor') return runMonitorCli(argv.slice(1), deps);
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    deps.stderr.write(`svc: ${err.message}\n${USAGE}\n`);
    return 2;
  }
  if (command.kind === 'help') {
    deps.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const client = new SvcClient({ baseUrl: command.baseUrl, env: deps.env, fetch: deps.fetch });
  try {
    return await execute(command, client, deps);
  } catch (err) {
    if (err instanceof UsageError) {
      deps.stderr.write(`svc: ${err.message}\n`);
      return 2;
    }
    deps.stderr.write(`svc: ${describe(err)}\n`);
    return 1;
  }
}

async function execute(command: Exclude<Command, { kind: 'help' }>, client: SvcClient, deps: CliDeps): Promise<number> {
  const options = await captureOptions(command, deps);
  switch (command.kind) {
    case 'scrape': {
      const result = await client.scrape(command.url, options);
      if (!command.markdown) {
        deps.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
        return 0;
      }
      if (typeof result.markdown !== 'string') {
        deps.stderr.write(`svc: no markdown in the result (status ${result.status}, reason ${result.reason})\n`);
        return 1;
      }
      deps.stdout.write(result.markdown.endsWith('\n') ? result.markdown : `${result.markdown}\n`);
      return 0;
    }
    case 'batch': {
      const urls = parseUrlList(await deps.readText(command.file));
      if (urls.length === 0) throw new UsageError(`no URLs in ${command.file}`);
      const bar = progressWriter(deps.stderr);
      const outcome = await client
        .batchAndWait(urls, options, {
          timeoutMs: command.waitTimeoutMs,
          pollIntervalMs: command.pollIntervalMs,
          onProgress: (batch) => bar.update(batchProgress(batch)),
        })
        .finally(() => bar.end());
      deps.stdout.write(`${JSON.stringify(outcome, null, 2)}\n`);
      return 0;
    }
    case 'crawl': {
      const bar = progressWriter(deps.stderr);
      const crawlOptions: CrawlOptions = { ...options, maxPages: command.maxPages };
      if (command.includePaths.length > 0) crawlOptions.includePaths = command.includePaths;
      const outcome = await client
        .crawlAndWait(command.url, crawlOptions, {
          timeoutMs: command.waitTimeoutMs,
          pollIntervalMs: command.pollIntervalMs,
          onProgress: (crawl) => bar.update(crawlProgress(crawl)),
        })
        .finally(() => bar.end());
      deps.stdout.write(`${JSON.stringify(outcome, null, 2)}\n`);
      return 0;
    }
  }
}

/** `svc monitor …` (cli-monitor.ts): the same exit codes. */
async function runMonitorCli(argv: string[], deps: CliDeps): Promise<number> {
  try {
    const command = parseMonitorCommand(argv);
    const client = new SvcClient({ baseUrl: command.baseUrl, env: deps.env, fetch: deps.fetch });
    deps.stdout.write(`${JSON.stringify(await runMonitorCommand(command, client), null, 2)}\n`);
    return 0;
  } catch (err) {
    deps.stderr.write(`svc: ${describe(err)}\n`);
    return err instanceof UsageError ? 2 : 1;
  }
}

/** Only the options given on the command line are sent, so the server's defaults (D4, D5, D7) apply otherwise. */
async function captureOptions(args: CaptureArgs, deps: CliDeps): Promise<CaptureOptions> {
  const options: CaptureOptions = {};
  const formats = await formatList(args, deps);
  if (formats) options.formats = formats;
  if (args.timeout !== undefined) options.timeout = args.timeout;
  if (args.maxFileBytes !== undefined) options.maxFileBytes = args.maxFileBytes;
  if (args.fullPage) options.onlyMainContent = false;
  return options;
}

async function formatList(args: CaptureArgs, deps: CliDeps): Promise<FormatInput[] | null> {
  // parseCommand refuses `--format json` without a schema file, so only markdown and links remain here.
  const plain = (names: string[]): FormatInput[] =>
    names.filter((name) => name !== 'json').map((name) => ({ type: name as 'markdown' | 'links' }));
  if (args.jsonSchemaFile === null) return args.formats && plain(args.formats);
  const text = await deps.readText(args.jsonSchemaFile);
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${args.jsonSchemaFile} is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new UsageError(`${args.jsonSchemaFile} must hold a JSON Schema object`);
  }
  // A schema file asks for the json format; without --format the default formats (D4) come along with it.
  const list = plain(args.formats ?? ['markdown', 'links']);
  list.push({ type: 'json', schema: schema as Record<string, unknown> });
  return list;
}

/** On a terminal the bar redraws in place; otherwise each change is its own line (readable in logs). */
function progressWriter(out: CliOutput): { update(progress: Progress): void; end(): void } {
  let lastText = '';
  return {
    update(progress) {
      const text = renderBar(progress);
      if (text === lastText) return;
      lastText = text;
      out.write(out.isTTY ? `\r${text}` : `${text}\n`);
    },
    end() {
      if (out.isTTY && lastText !== '') out.write('\n');
    },
  };
}

/** Node's fetch says only "fetch failed"; the reason (ECONNREFUSED, a reset, …) is in `cause`. */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}
