// Bearer-token authentication (spec "Authentication"). Tokens are compared as fixed-length SHA-256 digests in constant
// time, so neither the length nor a prefix of a token leaks through timing.
import type { MiddlewareHandler } from 'hono';
import { unauthorized } from '../errors.ts';
import type { AppEnv } from './context.ts';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

async function digest(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
}

function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** True when `token` is one of the tokens whose digests are given. Every digest is compared (no early exit). */
export async function tokenMatches(token: string, digests: string[]): Promise<boolean> {
  const presented = new Uint8Array(await digest(token));
  let ok = false;
  for (const d of digests) {
    // Both sides are 32-byte SHA-256 digests, which timingSafeEqual requires (equal lengths).
    if (crypto.subtle.timingSafeEqual(presented, hexToBytes(d))) ok = true;
  }
  return ok;
}

/** Rejects with 401 `unauthorized` unless the server runs without tokens (decision D1) or a valid token is sent. */
export function requireToken(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const digests = c.var.config.tokenDigests;
    if (digests.length > 0) {
      const m = BEARER.exec(c.req.header('authorization') ?? '');
      if (!m || !(await tokenMatches(m[1], digests))) throw unauthorized();
    }
    await next();
  };
}
