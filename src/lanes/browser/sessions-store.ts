// Stored browser sessions (POST /v1/sessions): one R2 object per session under `sessions/`, its browser state
// encrypted at rest with AES-256-GCM under a key derived (HKDF-SHA-256) from the operator's SVC_SESSION_KEY; the id is
// the additional data, so a ciphertext cannot be moved to another id. Name, origins and creation time sit in the
// object's metadata so that listing never decrypts (and never shows) a value (decision D246).
import type { BrowserState } from './state.ts';
import { fromBase64, toBase64 } from '../../io/text.ts';

export const SESSIONS_PREFIX = 'sessions/';
const HKDF_INFO = 'svc-capture browser sessions v1';

/** The part of an R2 bucket the store uses (the FILES binding satisfies it). */
export interface SessionBucket {
  get(key: string): Promise<{ text(): Promise<string>; customMetadata?: Record<string, string> } | null>;
  head(key: string): Promise<object | null>;
  put(key: string, value: string, options: { customMetadata: Record<string, string> }): Promise<unknown>;
  delete(key: string): Promise<void>;
  list(options: { prefix: string; cursor?: string; include?: 'customMetadata'[] }): Promise<{
    objects: { key: string; customMetadata?: Record<string, string> }[];
    truncated: boolean;
    cursor?: string;
  }>;
}

export interface SessionSummary {
  id: string;
  name: string;
  origins: string[];
  createdAt: string;
}

async function sessionKey(secret: string): Promise<CryptoKey> {
  const raw = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new TextEncoder().encode(SESSIONS_PREFIX), info: new TextEncoder().encode(HKDF_INFO) },
    raw,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export function newSessionId(): string {
  return `ses_${crypto.randomUUID().replace(/-/g, '')}`;
}

function summaryOf(id: string, meta: Record<string, string> | undefined): SessionSummary {
  return {
    id,
    name: meta?.name ?? '',
    origins: JSON.parse(meta?.origins ?? '[]') as string[],
    createdAt: meta?.createdAt ?? '',
  };
}

export class SessionStore {
  private readonly bucket: SessionBucket;
  private readonly key: Promise<CryptoKey>;

  constructor(bucket: SessionBucket, secret: string) {
    this.bucket = bucket;
    this.key = sessionKey(secret);
  }

  async create(name: string, origins: string[], state: BrowserState, now: Date): Promise<SessionSummary> {
    const id = newSessionId();
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const plain = new TextEncoder().encode(JSON.stringify(state));
    const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(id) }, await this.key, plain));
    const summary: SessionSummary = { id, name, origins, createdAt: now.toISOString() };
    const customMetadata = { name, origins: JSON.stringify(origins), createdAt: summary.createdAt };
    await this.bucket.put(`${SESSIONS_PREFIX}${id}`, JSON.stringify({ v: 1, iv: toBase64(iv), data: toBase64(sealed) }), { customMetadata });
    return summary;
  }

  /** The decrypted state, or null when there is no such session (or it was sealed under another key). */
  async state(id: string): Promise<BrowserState | null> {
    if (!/^ses_[0-9a-f]{32}$/.test(id)) return null;
    const obj = await this.bucket.get(`${SESSIONS_PREFIX}${id}`);
    if (!obj) return null;
    try {
      const sealed = JSON.parse(await obj.text()) as { iv: string; data: string };
      const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: new TextEncoder().encode(id) }, await this.key, fromBase64(sealed.data));
      return JSON.parse(new TextDecoder().decode(plain)) as BrowserState;
    } catch {
      return null;
    }
  }

  async list(): Promise<SessionSummary[]> {
    const out: SessionSummary[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.bucket.list({ prefix: SESSIONS_PREFIX, cursor, include: ['customMetadata'] });
      for (const o of page.objects) out.push(summaryOf(o.key.slice(SESSIONS_PREFIX.length), o.customMetadata));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  /** Deletes a session; false when there was none. */
  async delete(id: string): Promise<boolean> {
    if (!/^ses_[0-9a-f]{32}$/.test(id)) return false;
    const key = `${SESSIONS_PREFIX}${id}`;
    if (!(await this.bucket.head(key))) return false;
    await this.bucket.delete(key);
    return true;
  }
}
