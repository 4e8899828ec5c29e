import { describe, expect, it } from 'vitest';
import { detectCuts } from '../../../core/cuts';

/** A steady diff series with a few samples set; skipDiffs NaN except where given. */
function series(n: number, base: number, d: Record<number, number>, skip: Record<number, number> = {}) {
  const frameDiffs = Array.from({ length: n }, (_, k) => (k === 0 ? 0 : (d[k] ?? base)));
  const skipDiffs = Array.from({ length: n }, (_, k) => skip[k] ?? Number.NaN);
  return { frameDiffs, skipDiffs };
}

describe('detectCuts', () => {
  it('finds a hard cut at k/4 seconds', () => {
    expect(detectCuts(series(40, 2, { 12: 60 }))).toEqual({ samples: [12], times: [3] });
  });

  it('does not take a flash (the picture comes back) for a cut', () => {
    // Frame 20 is a white flash: d_20 and d_21 are both large, frame 21 equals frame 19.
    expect(detectCuts(series(40, 2, { 20: 50, 21: 50 }, { 20: 3 }))).toEqual({ samples: [], times: [] });
  });

  it('keeps the earlier of two equal changes 0.25 s apart when the picture does not come back', () => {
    expect(detectCuts(series(40, 2, { 20: 50, 21: 50 }, { 20: 55 }))).toEqual({ samples: [20], times: [5] });
  });

  it('does not take a dissolve (change spread over a second) for a cut', () => {
    expect(detectCuts(series(40, 2, { 28: 20, 29: 20, 30: 20, 31: 20 })).samples).toEqual([]);
  });

  it('needs a difference of at least 15 grey levels', () => {
    expect(detectCuts(series(40, 0.5, { 10: 14.9 })).samples).toEqual([]);
    expect(detectCuts(series(40, 0.5, { 10: 15 })).samples).toEqual([10]);
  });

  it('needs at least the file\'s 75th percentile of d', () => {
    // 30 samples of heavy motion set P75 at 90; a jump to 30 in a calm part is no cut.
    const busy: Record<number, number> = {};
    for (let k = 1; k <= 30; k++) busy[k] = 90;
    expect(detectCuts(series(41, 2, { ...busy, 36: 30 })).samples).toEqual([]);
  });

  it('needs at least 3 times the mean of the ±2 neighbours', () => {
    // neighbours 8, 8, 8, 8: 3 × 8 = 24
    expect(detectCuts(series(40, 8, { 10: 23.9 })).samples).toEqual([]);
    expect(detectCuts(series(40, 8, { 10: 24 })).samples).toEqual([10]);
  });

  it('keeps cuts exactly 0.75 s apart and thins closer ones to the larger', () => {
    expect(detectCuts(series(40, 2, { 8: 60, 11: 60 })).times).toEqual([2, 2.75]);
    expect(detectCuts(series(40, 2, { 8: 60, 10: 62 })).times).toEqual([2.5]);
  });

  it('finds nothing in an empty or single-frame series and never at d_0', () => {
    expect(detectCuts({ frameDiffs: [], skipDiffs: [] })).toEqual({ samples: [], times: [] });
    expect(detectCuts({ frameDiffs: [0], skipDiffs: [Number.NaN] })).toEqual({ samples: [], times: [] });
    expect(detectCuts({ frameDiffs: [200, 1, 1, 1], skipDiffs: [] }).samples).toEqual([]);
  });
});
