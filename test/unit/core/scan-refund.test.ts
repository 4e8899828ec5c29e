import { describe, expect, it } from 'vitest';
import { nothingFetched, type RefundFacts } from '../../../core/scan-refund';

describe('nothingFetched (a cancelled scan gets its unit back only then)', () => {
  const at = new Date('2026-03-10T12:00:00Z');
  it.each<[string, RefundFacts, boolean]>([
    ['a URL scan still queued, or in ingest before its download began', { source: { type: 'url' } }, true],
    ['a URL scan whose download began', { source: { type: 'url' }, fetch_started_at: at }, false],
    ['an upload (its bytes were received at submission)', { source: { type: 'upload' } }, false],
    ['an upload marked as well', { source: { type: 'upload' }, fetch_started_at: at }, false],
  ])('%s → %s', (_name, doc, expected) => {
    expect(nothingFetched(doc)).toBe(expected);
  });
});
