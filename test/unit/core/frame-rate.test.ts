import { describe, expect, it } from 'vitest';
import { REORDER_DEPTH, isVariableFrameRate } from '../../../core/frame-rate';

const steady = (gap: number, count: number) => Array.from({ length: count }, (_, i) => i * gap);

describe('isVariableFrameRate', () => {
  it.each([
    ['25 fps in a 1/12800 time base', steady(512, 50), false],
    ['29.97 fps in B-frame decode order', [0, 3003, 1001, 2002, 6006, 4004, 5005, 9009, 7007, 8008], false],
    ['29.97 fps in Matroska milliseconds (33, 33, 34)', Array.from({ length: 60 }, (_, i) => Math.round((i * 1001) / 30)), false],
    ['a frame dropped by a phone', [0, 20, 40, 80, 100, 120], true],
    ['alternating 1/30 and 1/20 s in a 1/600 time base', [0, 20, 50, 70, 100, 120, 150], true],
    ['two timestamps', [0, 512], false],
    ['no timestamps', [], false],
    ['duplicates and missing ones left out', [0, 512, 512, 1024, Number.NaN, 1536], false],
  ])('%s → %s', (_name, pts, variable) => {
    expect(isVariableFrameRate(pts)).toBe(variable);
  });

  it('leaves out the last timestamps of a read cut off at its packet limit, whose B-frames may be unread', () => {
    const cutOff = [...steady(512, 40), 40 * 512 + 2048];
    expect(isVariableFrameRate(cutOff)).toBe(true);
    expect(isVariableFrameRate(cutOff, { truncated: true })).toBe(false);
    expect(REORDER_DEPTH).toBe(16);
  });
});
