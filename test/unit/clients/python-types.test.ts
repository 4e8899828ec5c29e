// The Python SDK's types.py is generated from the OpenAPI document
// (scripts/python-types.ts): this fails when the committed file is not what the
// generator makes of the document the routes serve now, so a wire field added,
// removed or retyped reaches the Python types in the same commit.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currentDocument } from '../../../scripts/openapi-types';
import { PYTHON_TYPES_PATH, pythonTypes } from '../../../scripts/python-types';

/** The names the SDK's types module had before it was generated: customers import them. */
const SHIPPED = [
  'ScanStatus',
  'ExportFormat',
  'RecutExportFormat',
  'QueuedScan',
  'ScanStage',
  'InFlightScan',
  'Scores',
  'TimelineEntry',
  'Span',
  'Moment',
  'TranscriptLine',
  'TechnicalCue',
  'CompleteScan',
  'ErrorScan',
  'Scan',
  'HistoryRow',
  'ScanPage',
  'DeletedScan',
  'QueuedRecut',
  'RecutFigures',
  'Recut',
  'RecutList',
  'RetentionSetting',
  'PasswordChanged',
  'ClosedAccount',
];

describe("the Python SDK's types", () => {
  const committed = readFileSync(PYTHON_TYPES_PATH, 'utf8');

  it('are what the generator makes of the served OpenAPI document', async () => {
    const generated = pythonTypes(await currentDocument());
    expect(committed, 'clients/python/src/holdline/types.py is stale: run `npm run openapi:types` and commit it').toBe(generated);
  });

  it('keep every name the SDK shipped', () => {
    const defined = new Set([...committed.matchAll(/^(?:class (\w+)\(|(\w+) = )/gm)].map((match) => match[1] ?? match[2]));
    expect(SHIPPED.filter((name) => !defined.has(name))).toEqual([]);
  });

  it('type every field of a complete scan, media_url nullable', async () => {
    const complete = (await currentDocument()) as { components: { schemas: { CompleteScan: { properties: object } } } };
    const start = committed.indexOf('class _CompleteScanRequired(');
    const body = committed.slice(start, committed.indexOf('\n\n\n', committed.indexOf('class CompleteScan(', start)));
    const fields = [...body.matchAll(/^ {4}(\w+): /gm)].map((match) => match[1]);
    expect(fields.sort()).toEqual(Object.keys(complete.components.schemas.CompleteScan.properties).sort());
    expect(body).toMatch(/^ {4}media_url: str \| None$/m);
  });
});
