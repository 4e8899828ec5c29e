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

  it('finds the small cuts of a talking-head edit against its quiet baseline', () => {
    // A punch-in (8.2 grey levels) and a jump cut (5.0) on a still talking head whose d sits near 1.1.
    const head = series(96, 1.1, { 24: 8.2, 64: 5.0 }, { 24: 8.5, 64: 5.1 });
    expect(detectCuts(head).times).toEqual([6, 16]);
  });

  it('needs the floor of 3 grey levels however quiet the picture', () => {
    expect(detectCuts(series(40, 0.2, { 10: 2.9 })).samples).toEqual([]);
    expect(detectCuts(series(40, 0.2, { 10: 3 })).samples).toEqual([10]);
  });

  it('needs 3 times the median d of the surrounding ±2 s', () => {
    // A busy shot (d 10) with one calm second (d 2) around sample 20: the neighbours alone would pass 20,
    // but against the median of the surrounding seconds (10) it needs 30.
    const busy: Record<number, number> = {};
    for (let k = 1; k < 40; k++) busy[k] = Math.abs(k - 20) <= 2 ? 2 : 10;
    expect(detectCuts(series(40, 0, { ...busy, 20: 29.9 })).samples).toEqual([]);
    expect(detectCuts(series(40, 0, { ...busy, 20: 30 })).samples).toEqual([20]);
  });

  it('does not take a shaky shot for cuts', () => {
    // d alternates 4 and 14 with a peak of 20 now and then: nothing stands 3 times above its surroundings.
    const shaky: Record<number, number> = {};
    for (let k = 1; k < 80; k++) shaky[k] = k % 9 === 0 ? 20 : k % 2 === 0 ? 4 : 14;
    expect(detectCuts(series(80, 0, shaky)).samples).toEqual([]);
  });

  it('lets other cuts nearby barely move the median', () => {
    // Three cuts 0.75 s apart on a quiet baseline: each is measured against the baseline, not the others.
    expect(detectCuts(series(60, 1, { 20: 12, 23: 12, 26: 12 })).times).toEqual([5, 5.75, 6.5]);
  });

  it('does not take a slow push-in or a fade (change that grows and shrinks) for a cut', () => {
    const push: Record<number, number> = {};
    for (let k = 1; k < 80; k++) push[k] = 1 + k * 0.05;
    expect(detectCuts(series(80, 0, push)).samples).toEqual([]);
    expect(detectCuts(series(60, 1, { 28: 4, 29: 8, 30: 10, 31: 8, 32: 4 })).samples).toEqual([]);
  });

  it('does not take a small cut followed by movement for a flash', () => {
    // d_21 = 4 ≥ 0.5·6, but the frame after still differs from the one before by 6: the picture did not come back.
    expect(detectCuts(series(60, 1, { 20: 6, 21: 4 }, { 20: 6 })).samples).toEqual([20]);
  });

  it('needs at least 3 times the mean of the ±2 neighbours', () => {
    // neighbours 8, 8, 8, 8: 3 × 8 = 24 (the median of the surrounding ±2 s stays 2)
    const busyNeighbours = { 8: 8, 9: 8, 11: 8, 12: 8 };
    expect(detectCuts(series(40, 2, { ...busyNeighbours, 10: 23.9 })).samples).toEqual([]);
    expect(detectCuts(series(40, 2, { ...busyNeighbours, 10: 24 })).samples).toEqual([10]);
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
