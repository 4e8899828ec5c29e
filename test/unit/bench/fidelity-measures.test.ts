import { describe, expect, it } from 'vitest';
import { boundaryErrors, perSecondScores, secondsCovered } from '../../../bench/fidelity-measures';

describe('secondsCovered', () => {
  it('marks the seconds a span covers by at least 0.3 s, summing spans within a second', () => {
    expect(
      secondsCovered(
        [
          { start: 0.8, end: 2.2 },
          { start: 3.5, end: 3.65 },
          { start: 3.8, end: 3.95 },
        ],
        5,
      ),
    ).toEqual([false, true, false, true, false]);
  });
});

describe('perSecondScores', () => {
  it.each<[string, boolean[], boolean[], ReturnType<typeof perSecondScores>]>([
    ['half right', [true, true, false, false], [true, false, true, false], { precision: 0.5, recall: 0.5, spoken: 2, flagged: 2 }],
    ['nothing spoken, nothing flagged', [false, false], [false, false], { precision: 1, recall: null, spoken: 0, flagged: 0 }],
    ['spoken, nothing flagged', [false, false], [true, false], { precision: null, recall: 0, spoken: 1, flagged: 0 }],
    ['nothing spoken, something flagged', [true, false], [false, false], { precision: 0, recall: null, spoken: 0, flagged: 1 }],
  ])('%s', (_name, flagged, spoken, expected) => {
    expect(perSecondScores(flagged, spoken)).toEqual(expected);
  });
});

describe('boundaryErrors', () => {
  const truth = [
    { start: 1, end: 4 },
    { start: 6, end: 9 },
  ];
  it('words go to the nearest stretch; first and last word give the errors', () => {
    const words = [
      { start: 1.1, end: 1.4 },
      { start: 3.5, end: 4.2 },
      { start: 5.8, end: 6.1 },
      { start: 8.5, end: 8.75 },
    ];
    expect(boundaryErrors(truth, words, 'nearest')).toEqual({ measured: 2, stretches: 2, maxStartError: 0.2, maxEndError: 0.25 });
  });
  it('a word farther than the reach from every stretch is left out; a stretch with no word is not measured', () => {
    expect(
      boundaryErrors(
        truth,
        [
          { start: 1.5, end: 3.9 },
          { start: 12, end: 12.5 },
        ],
        'nearest',
      ),
    ).toEqual({ measured: 1, stretches: 2, maxStartError: 0.5, maxEndError: 0.1 });
  });
  it('a voice region running through the pause counts against both stretches', () => {
    expect(boundaryErrors(truth, [{ start: 0.9, end: 9.2 }], 'overlap')).toEqual({ measured: 2, stretches: 2, maxStartError: 5.1, maxEndError: 5.2 });
  });
  it('nothing found: nothing measured', () => {
    expect(boundaryErrors(truth, [], 'overlap')).toEqual({ measured: 0, stretches: 2, maxStartError: null, maxEndError: null });
  });
});
