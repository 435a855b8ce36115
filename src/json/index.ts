// JSON extraction (spec "JSON extraction"; evidence record `fieldEvidence`, `outputSha256.json`). The record is filled
// from the page first; checks drop page values that break the schema; the model fallback, when asked for and
// configured, fills only what remains; the status says how far the record can be trusted.
import canonicalize from 'canonicalize';
import type { CaptureStatus, DocumentInfo, FieldEvidence, FormatRequest, JsonIssue, JsonResult, JsonStatus } from '../capture/types.ts';
import { type ParsedPage, parsePage } from '../extract/page.ts';
import { sha256Text } from '../files/sha256.ts';
import { RecordChecker } from './checks.ts';
import { fillFromPage, type Evidence, type FieldInfo, type PageFill } from './fill.ts';
import { askModel, type ModelConfig } from './model.ts';
import { getAt, isWithin, removeAt, setAt } from './pointer.ts';
import type { Provider } from './sources/candidate.ts';
import { fetchProvider, inferredProvider } from './sources/context.ts';
import { domProvider } from './sources/dom.ts';
import { hydrationProvider } from './sources/hydration.ts';
import { jsonLdProvider } from './sources/jsonld.ts';
import { metaProvider } from './sources/meta.ts';
import { microdataProvider } from './sources/microdata.ts';
import { pdfProvider } from './sources/pdf.ts';
import { textProvider } from './sources/text.ts';
import { isWithheld, siteIssues, withSiteValues, type SiteValues } from './site-values.ts';

export type { ModelConfig } from './model.ts';
export { parseJsonFormat } from './intake.ts';

export interface JsonFillInput {
  /**
   * The page as parsed once for the capture (parsePage, with `labelRows: true`, before extractPage): its scan,
   * structured data, scripts and label rows are read; it is never parsed again. Null for files.
   */
  page?: ParsedPage | null;
  /** Page HTML for callers without a parsed page (tests, tools): parsed here. Ignored when `page` is given. */
  html?: string | null;
  pdfMarkdown: string | null;
  textMarkdown: string | null;
  requestedUrl: string;
  finalUrl: string | null;
  document: DocumentInfo;
  pageStatus: CaptureStatus;
  format: Extract<FormatRequest, { type: 'json' }>;
  model: ModelConfig | null;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Values a site adapter verified, and the fields it withheld (site-values.ts). */
  site?: SiteValues | null;
}

export interface JsonFillOutput {
  json: JsonResult;
  fieldEvidence: Record<string, FieldEvidence>;
  outputSha256: string;
}

/** Page sources in the order of trust (spec "JSON extraction"; docs/decisions.md for where `pdf` sits). */
export function pageProviders(
  input: Pick<JsonFillInput, 'page' | 'html' | 'pdfMarkdown' | 'textMarkdown' | 'requestedUrl' | 'finalUrl' | 'document'>,
): Provider[] {
  const list: Provider[] = [];
  const page = input.page ?? (typeof input.html === 'string' ? parsePage(input.html, { url: input.finalUrl ?? input.requestedUrl, labelRows: true }) : null);
  if (page !== null) {
    const { scan, structured } = page;
    list.push(
      jsonLdProvider(structured.jsonLd),
      microdataProvider(structured.microdata),
      metaProvider(scan.metas),
      hydrationProvider(page.scripts),
      domProvider(page.labelRows(), scan.firstH1, scan.title),
    );
  }
  if (input.pdfMarkdown !== null) list.push(pdfProvider(input.pdfMarkdown));
  list.push(fetchProvider(input.finalUrl, input.requestedUrl), inferredProvider(input.document));
  if (input.textMarkdown !== null) list.push(textProvider(input.textMarkdown));
  return list;
}

