// Test helper: validates evidence records against schemas/evidence-record.schema.json with a draft 2020-12 validator.
import { Validator } from '@cfworker/json-schema';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

const schemaPath = path.join(import.meta.dirname, '../../schemas/evidence-record.schema.json');
const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, unknown>;
const validator = new Validator(schema, '2020-12', false);

export function evidenceRecordErrors(record: unknown): string[] {
  const r = validator.validate(record);
  return r.valid ? [] : r.errors.map((e) => `${e.instanceLocation}: ${e.error}`);
}

/** Fails the test when the record does not validate; every test that sees a record calls this. */
export function expectValidEvidenceRecord(record: unknown): void {
  expect(evidenceRecordErrors(record)).toEqual([]);
}
