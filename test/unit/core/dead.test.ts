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

  it('sums the seconds of the stretches', () => {
    expect(
      deadSeconds([
        { start: 1, end: 3 },
        { start: 6, end: 9 },
      ]),
    ).toBe(5);
  });
});