export async function fillJson(input: JsonFillInput): Promise<JsonFillOutput> {
  const schema = input.format.schema;
  const checker = new RecordChecker(schema);
  const page = fillFromPage(schema, withSiteValues(pageProviders(input), input.site));
  // A field the adapter withheld is filled by no one, the model included.
  page.gaps = page.gaps.filter((f) => !isWithheld(input.site, f));
  const issues: JsonIssue[] = [];
  if (input.pageStatus === 'partial') issues.push({ code: 'page_partial', path: null, message: 'the page was captured only in part' });
  else if (input.pageStatus !== 'success') {
    issues.push({ code: 'page_unsuccessful', path: null, message: `the page capture ended with status ${input.pageStatus}` });
  }
  issues.push(...page.issues);
  const broken = dropBroken(page, checker, issues, 'page');

  let modelUsage: JsonResult['modelUsage'];
  let invalid = false;
  if (input.format.modelFallback && input.model !== null && page.gaps.length > 0) {
    const outcome = await askModel(
      input.model,
      { schema, prompt: input.format.prompt, url: input.finalUrl ?? input.requestedUrl, pageText: input.textMarkdown ?? input.pdfMarkdown ?? '' },
      checker,
      input.fetch,
    );
    modelUsage = { strict: outcome.strict, strictReason: outcome.strictReason };
    if (outcome.kind === 'fit') {
      const filled = mergeModel(page, outcome.data);
      // A field the model filled is no longer missing; issues that quote the page stay as the reason it was asked.
      for (let i = issues.length - 1; i >= 0; i--) {
        const it = issues[i];
        if (it.path !== null && filled.has(it.path) && it.quote === undefined) issues.splice(i, 1);
      }
      dropBroken(page, checker, issues, 'model');
    } else if (outcome.kind === 'misfit') {
      invalid = true;
      issues.push({ code: 'model_invalid', path: null, message: `the model's answer did not fit the schema twice: ${outcome.problems.slice(0, 5).join('; ')}` });
    } else {
      issues.push({ code: 'model_failed', path: null, message: `the model fallback failed: ${outcome.message}` });
    }
  }

  const sourced = (f: FieldInfo): boolean => Object.keys(page.evidence).some((p) => isWithin(p, f.pointer));
  siteIssues(input.site, page.fields, sourced, issues);
  let status: JsonStatus = 'complete';
  if (invalid) status = 'invalid';
  else if (input.pageStatus !== 'success' || page.fields.some((f) => f.required && !sourced(f)) || broken.some((f) => !sourced(f))) {
    status = 'incomplete';
  }

  const data = page.data;
  const fieldEvidence: Record<string, FieldEvidence> = {};
  for (const [p, ev] of Object.entries(page.evidence)) fieldEvidence[p] = { source: ev.source, locator: ev.locator };
  const json: JsonResult = { data, status, issues, evidence: page.evidence };
  if (modelUsage) json.modelUsage = modelUsage;
  return { json, fieldEvidence, outputSha256: await sha256Text(canonicalize(data) ?? 'null') };
}

/**
 * Validates the record and removes every value (of the given origin) that breaks a check: left out, or `null` when
 * nullable, with a `field_unavailable` issue quoting it (spec vocabulary table). Returns the fields dropped.
 */
function dropBroken(page: PageFill, checker: RecordChecker, issues: JsonIssue[], origin: 'page' | 'model'): FieldInfo[] {
  const dropped: FieldInfo[] = [];
  for (let round = 0; round < 10; round++) {
    const byField = new Map<string, string>();
    for (const f of checker.check(page.data)) {
      if (f.keyword === 'required') continue;
      const owner = Object.keys(page.evidence).find((p) => isWithin(f.pointer, p));
      if (owner === undefined || byField.has(owner)) continue;
      if ((page.evidence[owner].source === 'model') !== (origin === 'model')) continue;
      byField.set(owner, `${f.keyword}: ${f.message}`);
    }
    if (byField.size === 0) break;
    for (const [pointer, why] of byField) {
      const field = page.fields.find((f) => f.pointer === pointer) ?? { pointer, nullable: false, required: false };
      const value = pointer === '' ? page.data : getAt(page.data, pointer);
      const quote = typeof value === 'string' ? value : JSON.stringify(value);
      issues.push({
        code: 'field_unavailable',
        path: pointer,
        message: `the ${origin} value breaks the schema (${why})`,
        quote: quote.length > 200 ? `${quote.slice(0, 200)}…` : quote,
      });
      delete page.evidence[pointer];
      if (pointer === '') page.data = null;
      else if (field.nullable) setAt(page.data as Record<string, unknown>, pointer, null);
      else removeAt(page.data, pointer);
      dropped.push(field);
      if (!page.gaps.some((g) => g.pointer === pointer)) page.gaps.push(field);
    }
  }
  return dropped;
}

/** Copies the model's values into the fields the page left empty; everything else keeps the page's value. */
function mergeModel(page: PageFill, answer: unknown): Set<string> {
  const filled = new Set<string>();
  for (const gap of page.gaps) {
    if (Object.keys(page.evidence).some((p) => isWithin(p, gap.pointer))) continue;
    const value = gap.pointer === '' ? answer : getAt(answer, gap.pointer);
    if (value === undefined || value === null) continue;
    if (gap.pointer === '') page.data = structuredClone(value);
    else {
      if (page.data === null || typeof page.data !== 'object') page.data = {};
      setAt(page.data as Record<string, unknown>, gap.pointer, structuredClone(value));
    }
    page.evidence[gap.pointer] = { source: 'model', locator: null } satisfies Evidence;
    filled.add(gap.pointer);
  }
  return filled;
}

