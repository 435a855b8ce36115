// Intake of a `{type: "json", schema, prompt?, modelFallback?}` format (spec "Format request object", "JSON
// extraction", "Limits"). Refusals are ApiErrors: malformed or over-limit input is `invalid_request`; what the
// service does not support is `unsupported_parameter` with the exact path in `details.parameters`.
import type { FormatRequest } from '../capture/types.ts';
import { ApiError, invalidRequest, unsupportedParameters } from '../errors.ts';
import { compilePattern } from './patterns.ts';
import { deref, isObj } from './schema-nav.ts';
import { walkSchema } from './vocabulary.ts';
import { utf8Length } from '../io/text.ts';

export const MAX_SCHEMA_BYTES = 64 * 1024;
export const MAX_SCHEMA_DEPTH = 8;
export const MAX_SCHEMA_PROPERTIES = 100;

const FORMAT_KEYS = new Set(['type', 'schema', 'prompt', 'modelFallback']);
/** Longest `prompt` taken (decision D67): it goes to the model with every request of a batch. */
export const MAX_PROMPT_LENGTH = 10_000;

export type JsonFormat = Extract<FormatRequest, { type: 'json' }>;

export function parseJsonFormat(
  raw: Record<string, unknown>,
  index: number,
  opts: { modelConfigured: boolean },
): JsonFormat {
  const at = `formats[${index}]`;
  const unknownKeys = Object.keys(raw).filter((k) => !FORMAT_KEYS.has(k));
  if (unknownKeys.length > 0) throw unsupportedParameters(unknownKeys.map((k) => `${at}.${k}`));
  if (raw.type !== 'json') throw invalidRequest(`${at}.type: expected "json"`);

  // The service never extracts JSON from a prompt alone (spec "Format request object").
  if (raw.schema === undefined || raw.schema === null) throw invalidRequest(`${at}.schema is required for a json format`);
  if (!isObj(raw.schema)) throw invalidRequest(`${at}.schema must be a JSON Schema object`);
  const schema = raw.schema;

  let prompt: string | null = null;
  if (raw.prompt !== undefined && raw.prompt !== null) {
    if (typeof raw.prompt !== 'string') throw invalidRequest(`${at}.prompt must be a string`);
    if (raw.prompt.length > MAX_PROMPT_LENGTH) throw invalidRequest(`${at}.prompt is at most ${MAX_PROMPT_LENGTH} characters`);
    prompt = raw.prompt;
  }
  let modelFallback = false;
  if (raw.modelFallback !== undefined) {
    if (typeof raw.modelFallback !== 'boolean') throw invalidRequest(`${at}.modelFallback must be a boolean`);
    modelFallback = raw.modelFallback;
  }

  const bytes = utf8Length(JSON.stringify(schema));
  if (bytes > MAX_SCHEMA_BYTES) throw invalidRequest(`${at}.schema is ${bytes} bytes; the limit is ${MAX_SCHEMA_BYTES}`);

  const base = `${at}.schema`;
  const walk = walkSchema(schema, base);
  if (walk.depth > MAX_SCHEMA_DEPTH) {
    throw invalidRequest(`${base} is ${walk.depth} levels deep; the limit is ${MAX_SCHEMA_DEPTH}`);
  }
  if (walk.propertyCount > MAX_SCHEMA_PROPERTIES) {
    throw invalidRequest(`${base} has ${walk.propertyCount} properties; the limit is ${MAX_SCHEMA_PROPERTIES}`);
  }
  if (walk.unsupported.length > 0) {
    const paths = [...new Set(walk.unsupported)];
    throw unsupportedParameters(paths, `schema keyword${paths.length === 1 ? '' : 's'} outside the supported subset: ${paths.join(', ')}`);
  }
  if (walk.malformed.length > 0) throw invalidRequest(`malformed schema: ${walk.malformed.join('; ')}`);
  for (const { ref, path } of walk.refs) {
    if (deref(schema, { $ref: ref }) === null) throw invalidRequest(`${path}: "${ref}" does not resolve to a schema`);
  }
  for (const { pattern, path } of walk.patterns) compilePattern(pattern, path);

  // A value the service cannot honour is `unsupported_parameter` (spec "Errors"); docs/decisions.md records why this
  // is not `invalid_request`.
  if (modelFallback && !opts.modelConfigured) {
    throw new ApiError(
      'unsupported_parameter',
      `${at}.modelFallback: no extraction model is configured on this server (SVC_EXTRACT_BASE_URL, SVC_EXTRACT_MODEL)`,
      { parameters: [`${at}.modelFallback`] },
    );
  }
  return { type: 'json', schema, prompt, modelFallback };
}
