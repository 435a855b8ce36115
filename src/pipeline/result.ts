// The scrape result (also a batch item and a crawl page): the verdict, the content asked for, the evidence record and
// the legacy fields beside it (decision D13).
import type { DocumentInfo, EvidenceRecord, FileBlock, JsonResult, PageMetadata } from '../capture/types.ts';
import type { LegacyFields } from '../evidence/build.ts';

export interface ScrapeResult extends LegacyFields {
  url: string;
  status: EvidenceRecord['status'];
  reason: string | null;
  markdown?: string;
  links?: string[];
  json?: JsonResult;
  file?: FileBlock;
  metadata: PageMetadata;
  document: DocumentInfo;
  warnings: string[];
  evidenceRecord: EvidenceRecord;
}

export const EMPTY_METADATA: PageMetadata = {
  title: null,
  description: null,
  language: null,
  keywords: null,
  robots: null,
  icon: null,
  canonical: null,
};

export const NO_DOCUMENT: DocumentInfo = { title: null, pageType: null };
