// Turning anything thrown into a short message for a result's reason or a log line.

/** The message of an Error (or the value as text); never empty. */
export function errorMessage(err: unknown, fallback = 'unknown error'): string {
  const msg = err instanceof Error ? err.message : String(err);
  return msg === '' ? fallback : msg;
}
