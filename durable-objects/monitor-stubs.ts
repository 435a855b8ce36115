// Stubs of the monitor and delivery objects, typed by the generated `Env` (worker-configuration.d.ts).

/** Names of the singleton instances. */
export const MONITOR_INDEX_NAME = 'monitors';
export const LEDGER_NAME = 'deliveries';

export const monitorStub = (env: Env, id: string) => env.MONITORS.get(env.MONITORS.idFromName(id));
export const monitorIndexStub = (env: Env) => env.MONITOR_INDEX.get(env.MONITOR_INDEX.idFromName(MONITOR_INDEX_NAME));
export const ledgerStub = (env: Env) => env.DELIVERY_LEDGER.get(env.DELIVERY_LEDGER.idFromName(LEDGER_NAME));
