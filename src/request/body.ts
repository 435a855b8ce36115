import { ApiError, unsupportedParameters } from '../errors.ts';

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads a request body that must be one JSON object; anything else is `invalid_json` (spec "Errors"). */
export async function readJsonObject(req: Request): Promise<JsonObject> {
  const text = await req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('invalid_json', 'the request body is not valid JSON; send one JSON object');
  }
  if (!isObject(value)) {
    throw new ApiError('invalid_json', 'the request body must be one JSON object');
  }
  return value;
}

/** Refuses every key of `body` outside `allowed`, naming them as sent (nothing is ignored silently). */
export function refuseUnknownKeys(body: JsonObject, allowed: ReadonlySet<string>, prefix = ''): void {
  const unknown = Object.keys(body).filter((k) => !allowed.has(k));
  if (unknown.length > 0) throw unsupportedParameters(unknown.map((k) => prefix + k));
}

/** For actions that take no parameters (cancel, pause, retry …): an empty body or `{}`, anything else refused. */
export async function refuseBodyKeys(req: Request): Promise<void> {
  const text = await req.clone().text();
  if (text.trim() === '') return;
  refuseUnknownKeys(await readJsonObject(req), new Set());
}
