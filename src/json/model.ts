// Model fallback (spec "Model fallback"): one OpenAI-compatible chat-completions request asking for strict
// structured output (`response_format: {type: "json_schema", json_schema: {strict}}`), validated locally against
// the schema as given. An answer that does not fit is sent back once with the problems; a second misfit is final.
import type { RecordChecker } from './checks.ts';
import { setOwn } from './pointer.ts';
import { shapeOf, isObj, type Obj } from './schema-nav.ts';
import { strictPlan } from './strict.ts';
import { errorMessage } from '../io/errors.ts';

export interface ModelConfig {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
}

export interface ModelAsk {
  schema: Obj;
  prompt: string | null;
  url: string;
  pageText: string;
}

export type ModelOutcome =
  | { kind: 'fit'; data: unknown; strict: boolean; strictReason: string | null }
  | { kind: 'misfit'; strict: boolean; strictReason: string | null; problems: string[] }
  | { kind: 'failed'; strict: boolean; strictReason: string | null; message: string };

/** Page text sent to the model, cut to keep the request bounded. */
export const MAX_PAGE_TEXT = 48_000;

type Message = { role: 'system' | 'user' | 'assistant'; content: string };

const SYSTEM =
  'You fill a JSON record from the text of one web page or document. Use only facts the text states. ' +
  'Where the text does not give a value, answer null. Answer with the JSON record only.';

export async function askModel(cfg: ModelConfig, ask: ModelAsk, checker: RecordChecker, fetchFn: (url: string, init: RequestInit) => Promise<Response>): Promise<ModelOutcome> {
  const plan = strictPlan(ask.schema);
  const usage = { strict: plan.strict, strictReason: plan.reason };
  const text = ask.pageText.length > MAX_PAGE_TEXT ? ask.pageText.slice(0, MAX_PAGE_TEXT) : ask.pageText;
  const messages: Message[] = [{ role: 'system', content: SYSTEM }];
  // The caller's prompt only instructs the model (spec "Format request object").
  if (ask.prompt) messages.push({ role: 'system', content: `Instructions from the requester: ${ask.prompt}` });
  messages.push({ role: 'user', content: `URL: ${ask.url}\n\nPage text:\n${text}` });

  let problems: string[] = [];
  for (let attempt = 0; attempt < 2; attempt++) {
    let content: string;
    try {
      content = await complete(cfg, messages, plan.schema, plan.strict, fetchFn);
    } catch (err) {
      return { kind: 'failed', ...usage, message: errorMessage(err) };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
      problems = [];
    } catch {
      problems = ['the answer is not JSON'];
    }
    if (problems.length === 0) {
      const data = dropStrictNulls(ask.schema, ask.schema, parsed);
      problems = checker.check(data).map((f) => `${f.pointer || '/'}: ${f.message}`);
      if (problems.length === 0) return { kind: 'fit', data, ...usage };
    }
    messages.push({ role: 'assistant', content });
    messages.push({ role: 'user', content: `The answer does not fit the schema: ${problems.slice(0, 20).join('; ')}. Answer again.` });
  }
  return { kind: 'misfit', ...usage, problems };
}

async function complete(cfg: ModelConfig, messages: Message[], schema: Obj, strict: boolean, fetchFn: (url: string, init: RequestInit) => Promise<Response>): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`model answer took longer than ${cfg.timeoutMs} ms`)), cfg.timeoutMs);
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (cfg.apiKey) headers.authorization = `Bearer ${cfg.apiKey}`;
    const res = await fetchFn(`${cfg.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers,
      signal: controller.signal,
      body: JSON.stringify({
        model: cfg.model,
        messages,
        temperature: 0,
        response_format: { type: 'json_schema', json_schema: { name: 'extraction', strict, schema } },
      }),
    });
    const body = await res.text();
    if (!res.ok) throw new Error(`model endpoint answered ${res.status}: ${body.slice(0, 200)}`);
    const parsed: unknown = JSON.parse(body);
    const choice = isObj(parsed) && Array.isArray(parsed.choices) ? parsed.choices[0] : undefined;
    const message = isObj(choice) && isObj(choice.message) ? choice.message : undefined;
    if (message && typeof message.content === 'string') return message.content;
    if (message && typeof message.refusal === 'string') return JSON.stringify({ refusal: message.refusal });
    throw new Error('model endpoint answered without a message');
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Strict mode spells "absent" as `null` for optional properties; where the schema as given does not accept `null`
 * the member is removed again before validation.
 */
export function dropStrictNulls(root: Obj, node: unknown, value: unknown, depth = 0): unknown {
  if (depth > 16) return value;
  const shape = shapeOf(root, node);
  if (shape.kind === 'object' && isObj(value)) {
    const out: Obj = {};
    const props = new Map(shape.properties);
    for (const [k, v] of Object.entries(value)) {
      const sub = props.get(k);
      if (sub === undefined) {
        setOwn(out, k, v);
        continue;
      }
      const subShape = shapeOf(root, sub);
      if (v === null && !shape.required.has(k) && !(subShape.kind !== 'never' && subShape.nullable)) continue;
      setOwn(out, k, dropStrictNulls(root, sub, v, depth + 1));
    }
    return out;
  }
  if (shape.kind === 'array' && Array.isArray(value)) return value.map((v) => dropStrictNulls(root, shape.items, v, depth + 1));
  return value;
}
