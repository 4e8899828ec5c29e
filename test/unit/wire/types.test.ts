// The wire schemas (core/wire/) are the one source of the HTTP shapes; the types
// that core, services and store use where they meet the wire must agree with
// them. The expectTypeOf lines are checked by tsc (this file is in tsconfig's
// `include`, and `npm test` runs tsc first): a type that drifts from its schema
// fails the type check. The runtime checks hold real values against the schemas.
import type { Static } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { chatCompletion } from '../../../core/chat/completion';
import type { Dip } from '../../../core/dips';
import type { RunObject as CoreRunObject, TokenUsage as CoreTokenUsage } from '../../../core/chat/shapes';
import { signalsReference } from '../../../core/method';
import { assembleRead } from '../../../core/read';
import type { ReadFigures } from '../../../core/recut';
import { webhookEvent, type WebhookEvent as CoreWebhookEvent } from '../../../core/webhook';
import { ChatCompletion, RunObject, TokenUsage } from '../../../core/wire/chat';
import { DIP_CAUSES } from '../../../core/wire/constants';
import { DipSchema } from '../../../core/wire/read-actions';
import { CompleteScan, ErrorScan, InFlightScan, ScanRead, ScanView, ScanViewBody, SignalsReference } from '../../../core/wire/read';
import { QueuedRecut, RecutBody, RecutFigures, RecutViewBody } from '../../../core/wire/recuts';
import { HistoryEntry, QueuedScan, WebhookEvent } from '../../../core/wire/scans';
import { LibraryRow } from '../../../core/wire/web';
import type { recutView } from '../../../services/recut-view';
import { historyRow, libraryRow, scanView } from '../../../services/scan-view';
import type { submitRecut } from '../../../services/submit-recut';
import type { submitScan } from '../../../services/submit-scan';
import type { RecutDoc } from '../../../store/recuts';
import type { ScanDoc } from '../../../store/scan-docs';

describe("the types core, services and store use are the wire schemas' types", () => {
  it("core's own copies of wire shapes are the schemas' types", () => {
    expectTypeOf<CoreRunObject>().toEqualTypeOf<Static<typeof RunObject>>();
    expectTypeOf<CoreTokenUsage>().toEqualTypeOf<Static<typeof TokenUsage>>();
    expectTypeOf<CoreWebhookEvent>().toEqualTypeOf<Static<typeof WebhookEvent>>();
    expectTypeOf<ReadFigures>().toEqualTypeOf<Static<typeof RecutFigures>>();
  });

  it("a dip's causes are core/wire/constants.ts's list, each cause and nothing else passing the schema", () => {
    expectTypeOf<Static<typeof DipSchema>>().toEqualTypeOf<Dip>();
    const dip = (cause: string) => ({ start: 0, end: 3, causes: [cause], advice: 'cut' });
    expect(DIP_CAUSES.filter((cause) => Value.Check(DipSchema, dip(cause)))).toEqual([...DIP_CAUSES]);
    expect(Value.Check(DipSchema, dip('boring'))).toBe(false);
  });

  it('each scan shape fits the one response schema that serves all three', () => {
    expectTypeOf<Static<typeof InFlightScan>>().toExtend<Static<typeof ScanViewBody>>();
    expectTypeOf<Static<typeof CompleteScan>>().toExtend<Static<typeof ScanViewBody>>();
    expectTypeOf<Static<typeof ErrorScan>>().toExtend<Static<typeof ScanViewBody>>();
  });

  it('the services return the wire shapes the routes answer', () => {
    expectTypeOf(scanView).returns.toEqualTypeOf<Static<typeof ScanView>>();
    expectTypeOf(historyRow).returns.toEqualTypeOf<Static<typeof HistoryEntry>>();
    expectTypeOf(libraryRow).returns.toEqualTypeOf<Static<typeof LibraryRow>>();
    expectTypeOf<Awaited<ReturnType<typeof submitScan>>>().toEqualTypeOf<Static<typeof QueuedScan>>();
    expectTypeOf<Awaited<ReturnType<typeof submitRecut>>>().toEqualTypeOf<Static<typeof QueuedRecut>>();
    expectTypeOf<Parameters<typeof submitRecut>[1]['body']>().toEqualTypeOf<Static<typeof RecutBody>>();
    expectTypeOf<Awaited<ReturnType<typeof recutView>>>().toEqualTypeOf<Static<typeof RecutViewBody>>();
    expectTypeOf(chatCompletion).returns.toExtend<Static<typeof ChatCompletion>>();
    expectTypeOf(signalsReference).returns.toEqualTypeOf<Static<typeof SignalsReference>>();
    expectTypeOf(webhookEvent).returns.toEqualTypeOf<Static<typeof WebhookEvent>>();
  });

  it('the stored documents hold the wire fields they are shown from', () => {
    expectTypeOf<Required<Pick<ScanDoc, keyof Static<typeof ScanRead>>>>().toExtend<Required<Static<typeof ScanRead>>>();
    expectTypeOf<NonNullable<RecutDoc['before']>>().toEqualTypeOf<Static<typeof RecutFigures>>();
  });
});

