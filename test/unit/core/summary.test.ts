import { describe, expect, it } from 'vitest';
import { clockTime, spanEndTime, summaryText } from '../../../core/summary';

describe('summaryText', () => {
  it('names average hold, strongest second, dead stretches, cuts and hook', () => {
    expect(
      summaryText({
        hold: [40, 60, 80, 80, 20, 10, 10, 20, 50, 30],
        dead: [{ start: 4, end: 8 }],
        cuts: [2.5, 8],
        hook: 60,
      }),
    ).toBe(
      'Average hold is 40.0 over 10 seconds. The strongest second is 0:02 (hold 80.0). ' +
        '1 dead stretch: 0:04 to 0:08, 4 seconds in all. 2 cuts. ' +
        'The hook (mean hold over the first 3 seconds) is 60.0.',
    );
  });

  it('lists several dead stretches and a single cut', () => {
    expect(
      summaryText({
        hold: [10, 10, 50, 10, 10, 50, 10, 10],
        dead: [
          { start: 0, end: 2 },
          { start: 3, end: 5 },
          { start: 6, end: 8 },
        ],
        cuts: [5],
        hook: 23.3,
      }),
    ).toBe(
      'Average hold is 20.0 over 8 seconds. The strongest second is 0:02 (hold 50.0). ' +
        '3 dead stretches: 0:00 to 0:02, 0:03 to 0:05 and 0:06 to 0:08, 6 seconds in all. 1 cut. ' +
        'The hook (mean hold over the first 3 seconds) is 23.3.',
    );
  });

  it('says so when there are no dead stretches and no cuts, and counts a short hook window', () => {
    expect(summaryText({ hold: [55.5], dead: [], cuts: [], hook: 55.5 })).toBe(
      'Average hold is 55.5 over 1 second. The strongest second is 0:00 (hold 55.5). ' +
        'No dead stretches. No cuts. The hook (mean hold over the first second) is 55.5.',
    );
  });
});

describe('summaryText over a partial last second', () => {
  it("names the file's duration and a clamped dead stretch to its real end", () => {
    expect(summaryText({ durationSec: 62.1, hold: [...Array<number>(60).fill(50), 10, 10, 10], dead: [{ start: 60, end: 62.1 }], cuts: [], hook: 50 })).toBe(
      'Average hold is 48.1 over 62.1 seconds. The strongest second is 0:00 (hold 50.0). ' +
        '1 dead stretch: 1:00 to 1:02.1, 2.1 seconds in all. No cuts. The hook (mean hold over the first 3 seconds) is 50.0.',
    );
  });
});

describe('spanEndTime', () => {
  it.each([
    [62, '1:02'],
    [62.1, '1:02.1'],
    [6.5, '0:06.5'],
    [59.96, '1:00'],
  ])('%s s is %s', (s, text) => {
    expect(spanEndTime(s)).toBe(text);
  });
});

describe('clockTime', () => {
  it.each([
    [0, '0:00'],
    [7, '0:07'],
    [75, '1:15'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
  ])('%s s is %s', (s, text) => {
    expect(clockTime(s)).toBe(text);
  });
});
