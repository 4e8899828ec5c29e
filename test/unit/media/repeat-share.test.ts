import { describe, expect, it } from 'vitest';
import { NON_REF_REPEAT_SHARE, isolatedRepeatShare } from '../../../activities/media/decode';

describe('isolatedRepeatShare', () => {
  it.each([
    ['too short to judge', [0, 1, 0], 0],
    ['a moving picture', [0, 2, 3, 2.5, 4, 3, 2, 5], 0],
    ['a still picture: repeats in a run are not counted', [0, 0, 0, 0, 0, 0, 0, 0, 0], 0],
    ['a still stretch inside motion', [0, 3, 0, 0, 0, 0, 2, 3, 4], 0],
    ['a new picture every other sample', [0, 4, 0, 4, 0, 4, 0, 4, 0], 3 / 8],
    ['one isolated repeat in eight samples', [0, 4, 3, 0, 4, 5, 4, 4, 4], 1 / 8],
  ])('%s', (_, diffs, share) => {
    expect(isolatedRepeatShare(diffs)).toBeCloseTo(share, 10);
  });

  it('trusts a moving picture with no repeat and distrusts one with a repeat every other sample', () => {
    expect(isolatedRepeatShare([0, 2, 3, 2.5, 4, 3, 2, 5]) > NON_REF_REPEAT_SHARE).toBe(false);
    expect(isolatedRepeatShare([0, 4, 0, 4, 0, 4, 0, 4, 0]) > NON_REF_REPEAT_SHARE).toBe(true);
  });
});
