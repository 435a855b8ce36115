// One delivery attempt: POST the signed envelope, 2xx within ATTEMPT_TIMEOUT_MS = delivered. The fetch is injected:
// at the edge it is guarded by the capture profile's address policy (a hosted deployment refuses private targets).
import { readCapped } from '../io/read-capped.ts';
import { ATTEMPT_TIMEOUT_MS, ERROR_TEXT_MAX } from './settings.ts';
import { webhookHeaders } from './sign.ts';
import type { DeliveryAttempt } from './events.ts';

// Enough UTF-8 for ERROR_TEXT_MAX UTF-16 units whatever the characters (at most 3 bytes per unit), plus a character
// the cap may cut, so the kept text is the same as from the whole answer.
const ANSWER_READ_MAX = ERROR_TEXT_MAX * 3 + 4;

export type AttemptFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface AttemptInput {
  url: string;
  secret: string;
  webhookId: string;
  body: string;
}

export interface AttemptOutcome {
  ok: boolean;
  attempt: DeliveryAttempt;
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.name === 'TimeoutError' ? `no answer within ${ATTEMPT_TIMEOUT_MS} ms` : err.message;
  return String(err);
}

export async function attemptDelivery(input: AttemptInput, fetchFn: AttemptFetch, now: () => number = Date.now): Promise<AttemptOutcome> {
  const started = now();
  const headers = await webhookHeaders(input.secret, input.webhookId, Math.floor(started / 1000), input.body);
  const at = new Date(started).toISOString();
  try {
    const res = await fetchFn(input.url, {
      method: 'POST',
      // A redirect is not followed: the signed body goes only to the address the destination names.
      redirect: 'manual',
      headers: { 'content-type': 'application/json', 'user-agent': 'svc-capture-webhooks/1.0', ...headers },
      body: input.body,
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    // The answer is read (bounded: a receiver may answer with any amount) so the connection is released; only a
    // failure keeps a piece of it.
    const text = await readCapped(res.body, ANSWER_READ_MAX).then(({ bytes }) => new TextDecoder().decode(bytes), () => '');
    const ok = res.status >= 200 && res.status < 300;
    const error = ok ? null : `HTTP ${res.status}${text ? `: ${text.slice(0, ERROR_TEXT_MAX)}` : ''}`;
    return { ok, attempt: { at, httpStatus: res.status, error, durationMs: now() - started } };
  } catch (err) {
    return { ok: false, attempt: { at, httpStatus: null, error: describe(err).slice(0, ERROR_TEXT_MAX), durationMs: now() - started } };
  }
}
