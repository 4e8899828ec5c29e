import { describe, expect, it } from 'vitest';
import { meanAbsDiff, motionPerSecond } from '../../../core/motion';

describe('meanAbsDiff', () => {
  it('is the mean absolute difference in grey levels', () => {
    expect(meanAbsDiff(Uint8Array.from([0, 10, 255]), Uint8Array.from([10, 0, 0]))).toBeCloseTo(275 / 3, 10);
  });

  it('is 0 for identical frames', () => {
    expect(meanAbsDiff(Uint8Array.from([5, 6, 7]), Uint8Array.from([5, 6, 7]))).toBe(0);
  });

  it('refuses frames of different sizes', () => {
    expect(() => meanAbsDiff(new Uint8Array(3), new Uint8Array(4))).toThrow(RangeError);
  });
});

describe('motionPerSecond', () => {
  // Samples k = 0..11 at k/4 s: second 0 holds k=0..3, second 1 k=4..7, second 2 k=8..11.
  const d = [0, 2, 4, 6, 8, 40, 8, 8, 1, 2, 3, 4];

  it('averages the samples of each second, leaving out d_0', () => {
    expect(motionPerSecond(d, [], 3)).toEqual([4, 16, 2.5]);
  });

  it('leaves cut samples out of the mean', () => {
    expect(motionPerSecond(d, [5], 3)).toEqual([4, 8, 2.5]);
  });

  it('gives 0 for seconds without samples and stops at the requested length', () => {
    expect(motionPerSecond(d, [5], 4)).toEqual([4, 8, 2.5, 0]);
    expect(motionPerSecond(d, [5], 2)).toEqual([4, 8]);
  });
});
