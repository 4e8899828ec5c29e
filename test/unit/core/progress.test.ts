import { describe, expect, it } from 'vitest';
import { inFlightStage, scanPct } from '../../../core/progress';
import type { ScanProgress } from '../../../core/progress';

describe('scanPct', () => {
  it.each<[ScanProgress, number]>([
    [{ stage: 'queued' }, 0],
    [{ stage: 'ingest' }, 5],
    [{ stage: 'probe' }, 10],
    [{ stage: 'decode' }, 10],
    [{ stage: 'decode', decodeFraction: 0, transcribedFraction: 0 }, 10],
    [{ stage: 'decode', decodeFraction: 1, transcribedFraction: 0 }, 50],
    [{ stage: 'decode', decodeFraction: 0.5, transcribedFraction: 0.25 }, 40],
    [{ stage: 'decode', decodeFraction: 0.999, transcribedFraction: 1 }, 89],
    [{ stage: 'decode', decodeFraction: 1, transcribedFraction: 1 }, 90],
    [{ stage: 'decode', decodeFraction: 2, transcribedFraction: Number.NaN }, 50],
    [{ stage: 'decode', decodeFraction: -1, transcribedFraction: 1 }, 50],
    [{ stage: 'assembly' }, 95],
    [{ stage: 'complete' }, 100],
  ])('%j → %s', (progress, pct) => {
    expect(scanPct(progress)).toBe(pct);
  });

  it('never decreases as decoding and transcription advance', () => {
    let last = 0;
    for (let i = 0; i <= 100; i++) {
      const pct = scanPct({ stage: 'decode', decodeFraction: Math.min(1, i / 50), transcribedFraction: i / 100 });
      expect(pct).toBeGreaterThanOrEqual(last);
      last = pct;
    }
    expect(last).toBe(90);
  });
});

describe('inFlightStage', () => {
  it.each<['queued' | 'processing', number, string]>([
    ['queued', 0, 'queued'],
    ['processing', 0, 'ingest'],
    ['processing', 4, 'ingest'],
    ['processing', 5, 'probe'],
    ['processing', 9, 'probe'],
    ['processing', 10, 'decode'],
    ['processing', 90, 'decode'],
    ['processing', 94, 'decode'],
    ['processing', 95, 'assembly'],
  ])('%s at %s%% → %s', (status, pct, stage) => {
    expect(inFlightStage(status, pct)).toBe(stage);
  });
});
