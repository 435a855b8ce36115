// Test helper: POST /v1/scrape on the real local service, expecting a 200 whose evidence record validates against the
// schema (every test that sees a record validates it); the start of the body goes with a failed status.
import { expect } from 'vitest';
import { expectValidEvidenceRecord } from './evidence-schema.ts';
import type { Service } from './service.ts';

export async function scrapeOk(svc: Service, body: Record<string, unknown>): Promise<any> {
  const r = await svc.post('/v1/scrape', body);
  expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
  expectValidEvidenceRecord(r.body.evidenceRecord);
  return r.body;
}