describe('real values against the schemas', () => {
  const now = new Date('2025-03-04T05:06:07Z');
  const read = assembleRead({
    durationSec: 3,
    frameDiffs: Array.from({ length: 12 }, (_, k) => (k === 6 ? 40 : 2)),
    skipDiffs: Array.from({ length: 12 }, () => 2),
    loudnessRms: [0.1, 0.2, 0.1],
    words: [{ word: 'hello', start: 0.2, end: 0.6 }],
  });
  const base = {
    _id: 'scn_1',
    scan_id: 'scn_1',
    account_id: 'acc_1',
    title: 'A clip',
    source: { type: 'upload', filename: 'a-clip.mp4' },
    pct: 0,
    created_at: now,
    updated_at: now,
  } as const;
  const docs: ScanDoc[] = [
    { ...base, status: 'queued' } as ScanDoc,
    { ...base, status: 'error', pct: 40, detail: 'could not decode the video' } as ScanDoc,
    { ...base, status: 'complete', pct: 100, published_at: now, ...read } as ScanDoc,
  ];

  it('scanView gives one of the three shapes, and each passes the response schema', () => {
    const views = docs.map(scanView);
    expect(views.map((view) => [Value.Check(InFlightScan, view), Value.Check(ErrorScan, view), Value.Check(CompleteScan, view)])).toEqual([
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ]);
    for (const view of views) expect(Value.Errors(ScanViewBody, view)).toEqual([]);
  });

  it('every shape carries the title, creation time and source name; in flight the stage, complete pct 100, the spec fields unchanged', () => {
    const [queued, failed, complete] = docs.map(scanView);
    const identity = { title: 'A clip', created_at: '2025-03-04T05:06:07.000Z', source_name: 'a-clip.mp4' };
    expect(queued).toEqual({ scan_id: 'scn_1', status: 'queued', pct: 0, stage: 'queued', ...identity });
    expect(failed).toEqual({ scan_id: 'scn_1', status: 'error', pct: 40, detail: 'could not decode the video', ...identity });
    const { scan_id, status, pct, title, created_at, source_name, media_url, ...fields } = complete as Static<typeof CompleteScan>;
    expect({ scan_id, status, pct, title, created_at, source_name, media_url }).toEqual({
      scan_id: 'scn_1',
      status: 'complete',
      pct: 100,
      ...identity,
      media_url: '/v1/scans/scn_1/media',
    });
    expect(fields).toEqual(Object.fromEntries(Object.keys(fields).map((key) => [key, read[key as keyof typeof read]])));
    expect(Object.keys(fields).sort()).toEqual(Object.keys(read).sort());
  });

  it('history and library rows pass their schemas, dates as ISO 8601 text', () => {
    for (const doc of docs) expect(Value.Errors(HistoryEntry, historyRow(doc))).toEqual([]);
    expect(historyRow(docs[0]!).created_at).toBe('2025-03-04T05:06:07.000Z');
    const row = libraryRow(docs[2]!);
    expect(Value.Errors(LibraryRow, row)).toEqual([]);
    expect(row.published_at).toBe('2025-03-04T05:06:07.000Z');
  });

  it('the signal reference and a webhook event pass their schemas', () => {
    expect(Value.Errors(SignalsReference, signalsReference())).toEqual([]);
    expect(Value.Errors(WebhookEvent, webhookEvent({ scan_id: 'scn_1', status: 'complete', score: 71, grade: 'B' }, 'scan.completed', now))).toEqual([]);
    expect(Value.Errors(WebhookEvent, webhookEvent({ scan_id: 'scn_1', status: 'error' }, 'scan.failed', now))).toEqual([]);
  });
});
