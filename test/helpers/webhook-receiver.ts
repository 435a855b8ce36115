// A real webhook receiver on loopback for the tests. It verifies every request with its own implementation of the
// Standard Webhooks check (node:crypto, written from the spec, not the service's signer): the signed content is
// `${webhook-id}.${webhook-timestamp}.${body}`, HMAC-SHA256 keyed by the base64 bytes after `whsec_`, and any of the
// space-separated `v1,<base64>` signatures may match; the timestamp must lie within five minutes.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const TOLERANCE_SEC = 300;

export function verifyStandardWebhook(secret: string, headers: IncomingHttpHeaders | Record<string, string>, body: string, nowSec = Math.floor(Date.now() / 1000)): boolean {
  const id = headers['webhook-id'];
  const ts = headers['webhook-timestamp'];
  const sigs = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof ts !== 'string' || typeof sigs !== 'string' || !secret.startsWith('whsec_')) return false;
  if (!/^\d+$/.test(ts) || Math.abs(nowSec - Number(ts)) > TOLERANCE_SEC) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest();
  return sigs.split(' ').some((s) => {
    const [version, b64] = s.split(',', 2);
    if (version !== 'v1' || b64 === undefined) return false;
    const got = Buffer.from(b64, 'base64');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}

export interface Received {
  webhookId: string;
  verified: boolean;
  status: number;
  body: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

export interface Receiver {
  url: string;
  /** Every request in arrival order, with the status it was answered with. */
  received: Received[];
  /** The secret to verify with (set once the destination was created). */
  secret: string | null;
  /** Answers the next `n` requests with 500, then 200 again. */
  failNext(n: number): void;
  /** Answers every request with 500 (true) or 200 (false). */
  failAll(on: boolean): void;
  /** Verified requests answered 2xx. */
  accepted(): Received[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  let failing = 0;
  let failAll = false;
  const received: Received[] = [];
  const self: Receiver = {
    url: '',
    received,
    secret: null,
    failNext: (n) => void (failing = n),
    failAll: (on) => void (failAll = on),
    accepted: () => received.filter((r) => r.verified && r.status >= 200 && r.status < 300),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const verified = self.secret !== null && verifyStandardWebhook(self.secret, req.headers, text);
      const fail = failAll || failing > 0;
      if (failing > 0) failing -= 1;
      const status = !verified ? 401 : fail ? 500 : 200;
      let body: Received['body'];
      try {
        body = JSON.parse(text) as Received['body'];
      } catch {
        body = { id: '', type: '', createdAt: '', data: {} };
      }
      received.push({ webhookId: String(req.headers['webhook-id'] ?? ''), verified, status, body });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  self.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return self;
}
