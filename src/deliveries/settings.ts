// Delivery numbers (decisions D262–D264). The two operator settings are read at the edge (the delivery ledger object
// and the queue consumer) from the environment and passed down.

export const DEFAULT_MAX_ATTEMPTS = 8;
export const MAX_MAX_ATTEMPTS = 50;
export const DEFAULT_BACKOFF_MS = 30_000;
/** A wait between attempts never exceeds a day, however many attempts are allowed. */
export const MAX_BACKOFF_MS = 86_400_000;
/** A receiver answers within this or the attempt failed (issue 14: "a 2xx answer within 10 s"). */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** A claimed delivery is the consumer's for this long (one attempt plus room to record it); then it is offered again. */
export const DELIVERY_LEASE_MS = ATTEMPT_TIMEOUT_MS + 20_000;
/** Characters (UTF-16 units) of a receiver's answer kept in the attempt record's error text. */
export const ERROR_TEXT_MAX = 300;

export interface DeliverySettings {
  maxAttempts: number;
  backoffMs: number;
}

function wholeNumber(raw: unknown, min: number, max: number): number | null {
  if (typeof raw !== 'string' || !/^\d{1,12}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return n >= min && n <= max ? n : null;
}

/** SVC_DELIVERY_MAX_ATTEMPTS (1–50) and SVC_DELIVERY_BACKOFF_MS (≥ 0); anything else falls back to the default. */
export function deliverySettingsFromEnv(env: object): DeliverySettings {
  // The generated Env names only declared bindings; the settings are plain variables next to them.
  const vars = new Map<string, unknown>(Object.entries(env));
  return {
    maxAttempts: wholeNumber(vars.get('SVC_DELIVERY_MAX_ATTEMPTS'), 1, MAX_MAX_ATTEMPTS) ?? DEFAULT_MAX_ATTEMPTS,
    backoffMs: wholeNumber(vars.get('SVC_DELIVERY_BACKOFF_MS'), 0, MAX_BACKOFF_MS) ?? DEFAULT_BACKOFF_MS,
  };
}

/** The wait after failed attempt number `attempt` (1-based): backoff, 2×, 4×, … capped at a day. */
export function backoffMs(attempt: number, baseMs: number): number {
  return Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempt - 1));
}
