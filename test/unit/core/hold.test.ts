import { describe, expect, it } from 'vitest';
import { rawHold, smoothHold } from '../../../core/hold';

describe('rawHold', () => {
  it.each([
    [{ motion: [100], loudness: [0], speech: [0], cutTimes: [] }, [45]],
    [{ motion: [0], loudness: [100], speech: [0], cutTimes: [] }, [25]],
    [{ motion: [0], loudness: [0], speech: [100], cutTimes: [] }, [20]],
    [{ motion: [100], loudness: [100], speech: [100], cutTimes: [0.25] }, [100]],
    [{ motion: [50, 50], loudness: [], speech: [], cutTimes: [] }, [22.5, 22.5]],
  ])('weights 0.45 M + 0.25 L + 0.20 S, absent parts 0: %j → %j', (input, expected) => {
    expect(rawHold(input, expected.length)).toEqual(expected);
  });

  it('adds 10 once to each second a cut falls in', () => {
    expect(rawHold({ motion: [], loudness: [], speech: [], cutTimes: [1, 2.75, 2.0] }, 4)).toEqual([0, 10, 10, 0]);
  });
});

describe('smoothHold', () => {
  it('is the centred 3-second mean, shrinking to 2 seconds at the edges', () => {
    expect(smoothHold([30, 60, 90, 0])).toEqual([45, 60, 50, 45]);
  });

  it('rounds to one decimal', () => {
    expect(smoothHold([10, 10, 11])).toEqual([10, 10.3, 10.5]);
  });

  it('leaves a single second as it is', () => {
    expect(smoothHold([42])).toEqual([42]);
    expect(smoothHold([])).toEqual([]);
  });
});
