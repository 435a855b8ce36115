import { describe, expect, it } from 'vitest';
import { startReceiver, verifyStandardWebhook } from '../../test/helpers/webhook-receiver.ts';
import { parseDeliveryMessage, deliveryMessage, envelopeBody, newId } from './events.ts';
import { parseDeliveryQuery, parseDestinationCreate, parseDestinationIds } from './requests.ts';
import { attemptDelivery } from './send.ts';
import { backoffMs, deliverySettingsFromEnv, DEFAULT_BACKOFF_MS, DEFAULT_MAX_ATTEMPTS, ERROR_TEXT_MAX } from './settings.ts';
import { newSecret, sign, webhookHeaders } from './sign.ts';

describe('Standard Webhooks signing', () => {
  it('passes the receiver’s own check, and fails it when anything signed changes', async () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = envelopeBody({ id: newId('evt'), type: 'monitor.changed', createdAt: '2026-11-23T00:00:00.000Z', data: { a: 'é' } });
    const ts = Math.floor(Date.now() / 1000);
    const headers = { ...(await webhookHeaders(secret, 'evt_1', ts, body)) };
    expect(verifyStandardWebhook(secret, headers, body)).toBe(true);
    expect(verifyStandardWebhook(secret, headers, body.replace('é', 'e'))).toBe(false);
    expect(verifyStandardWebhook(secret, { ...headers, 'webhook-id': 'evt_2' }, body)).toBe(false);
    expect(verifyStandardWebhook(newSecret(), headers, body)).toBe(false);
    // A timestamp older than the receiver's tolerance is refused even with a correct signature.
    const old = await webhookHeaders(secret, 'evt_1', ts - 3600, body);
    expect(verifyStandardWebhook(secret, { ...old }, body)).toBe(false);
  });

  it('matches the Standard Webhooks reference vector', async () => {
    // From the standard-webhooks repository's test suite (msg_p5jXN8AQM9LWM0D4loKWxJek, 1614265330).
    const sig = await sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}');
    expect(sig).toBe('g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
});

describe('backoff and settings', () => {
  it('doubles from the base and is capped at a day', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 100))).toEqual([100, 200, 400, 800]);
    expect(backoffMs(40, 30_000)).toBe(86_400_000);
  });

  it('reads SVC_DELIVERY_* with defaults for anything unusable', () => {
    expect(deliverySettingsFromEnv({})).toEqual({ maxAttempts: DEFAULT_MAX_ATTEMPTS, backoffMs: DEFAULT_BACKOFF_MS });
    expect(deliverySettingsFromEnv({ SVC_DELIVERY_MAX_ATTEMPTS: '3', SVC_DELIVERY_BACKOFF_MS: '50' })).toEqual({ maxAttempts: 3, backoffMs: 50 });
    expect(deliverySettingsFromEnv({ SVC_DELIVERY_MAX_ATTEMPTS: '0', SVC_DELIVERY_BACKOFF_MS: '-1' })).toEqual({ maxAttempts: 8, backoffMs: 30_000 });
  });
});

describe('one attempt against a real receiver', () => {
  it('is delivered on 2xx and records status, error and duration otherwise', async () => {
    const rx = await startReceiver();
    try {
      rx.secret = newSecret();
      const input = { url: rx.url, secret: rx.secret, webhookId: 'evt_x', body: '{"id":"evt_x"}' };
      rx.failNext(1);
      const failed = await attemptDelivery(input, (u, i) => fetch(u, i));
      expect(failed.ok).toBe(false);
      expect(failed.attempt.httpStatus).toBe(500);
      expect(failed.attempt.error).toBe('HTTP 500: no');
      expect(failed.attempt.durationMs).toBeGreaterThanOrEqual(0);
      const ok = await attemptDelivery(input, (u, i) => fetch(u, i));
      expect(ok).toMatchObject({ ok: true, attempt: { httpStatus: 200, error: null } });
      expect(rx.received.map((r) => [r.webhookId, r.verified])).toEqual([['evt_x', true], ['evt_x', true]]);
      // A wrong secret: the receiver refuses (401), so the attempt fails.
      const wrong = await attemptDelivery({ ...input, secret: newSecret() }, (u, i) => fetch(u, i));
      expect(wrong.attempt.httpStatus).toBe(401);
    } finally {
      await rx.close();
    }
  });

  it('reads only the start of an endless answer and keeps the same error text as from a whole one', async () => {
    // Characters of 2, 3 and 4 UTF-8 bytes, so the read cap falls inside one of them.
    const piece = 'é€😀a';
    const chunk = new TextEncoder().encode(piece.repeat(7));
    const endless = new ReadableStream<Uint8Array>({ pull: (c) => c.enqueue(chunk) });
    const out = await attemptDelivery({ url: 'http://127.0.0.1:9/h', secret: newSecret(), webhookId: 'e', body: '{}' }, async () => new Response(endless, { status: 502 }));
    expect(out.ok).toBe(false);
    expect(out.attempt.error).toBe(`HTTP 502: ${piece.repeat(ERROR_TEXT_MAX).slice(0, ERROR_TEXT_MAX)}`);
  });

  it('reports a refused connection as an attempt without a status', async () => {
    const out = await attemptDelivery({ url: 'http://127.0.0.1:1/', secret: newSecret(), webhookId: 'e', body: '{}' }, (u, i) => fetch(u, i));
    expect(out.ok).toBe(false);
    expect(out.attempt.httpStatus).toBeNull();
    expect(out.attempt.error).toBeTruthy();
  });
});

describe('requests', () => {
  it('validates destinations', () => {
    expect(parseDestinationCreate({ url: 'http://127.0.0.1:9/h' })).toMatchObject({ url: 'http://127.0.0.1:9/h', description: null });
    expect(parseDestinationCreate({ url: 'http://a.test/', events: ['monitor.changed'] }).events).toEqual(['monitor.changed']);
    expect(() => parseDestinationCreate({ url: 'ftp://a.test/' })).toThrow(/url/);
    expect(() => parseDestinationCreate({ url: 'http://a.test/', events: ['nope'] })).toThrow(/unknown event type/);
    expect(() => parseDestinationCreate({ url: 'http://a.test/', secret: 'x' })).toThrow(/unsupported parameter: secret/);
    expect(() => parseDestinationIds(['dst_1'])).toThrow(/not a destination id/);
  });

  it('parses delivery list filters', () => {
    expect(parseDeliveryQuery({ status: 'dead_lettered', limit: '5' })).toMatchObject({ status: 'dead_lettered', limit: 5, afterSeq: 0 });
    expect(() => parseDeliveryQuery({ status: 'lost' })).toThrow(/status/);
    expect(() => parseDeliveryQuery({ page: '2' })).toThrow(/unsupported/);
  });

  it('reads only its own queue messages', () => {
    const id = newId('dlv');
    expect(parseDeliveryMessage(deliveryMessage(id))).toEqual({ v: 1, kind: 'delivery', id });
    expect(parseDeliveryMessage({ v: 2, kind: 'delivery', id })).toBeNull();
    expect(parseDeliveryMessage({ v: 1, kind: 'batch_item', id })).toBeNull();
  });
});
