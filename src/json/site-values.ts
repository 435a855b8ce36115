// Values a site adapter verified (src/adapters) as the JSON filler's most trusted page source, and the fields it
// withheld because their check failed: a withheld field is filled from no other source (not the page's other
// sources, not the model), so a price is never substituted from a recommendation (decision D169).
import type { JsonIssue } from '../capture/types.ts';
import type { FieldInfo } from './fill.ts';
import { normKey } from './match-names.ts';
import { unescapeToken } from './pointer.ts';
import { listProvider, type Candidate, type Provider } from './sources/candidate.ts';

export interface SiteValues {
  candidates: Candidate[];
  withheld: Array<{ keys: string[]; issue: Omit<JsonIssue, 'path'> }>;
}

function lastToken(pointer: string): string {
  const raw = pointer.slice(pointer.lastIndexOf('/') + 1);
  return normKey(unescapeToken(raw));
}

function withheldFor(site: SiteValues, keys: readonly string[]): SiteValues['withheld'][number] | null {
  return site.withheld.find((w) => w.keys.some((k) => keys.includes(k))) ?? null;
}

/** The adapter's values first, then every other source with withheld fields taken out. */
export function withSiteValues(providers: Provider[], site: SiteValues | null | undefined): Provider[] {
  if (!site) return providers;
  const guarded = providers.map((p): Provider => ({
    source: p.source,
    find: (names, wantsNumber) => (withheldFor(site, names.keys.slice(0, 1)) ? [] : p.find(names, wantsNumber)),
  }));
  return [listProvider('dom', site.candidates), ...guarded];
}

/** A field the adapter withheld: its pointer's name is one of the withheld field's names. */
export function isWithheld(site: SiteValues | null | undefined, field: FieldInfo): boolean {
  return !!site && withheldFor(site, [lastToken(field.pointer)]) !== null;
}

/**
 * The adapter's issue for each withheld field of the record that has no value: it replaces the generic
 * `missing_required` (a required field keeps the record incomplete) and explains a nullable field's null.
 */
export function siteIssues(site: SiteValues | null | undefined, fields: FieldInfo[], sourced: (f: FieldInfo) => boolean, issues: JsonIssue[]): void {
  if (!site) return;
  for (const f of fields) {
    const w = withheldFor(site, [lastToken(f.pointer)]);
    if (w === null || sourced(f)) continue;
    const i = issues.findIndex((x) => x.path === f.pointer && x.code === 'missing_required');
    if (i >= 0) issues.splice(i, 1);
    issues.push({ ...w.issue, path: f.pointer });
  }
}
