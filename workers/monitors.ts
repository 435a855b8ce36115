// The edge of monitors and deliveries: the HookStore the routes are given, a monitor run as a WORK unit (captured
// like a batch item), and the scheduled safety sweep of monitors and the delivery ledger.
import { ledgerStub, monitorIndexStub, monitorStub } from '../durable-objects/monitor-stubs.ts';
import { apiProfile } from '../src/profiles/profiles.ts';
import { resultKey } from '../src/files/r2-keys.ts';
import type { HookStore } from '../src/monitors/store.ts';
import { runCapture } from '../src/pipeline/run-capture.ts';
import type { WorkMessage } from '../src/tasks/messages.ts';
import { storeResult } from '../src/tasks/result-store.ts';
import { staleMsFromEnv } from '../src/tasks/settings.ts';
import { serviceEnv } from './env.ts';
import type { ConsumerContext } from './consumer.ts';

export function hookStore(env: Env): HookStore {
  return {
    monitorIndex: () => monitorIndexStub(env),
    monitor: (id) => monitorStub(env, id),
    ledger: () => ledgerStub(env),
  };
}

/** A monitor run from the WORK queue: claimed under a lease, captured with runCapture, recorded once. */
export async function captureMonitorRun(msg: WorkMessage, token: string, cx: ConsumerContext): Promise<void> {
  const stub = monitorStub(cx.env, msg.taskId);
  const claim = await stub.claim(msg.index, token);
  if (claim.kind !== 'capture') return;
  const result = await runCapture({ url: claim.url, options: claim.options, profile: apiProfile(cx.config.hosted) }, cx.deps);
  const stored = await storeResult(cx.env.FILES, resultKey(msg.taskId, msg.index, claim.attempt), result.status, result);
  const out = result.evidenceRecord.outputSha256;
  await stub.record(msg.index, stored, { markdownSha256: out.markdown, jsonSha256: out.json, json: result.json?.data ?? null });
}

/** The cron's safety sweep (D267): every monitor starts a due run and re-sends lost work; the ledger re-sends too. */
export async function sweepHooks(env: Env, now: number, lostBefore: number | null): Promise<void> {
  const req = { staleMs: staleMsFromEnv(serviceEnv(env)), now, lostBefore };
  const index = monitorIndexStub(env);
  for (const id of await index.all()) {
    try {
      if ((await monitorStub(env, id).sweep(req)) === 'unknown') await index.remove(id);
    } catch (err) {
      console.error(`sweep of monitor ${id} failed:`, err);
    }
  }
  try {
    await ledgerStub(env).sweep(req);
  } catch (err) {
    console.error('sweep of the delivery ledger failed:', err);
  }
}
