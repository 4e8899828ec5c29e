import { describe, expect, it } from 'vitest';
import { FrameDiffAccumulator } from '../../../activities/media/decode';

/** Frames of 4 bytes, every pixel of frame i has the value values[i]. */
function stream(values: number[]): Uint8Array {
  return Uint8Array.from(values.flatMap((v) => [v, v, v, v]));
}

describe('FrameDiffAccumulator', () => {
  it('computes d_k against the previous frame and the skip diff across each frame', () => {
    const acc = new FrameDiffAccumulator(4);
    acc.push(stream([10, 30, 20, 20, 200]));
    expect(acc.frames).toBe(5);
    expect(acc.frameDiffs).toEqual([0, 20, 10, 0, 180]);
    expect(acc.skipDiffs).toEqual([NaN, 10, 10, 180, NaN]);
  });

  it('gives the same result whatever the chunk boundaries', () => {
    const bytes = stream([0, 5, 9, 100, 3, 3, 250]);
    const whole = new FrameDiffAccumulator(4);
    whole.push(bytes);
    for (const size of [1, 3, 5, 7]) {
      const split = new FrameDiffAccumulator(4);
      for (let i = 0; i < bytes.length; i += size) split.push(bytes.subarray(i, i + size));
      expect(split.frameDiffs).toEqual(whole.frameDiffs);
      expect(split.skipDiffs).toEqual(whole.skipDiffs);
    }
  });

  it('leaves an incomplete last frame out', () => {
    const acc = new FrameDiffAccumulator(4);
    acc.push(Uint8Array.from([1, 1, 1, 1, 9, 9]));
    expect(acc.frames).toBe(1);
    expect(acc.pendingBytes).toBe(2);
    expect(acc.skipDiffs).toEqual([NaN]);
  });

  it('diffs per pixel, not per mean', () => {
    const acc = new FrameDiffAccumulator(4);
    acc.push(Uint8Array.from([0, 255, 0, 255, 255, 0, 255, 0]));
    expect(acc.frameDiffs).toEqual([0, 255]);
  });
});
