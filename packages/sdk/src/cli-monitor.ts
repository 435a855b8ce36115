// `svc monitor …`: the monitor calls of the SDK on the command line. Every answer is printed as JSON on stdout.
import { UsageError, parseCommandArgs } from './cli-args.ts';
import type { SvcClient } from './client.ts';

export type MonitorCommand =
  | { action: 'create'; url: string; intervalMinutes: number; destinations: string[]; formats: Array<'markdown' | 'links'> | null; baseUrl: string | undefined }
  | { action: 'list'; baseUrl: string | undefined }
  | { action: 'get' | 'pause' | 'resume' | 'delete' | 'run' | 'runs'; id: string; baseUrl: string | undefined };

const ID_ACTIONS = ['get', 'pause', 'resume', 'delete', 'run', 'runs'] as const;

/** `argv` after the word `monitor`. */
export function parseMonitorCommand(argv: string[]): MonitorCommand {
  const { values, positionals } = parseCommandArgs(argv, {
    interval: { type: 'string' },
    destination: { type: 'string', multiple: true },
    format: { type: 'string', multiple: true },
    'base-url': { type: 'string' },
  });
  const [action, target, ...extra] = positionals;
  const baseUrl = values['base-url'];
  if (extra.length > 0) throw new UsageError(`unexpected argument: ${extra[0]}`);
  if (action !== 'create' && (values.interval !== undefined || values.destination !== undefined || values.format !== undefined)) {
    throw new UsageError(`--interval, --destination and --format apply to monitor create only`);
  }
  if (action === 'create') {
    if (!target) throw new UsageError('missing URL');
    if (values.interval === undefined || !/^\d+$/.test(values.interval)) throw new UsageError('monitor create needs --interval MINUTES (a whole number)');
    const formats = values.format ?? null;
    for (const f of formats ?? []) if (f !== 'markdown' && f !== 'links') throw new UsageError(`unknown format: ${f} (markdown or links)`);
    return { action, url: target, intervalMinutes: Number(values.interval), destinations: values.destination ?? [], formats: formats as Array<'markdown' | 'links'> | null, baseUrl };
  }
  if (action === 'list') {
    if (target !== undefined) throw new UsageError(`unexpected argument: ${target}`);
    return { action, baseUrl };
  }
  if ((ID_ACTIONS as readonly string[]).includes(action ?? '')) {
    if (!target) throw new UsageError('missing monitor ID');
    return { action: action as (typeof ID_ACTIONS)[number], id: target, baseUrl };
  }
  throw new UsageError(action === undefined ? 'missing monitor action' : `unknown monitor action: ${action}`);
}

export async function runMonitorCommand(cmd: MonitorCommand, client: SvcClient): Promise<unknown> {
  switch (cmd.action) {
    case 'create':
      return client.createMonitor(cmd.url, {
        intervalMinutes: cmd.intervalMinutes,
        ...(cmd.destinations.length > 0 && { destinations: cmd.destinations }),
        ...(cmd.formats && { formats: cmd.formats }),
      });
    case 'list':
      return client.listMonitors({ limit: 100 });
    case 'get':
      return client.getMonitor(cmd.id);
    case 'pause':
      return client.pauseMonitor(cmd.id);
    case 'resume':
      return client.resumeMonitor(cmd.id);
    case 'delete':
      return client.deleteMonitor(cmd.id);
    case 'run':
      return client.runMonitor(cmd.id);
    case 'runs':
      return client.listMonitorRuns(cmd.id, { limit: 100 });
  }
}
