import { describe, expect, it } from 'vitest';
import { findMoments, peakSeconds, quoteAt } from '../../../core/moments';

function hold(n: number, base: number, peaks: Record<number, number>): number[] {
  return Array.from({ length: n }, (_, t) => peaks[t] ?? base);
}

describe('findMoments', () => {
  it('takes the highest peaks at least 10 s apart, at most 3, in time order', () => {
    // 8 (85) first; 5 is 3 s from it; then 30 (75); 20 (70) is exactly 10 s from 30 and still allowed.
    const h = hold(40, 40, { 5: 80, 8: 85, 20: 70, 30: 75, 35: 50 });
    expect(findMoments(h, [], []).map((m) => [m.second, m.hold])).toEqual([
      [8, 85],
      [20, 70],
      [30, 75],
    ]);
  });

  it('refuses peaks closer than 10 s', () => {
    // 19 is 9 s from the higher 10; the lower 21 is 11 s away and stays.
    const h = hold(40, 40, { 10: 90, 19: 80, 21: 70 });
    expect(findMoments(h, [], []).map((m) => m.second)).toEqual([10, 21]);
  });

  it('allows 5 moments when the file is longer than 180 s', () => {
    const peaks = { 10: 90, 50: 89, 90: 88, 130: 87, 170: 86, 175: 95 };
    expect(findMoments(hold(180, 35, peaks), [], []).map((m) => m.second)).toEqual([10, 50, 175]);
    expect(findMoments(hold(181, 35, peaks), [], []).map((m) => m.second)).toEqual([10, 50, 90, 130, 175]);
  });

  it('skips peaks under 30 or under the median hold', () => {
    // median of [35,31,35,80,80,80,80,80] is 80: the 35 at 0 is no moment; the plateau starts at 3.
    expect(findMoments([35, 31, 35, 80, 80, 80, 80, 80], [], []).map((m) => m.second)).toEqual([3]);
    expect(findMoments([29, 10, 29.9, 5], [], [])).toEqual([]);
  });

  it('skips seconds inside a dead stretch', () => {
    expect(findMoments([50, 40, 60, 50], [{ start: 2, end: 3 }], []).map((m) => m.second)).toEqual([0]);
  });

  it('labels each moment "peak" with the words spoken from t−1 to t+2', () => {
    const words = [
      { word: 'before', start: 6.9, end: 7 },
      { word: 'this', start: 7, end: 7.3 },
      { word: 'is', start: 8.5, end: 8.7 },
      { word: 'it', start: 9.99, end: 10.2 },
      { word: 'after', start: 10, end: 10.4 },
    ];
    expect(findMoments(hold(12, 40, { 8: 85 }), [], words)[0]).toEqual({ second: 8, label: 'peak', hold: 85, quote: 'this is it' });
  });
});

describe('peakSeconds', () => {
  it.each([
    { series: [1, 3, 2], peaks: [1] },
    { series: [3, 1, 2], peaks: [0, 2] },
    { series: [1, 5, 5, 5, 2], peaks: [1] },
    { series: [1, 5, 5, 6, 2], peaks: [3] },
    { series: [4, 4, 4], peaks: [0] },
    { series: [], peaks: [] },
  ])('of $series are $peaks', ({ series, peaks }) => {
    expect(peakSeconds(series)).toEqual(peaks);
  });
});

describe('quoteAt', () => {
  it('holds at most 15 words and is empty when nobody speaks', () => {
    const words = Array.from({ length: 20 }, (_, i) => ({ word: `w${i}`, start: 4 + i * 0.1, end: 4 + i * 0.1 + 0.05 }));
    expect(quoteAt(words, 5)).toBe('w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14');
    expect(quoteAt(words, 20)).toBe('');
  });
});
