import { describe, expect, it } from 'vitest';
import { hookReport, percentBelow, strongestWindow } from '../../../core/hook-report';

const fill = (n: number, v: number) => Array.from({ length: n }, () => v);

describe('strongestWindow', () => {
  it.each([
    { hold: [10, 10, 10, 50, 70, 60, 10], expected: { start: 3, end: 6, hold: 60 } },
    { hold: [40, 40, 40, 40], expected: { start: 0, end: 3, hold: 40 } },
    { hold: [20, 80], expected: { start: 0, end: 2, hold: 50 } },
    { hold: [], expected: { start: 0, end: 0, hold: 0 } },
  ])('in $hold', ({ hold, expected }) => {
    expect(strongestWindow(hold)).toEqual(expected);
  });
});

describe('percentBelow', () => {
  it.each([
    { values: [10, 20, 30, 40], value: 30, expected: 50 },
    { values: [10, 20, 30], value: 5, expected: 0 },
    { values: [10, 20, 30], value: 31, expected: 100 },
    { values: [], value: 50, expected: 0 },
  ])('$value among $values', ({ values, value, expected }) => {
    expect(percentBelow(values, value)).toBe(expected);
  });
});

describe('hookReport', () => {
  it('names a still silent wordless opening and points at the strongest later window', () => {
    const hold = [5, 5, 5, 40, 70, 80, 75, 30, 30, 30];
    const report = hookReport({ hook: 5, hold, motion: [0, 0, 0, ...fill(7, 60)], loudness: [0, 0, 0, ...fill(7, 60)], words: [{ word: 'hi', start: 4, end: 4.3 }] });
    expect(report).toMatchObject({
      value: 5,
      file_percentile: 0,
      library_percentile: null,
      carried: [],
      missing: ['motion', 'sound', 'words'],
      best_opening: { start: 4, end: 7, hold: 75 },
    });
    expect(report.advice).toBe("The strongest 3 seconds start at 4 s (mean hold 75 against the hook's 5): consider opening with them, or add motion and sound and words to the first 3 s.");
  });

  it('credits what carried a strong opening', () => {
    const hold = [80, 85, 90, 40, 40, 40];
    const report = hookReport({ hook: 85, hold, motion: [50, 50, 50, 0, 0, 0], loudness: [20, 20, 20, 50, 50, 50], words: [{ word: 'go', start: 0.5, end: 0.8 }] });
    expect(report.carried).toEqual(['motion', 'words']);
    expect(report.missing).toEqual(['sound']);
    expect(report.file_percentile).toBe(66.7);
    expect(report.best_opening).toEqual({ start: 0, end: 3, hold: 85 });
    expect(report.advice).toBe('The opening is already the strongest 3 seconds of the file; sound could still lift it.');
  });
});
