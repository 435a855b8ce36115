// Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of its key bytes;
// each attempt signs `${webhookId}.${timestamp}.${body}` with HMAC-SHA256 and sends `webhook-signature: v1,<base64>`.
// WebCrypto only, so the same code runs in workerd and Node.
import { fromBase64, toBase64 } from '../io/text.ts';

export const SECRET_PREFIX = 'whsec_';
/** Key bytes of a new secret (the spec allows 24–64). */
const SECRET_BYTES = 32;

export function newSecret(): string {
  return SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
}

/** The base64 signature of one attempt (without the `v1,` prefix). */
export async function sign(secret: string, webhookId: string, timestampSec: number, body: string): Promise<string> {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('a webhook secret starts with whsec_');
  const key = await crypto.subtle.importKey('raw', fromBase64(secret.slice(SECRET_PREFIX.length)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${webhookId}.${timestampSec}.${body}`));
  return toBase64(new Uint8Array(mac));
}

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export async function webhookHeaders(secret: string, webhookId: string, timestampSec: number, body: string): Promise<WebhookHeaders> {
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestampSec),
    'webhook-signature': `v1,${await sign(secret, webhookId, timestampSec, body)}`,
  };
}
