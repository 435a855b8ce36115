// Input of the preview host (spec "Preview host"): `POST /api/preview {url, mainContent?, fields?}` and the
// capability hint's `{url}`. Anything else is `invalid_options` (HTTP 400, never counted); the URL itself is judged
// by the address policy, so that the page can say in plain words why it cannot be previewed.
import { MAX_URL_LENGTH } from '../net/url-guard.ts';
import { isObject } from '../request/body.ts';

export const MAX_FIELDS = 20;
export const MAX_FIELD_NAME_CHARS = 64;
/** Longest URL accepted: the /v1 API's (decision D200; browsers and CDNs stop near 8 KiB too). */
export const MAX_PREVIEW_URL_CHARS = MAX_URL_LENGTH;

const PREVIEW_KEYS = new Set(['url', 'mainContent', 'fields']);
const CAPABILITY_KEYS = new Set(['url']);

export type PreviewInputCode = 'invalid_json' | 'invalid_options' | 'invalid_request';

/** A request refused before anything starts; `errorBody` of src/preview/response.ts turns it into the response. */
export class PreviewInputError extends Error {
  readonly code: PreviewInputCode;
  constructor(code: PreviewInputCode, message: string) {
    super(message);
    this.name = 'PreviewInputError';
    this.code = code;
  }
}

export interface PreviewRequest {
  /** As sent (trimmed); the address policy parses and judges it. */
  url: string;
  mainContent: boolean;
  fields: string[];
}

/** Largest request body: a URL of 8,192 characters and 20 field names fit many times over. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Parses a JSON body that must be one object. */
export async function readBody(req: Request): Promise<Record<string, unknown>> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new PreviewInputError('invalid_request', `the request body is larger than ${MAX_BODY_BYTES} bytes`);
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw new PreviewInputError('invalid_request', `the request body is larger than ${MAX_BODY_BYTES} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new PreviewInputError('invalid_json', 'the request body is not valid JSON; send one JSON object');
  }
  if (!isObject(value)) throw new PreviewInputError('invalid_json', 'the request body must be one JSON object');
  return value;
}

function refuseOtherKeys(body: Record<string, unknown>, allowed: ReadonlySet<string>): void {
  const other = Object.keys(body).filter((k) => !allowed.has(k));
  if (other.length > 0) {
    const names = other.slice(0, 10).map((k) => JSON.stringify(k.slice(0, 64)));
    throw new PreviewInputError(
      'invalid_options',
      `the preview accepts only ${[...allowed].join(', ')}; not supported: ${names.join(', ')}${other.length > 10 ? ` and ${other.length - 10} more` : ''}`,
    );
  }
}

/** The url of a request: a non-empty string (whether it is a usable address is the policy's call). */
export function readUrl(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw new PreviewInputError('invalid_request', 'url is required: one http or https address');
  if (raw.length > MAX_PREVIEW_URL_CHARS) {
    throw new PreviewInputError('invalid_request', `url is ${raw.length} characters long; the limit is ${MAX_PREVIEW_URL_CHARS}`);
  }
  return raw.trim();
}

function readFields(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new PreviewInputError('invalid_options', 'fields must be a list of field names');
  if (raw.length > MAX_FIELDS) throw new PreviewInputError('invalid_options', `at most ${MAX_FIELDS} fields can be read; got ${raw.length}`);
  const out: string[] = [];
  for (const name of raw) {
    if (typeof name !== 'string' || name.trim() === '' || name.trim().length > MAX_FIELD_NAME_CHARS) {
      throw new PreviewInputError('invalid_options', `each field name must be text of 1 to ${MAX_FIELD_NAME_CHARS} characters`);
    }
    if (!out.includes(name.trim())) out.push(name.trim());
  }
  return out;
}

export function parsePreviewRequest(body: Record<string, unknown>): PreviewRequest {
  refuseOtherKeys(body, PREVIEW_KEYS);
  const fields = readFields(body.fields);
  if (body.mainContent !== undefined && typeof body.mainContent !== 'boolean') {
    throw new PreviewInputError('invalid_options', 'mainContent must be true or false');
  }
  return { url: readUrl(body.url), mainContent: body.mainContent ?? true, fields };
}

export function parseCapabilityRequest(body: Record<string, unknown>): string {
  refuseOtherKeys(body, CAPABILITY_KEYS);
  return readUrl(body.url);
}
