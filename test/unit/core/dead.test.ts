import { describe, expect, it } from 'vitest';
import { deadSeconds, deadStretches } from '../../../core/dead';

describe('deadStretches', () => {
  it.each([
    {
      hold: [50, 20, 10, 40, 29.9, 50, 0, 0, 0],
      dead: [
        { start: 1, end: 3 },
        { start: 6, end: 9 },
      ],
    },
    { hold: [29.9, 29.9], dead: [{ start: 0, end: 2 }] },
    { hold: [30, 30, 30], dead: [] },
    { hold: [10, 40, 10, 40, 10], dead: [] },
    { hold: [], dead: [] },
  ])('runs of 2+ seconds under 30 in $hold are $dead', ({ hold, dead }) => {
    expect(deadStretches(hold)).toEqual(dead);
  });

  it('clamps the last run to the duration, and drops it when under 2 s of real time remain', () => {
    expect(deadStretches([50, 50, 20, 20, 20], 30, 2, 4.3)).toEqual([{ start: 2, end: 4.3 }]);
    expect(deadStretches([50, 50, 50, 20, 20], 30, 2, 4.3)).toEqual([]);
    expect(deadStretches([20, 20, 50, 50, 50], 30, 2, 4.3)).toEqual([{ start: 0, end: 2 }]);
  });

  it('sums the seconds of the stretches', () => {
    expect(deadSeconds([{ start: 2, end: 4.3 }])).toBe(2.3);
    expect(
      deadSeconds([
        { start: 1, end: 3 },
        { start: 6, end: 9 },
      ]),
    ).toBe(5);
  });
});
